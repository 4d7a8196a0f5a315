import nock from "nock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import type { SearchIndex } from "../../src/search/types.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { createMemoryDeliveryLedger } from "../../src/state/once.js";
import { capturedLogger } from "../helpers/logs.js";
import { servedIndex } from "../helpers/served-index.js";
import { buttonClickBody, postSigned, SIGNING_SECRET, slashCommandBody } from "../helpers/signed-request.js";
import { TEST_HTTP_LIMITS } from "../helpers/slack-app.js";
import { blockNetwork, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

// `/paper who` and More like this over the seeds, paged with Show more through the real Bolt app, read as the user
// reads them.

const FORM = "application/x-www-form-urlencoded";

interface Element {
  type: string;
  text?: { text: string };
  value?: string;
  action_id?: string;
}
interface Block {
  type: string;
  text?: { text: string };
  elements?: Element[];
  accessory?: Element;
}
interface Message {
  text: string;
  blocks: Block[];
  replace_original?: boolean;
}

interface Page {
  header: string;
  /** Each numbered line: its number and the people it names, in order. */
  lines: { rank: number; names: string[] }[];
  /** The ids of the cards, in order. */
  ids: string[];
  more?: { value: string; actionId: string };
  message: Message;
}

function pageOf(message: Message, moreLabel: string): Page {
  const [head, ...rest] = message.blocks;
  const lines = rest.flatMap((block) => {
    const found = block.type === "section" ? /^(\d+)\. \*([^*]+)\*/m.exec(block.text?.text ?? "") : null;
    return found ? [{ rank: Number(found[1]), names: (found[2] ?? "").split(", ") }] : [];
  });
  const button = rest
    .flatMap((block) => block.elements ?? [])
    .find((element) => element.type === "button" && element.text?.text === moreLabel);
  // Each card's Share button carries its paper's id (beside the snippet in a list).
  const ids = rest.flatMap((block) =>
    [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])].flatMap((element) =>
      element.text?.text === "Share in channel" && element.value
        ? [JSON.parse(element.value).id as string]
        : [],
    ),
  );
  return {
    header: head?.text?.text ?? "",
    lines,
    ids,
    ...(button?.value && button.action_id
      ? { more: { value: button.value, actionId: button.action_id } }
      : {}),
    message,
  };
}

let app: RunningSlackApp;
let eventsUrl: string;
let index: SearchIndex;
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

const MORE_PEOPLE = "Show more people";

async function slash(text: string, path: string, moreLabel = MORE_PEOPLE): Promise<Page> {
  const hook = captureResponseUrl(path);
  const ack = await postSigned(eventsUrl, slashCommandBody({ text, responseUrl: hook.url }), FORM);
  expect(ack.status).toBe(200);
  await waitUntil(() => expect(hook.bodies).toHaveLength(1));
  return pageOf(hook.bodies[0] as unknown as Message, moreLabel);
}

async function pressShowMore(
  more: { value: string; actionId: string },
  path: string,
  moreLabel = MORE_PEOPLE,
  clickedIn: { ephemeral?: boolean; channelId?: string } = {},
): Promise<Page> {
  const hook = captureResponseUrl(path);
  const body = buttonClickBody({
    value: more.value,
    actionId: more.actionId,
    responseUrl: hook.url,
    ...clickedIn,
  });
  const ack = await postSigned(eventsUrl, body, FORM);
  expect(ack.status).toBe(200);
  await waitUntil(() => expect(hook.bodies).toHaveLength(1));
  return pageOf(hook.bodies[0] as unknown as Message, moreLabel);
}

/** Everyone behind a topic in the index's rank order, the group (people with a file of their own) first. */
async function groupFirst(topic: string): Promise<string[]> {
  const everyone = (await index.who(topic, { limit: 1000 })).people;
  return [...everyone.filter((p) => p.profiled), ...everyone.filter((p) => !p.profiled)].map((p) => p.name);
}

/** Every page of `who <topic>`: the first from the slash command, each next one from its Show more button. */
async function everyPage(topic: string): Promise<Page[]> {
  const slug = topic.replace(/\W+/g, "-");
  const pages = [await slash(`who ${topic}`, `/who/${slug}`)];
  for (let last = pages[0]; last?.more !== undefined; last = pages[pages.length - 1]) {
    expect(pages.length, "a Show more that never ends").toBeLessThan(20);
    pages.push(await pressShowMore(last.more, `/who/${slug}/${pages.length}`));
  }
  return pages;
}

beforeAll(async () => {
  blockNetwork();
  index = await servedIndex("seeds");
  const bot: BotDeps = {
    index: () => index,
    random: () => 0.25,
    now: () => new Date("2025-01-06T09:00:00Z"),
    defaultTimeZone: "UTC",
  };
  app = await startSlackApp({
    mode: {
      kind: "http",
      botToken: "xoxb-4242-4343-testbottokenvalue",
      signingSecret: SIGNING_SECRET,
      port: 0,
      limits: TEST_HTTP_LIMITS,
    },
    bot,
    adminUsers: [],
    ledger: createMemoryDeliveryLedger(Date.now, 60_000),
    logger: capturedLogger().logger,
    corpusLoaded: () => true,
    retries: 0,
    identity: { botId: "B0BOT", botUserId: "U0BOT" },
    listen: { port: 0, host: "127.0.0.1" },
  });
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterAll(async () => {
  nock.cleanAll();
  await app.stop();
  resetNock();
});

describe("Show more on a list others see", () => {
  it("answers the clicker with a message of their own, leaving a channel's list as it was; in a DM it pages in place", async () => {
    const first = await slash("who reward models", "/seen/1");
    expect(first.more).toBeDefined();
    const more = first.more ?? { value: "", actionId: "" };
    // The list as a mention's answer in a channel: a message everyone there sees.
    const inChannel = await pressShowMore(more, "/seen/2", MORE_PEOPLE, { ephemeral: false });
    expect(inChannel.message.replace_original).toBe(false);
    expect(inChannel.lines.length).toBeGreaterThan(0);
    const inDm = await pressShowMore(more, "/seen/3", MORE_PEOPLE, {
      ephemeral: false,
      channelId: "D0ASKER",
    });
    expect(inDm.message.replace_original).toBe(true);
    const ephemeral = await pressShowMore(more, "/seen/4");
    expect(ephemeral.message.replace_original).toBe(true);
  });
});

describe("/paper who, page by page", () => {
  it("shows everyone behind safety on one page, the group first, SafeAligner's other co-authors on one line after it", async () => {
    const pages = await everyPage("safety");
    expect(pages).toHaveLength(1);
    const [page] = pages;
    const names = page?.lines.flatMap((line) => line.names) ?? [];
    expect(names).toEqual(await groupFirst("safety"));
    expect(page?.lines.find((line) => line.names.includes("Enyu Zhou"))?.names).toEqual(["Enyu Zhou"]);
    expect(page?.lines.find((line) => line.names.includes("Caishuang Huang"))?.names).toContain("Wanxu Zhao");
    expect(page?.message.blocks.some((block) => block.text?.text?.startsWith("*Outside the group"))).toBe(
      true,
    );
    expect(page?.header).toBe("*People behind “safety”*");
    expect(page?.more).toBeUndefined();
  });

  it.each(["reward models", "agents", "models"])(
    "pages %s five lines at a time, each person once, in rank order, the last page without Show more",
    async (topic) => {
      const pages = await everyPage(topic);
      expect(pages.length).toBeGreaterThan(1);
      const lines = pages.flatMap((page) => page.lines);
      expect(lines.map((line) => line.rank)).toEqual(lines.map((_, i) => i + 1));
      for (const [i, page] of pages.entries()) {
        const last = i === pages.length - 1;
        if (!last) expect(page.lines).toHaveLength(5);
        expect(page.lines.length).toBeGreaterThan(0);
        const first = page.lines[0]?.rank ?? 0;
        expect(page.header).toContain(`· ${first}–${first + page.lines.length - 1} of ${lines.length}`);
        expect(page.message.replace_original).toBe(i > 0);
        for (const name of page.lines.flatMap((line) => line.names))
          expect(page.message.text).toContain(name);
        expect(page.message.blocks.length).toBeLessThanOrEqual(50);
        expect(page.more === undefined).toBe(last);
      }
      const shown = lines.flatMap((line) => line.names);
      expect(new Set(shown).size).toBe(shown.length);
      expect(shown).toEqual(await groupFirst(topic));
    },
  );
});

describe("More like this, page by page", () => {
  it("pages papers like one five at a time (those over the similarity floor, at most twenty), each once, never the paper itself", async () => {
    const [paper] = (await index.search("PPO-max", { limit: 1 })).hits;
    const id = paper?.paper.id ?? "";
    const pages = [await slash(`similar ${id}`, "/similar", "Show more")];
    for (let last = pages[0]; last?.more !== undefined; last = pages[pages.length - 1]) {
      expect(pages.length, "a Show more that never ends").toBeLessThan(10);
      pages.push(await pressShowMore(last.more, `/similar/${pages.length}`, "Show more"));
    }
    expect(pages.length).toBeGreaterThan(1);
    for (const [i, page] of pages.entries()) {
      if (i < pages.length - 1) expect(page.ids).toHaveLength(5);
      expect(page.header).toContain(`· ${5 * i + 1}–${5 * i + page.ids.length}`);
      expect(page.message.replace_original).toBe(i > 0);
    }
    const shown = pages.flatMap((page) => page.ids);
    expect(shown.length).toBeLessThanOrEqual(20);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown).not.toContain(id);
    expect(shown).toEqual(((await index.similar(id, { limit: 20 })) ?? []).map((hit) => hit.paper.id));
  });
});
