import { readFileSync } from "node:fs";
import type { Overflow } from "@slack/types";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { capturedLogger } from "../helpers/logs.js";
import { servedIndex } from "../helpers/served-index.js";
import { postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, captureApi, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

// Copy BibTeX in a card's ⋯ menu, through the real Bolt app over the library fixtures: a signed block_actions
// payload in, Slack's Web API and response_urls faked by nock.

const LIBRARY = "test/fixtures/corpus/library";
const FORM = "application/x-www-form-urlencoded";
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
let app: RunningSlackApp;
let eventsUrl: string;
let logs: ReturnType<typeof capturedLogger>;
let rmbId = "";

/** What Slack sends when someone picks an option of a card's overflow menu. */
function menuChoiceBody(actionId: string, value: string, responseUrl: string) {
  const payload = {
    type: "block_actions",
    team: { id: "T0TEST", domain: "test" },
    user: { id: "U0ASKER", username: "asker", team_id: "T0TEST" },
    api_app_id: "A0PAPERBOT",
    token: "verification-token-unused",
    container: {
      type: "message",
      message_ts: "1700000000.000100",
      channel_id: "C0CHANNEL",
      is_ephemeral: true,
    },
    trigger_id: "1337.42.bibtex",
    channel: { id: "C0CHANNEL", name: "papers" },
    response_url: responseUrl,
    actions: [
      {
        type: "overflow",
        action_id: actionId,
        block_id: "b1",
        selected_option: { text: { type: "plain_text", text: "Copy BibTeX" }, value },
        action_ts: "1700000001.000200",
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

/** `/paper <text>` and the Copy BibTeX option of the card whose title starts with `title`. */
async function copyBibtexOption(text: string, title: string, path: string) {
  const hook = captureResponseUrl(path);
  await postSigned(eventsUrl, slashCommandBody({ text, responseUrl: hook.url }), FORM);
  await waitUntil(() => expect(hook.bodies.length).toBe(1));
  const blocks = (hook.bodies[0]?.blocks ?? []) as { text?: { text: string }; accessory?: Overflow }[];
  const card = blocks.find((block) => block.text?.text.includes(title));
  const option = card?.accessory?.options.find((o) => o.text.text === "Copy BibTeX");
  expect(option, `Copy BibTeX on ${title}`).toBeDefined();
  return { actionId: card?.accessory?.action_id ?? "", value: option?.value ?? "" };
}

async function choose(option: { actionId: string; value: string }, path: string) {
  const hook = captureResponseUrl(path);
  const ack = await postSigned(eventsUrl, menuChoiceBody(option.actionId, option.value, hook.url), FORM);
  expect(ack.status).toBe(200);
  return hook;
}

/** The preformatted text of a modal's or message's rich text blocks. */
const entryOf = (blocks: unknown) =>
  ((blocks ?? []) as { type: string; elements?: { elements?: { text?: string }[] }[] }[])
    .filter((block) => block.type === "rich_text")
    .flatMap((block) => block.elements ?? [])
    .flatMap((element) => element.elements ?? [])
    .map((part) => part.text ?? "")
    .join("");

beforeAll(async () => {
  blockNetwork();
  const index = await servedIndex(LIBRARY);
  rmbId =
    (await index.search("comprehensively benchmarking reward models", { limit: 1 })).hits[0]?.paper.id ?? "";
  const bot: BotDeps = {
    index: () => index,
    random: () => 0.25,
    now: () => new Date("2026-12-05T09:00:00Z"),
    defaultTimeZone: "UTC",
  };
  logs = capturedLogger();
  app = await startSlackApp(httpAppOptions("xoxb-4242-4343-testbottokenvalue", { bot, logger: logs.logger }));
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

describe("Copy BibTeX", () => {
  it("opens a form with the entry as the Zotero export wrote it, on the click's trigger_id", async () => {
    const opened = captureApi("views.open", { ok: true, view: { id: "V0BIB" } });
    const option = await copyBibtexOption("AgentGym evolving", "AgentGym: Evolving", "/bib/search");
    const hook = await choose(option, "/bib/choose");
    await waitUntil(() => expect(opened.calls).toHaveLength(1));
    const call = opened.calls[0] ?? {};
    expect(call.trigger_id).toBe("1337.42.bibtex");
    const view = JSON.parse(String(call.view)) as { type: string; title: { text: string }; blocks: unknown };
    expect(view).toMatchObject({ type: "modal", title: { text: "BibTeX" } });
    const bib = readFileSync(`${LIBRARY}/zotero-bbt.bib`, "utf8");
    const start = bib.indexOf("@article{xiAgentGymEvolvingLarge2024,");
    const source = bib.slice(start, bib.indexOf("\n}\n", start) + 2);
    // As read (the loader reads every file's tabs as spaces), less the path to a member's own PDF.
    const withoutFile = source.replace(/\n\tfile = \{[^\n]*\},/, "");
    expect(withoutFile).not.toBe(source);
    expect(entryOf(view.blocks)).toBe(withoutFile.replaceAll("\t", " "));
    expect(entryOf(view.blocks)).not.toContain("/home/ann");
    expect(JSON.stringify(view.blocks)).toContain("As it is in `zotero-bbt.bib`.");
    // Nothing is posted in the conversation when the form opens.
    expect(hook.bodies).toEqual([]);
  });

  it("makes an entry from a CSL-JSON paper's fields, and says so", async () => {
    const opened = captureApi("views.open", { ok: true, view: { id: "V0BIB2" } });
    const option = await copyBibtexOption("agents remember memory", "Agents with memory", "/bib/search2");
    await choose(option, "/bib/choose2");
    await waitUntil(() => expect(opened.calls).toHaveLength(1));
    const view = JSON.parse(String(opened.calls[0]?.view)) as { blocks: unknown };
    expect(entryOf(view.blocks)).toBe(
      [
        "@inproceedings{lopez2024,",
        "  author = {María López and The Agent Consortium},",
        "  title = {{Agents with memory: a study}},",
        "  booktitle = {NeurIPS},",
        "  year = {2024},",
        "}",
      ].join("\n"),
    );
    expect(JSON.stringify(view.blocks)).toContain("Made from the paper's fields");
  });

  it("shows the entry privately in the conversation when the form cannot open, never unfurled", async () => {
    captureApi("views.open", { ok: false, error: "expired_trigger_id" });
    const option = await copyBibtexOption("AgentGym evolving", "AgentGym: Evolving", "/bib/search3");
    const hook = await choose(option, "/bib/choose3");
    await waitUntil(() => expect(hook.bodies).toHaveLength(1));
    const [reply] = hook.bodies;
    expect(reply).toMatchObject({ response_type: "ephemeral", unfurl_links: false, unfurl_media: false });
    expect(entryOf(reply?.blocks)).toContain("@article{xiAgentGymEvolvingLarge2024,");
    expect(logs.entries.map((entry) => entry.msg)).toContain(
      "could not open the BibTeX form; answering in the conversation",
    );
  });
});

describe("/paper bib", () => {
  /** The private answer to `/paper <text>`. */
  async function typed(text: string, path: string) {
    const hook = captureResponseUrl(path);
    await postSigned(eventsUrl, slashCommandBody({ text, responseUrl: hook.url }), FORM);
    await waitUntil(() => expect(hook.bodies.length).toBe(1));
    return hook.bodies[0] ?? {};
  }

  it("shows a paper's entry as a code block, by its id or by words, the same as Copy BibTeX", async () => {
    const bib = readFileSync(`${LIBRARY}/scholar.bib`, "utf8");
    for (const [text, path] of [
      [`bib ${rmbId}`, "/typed/id"],
      ["bib comprehensively benchmarking reward models", "/typed/words"],
    ] as const) {
      const reply = await typed(text, path);
      expect(reply).toMatchObject({
        response_type: "ephemeral",
        text: expect.stringContaining("BibTeX for RMB"),
      });
      expect(entryOf(reply.blocks)).toContain(
        bib.slice(bib.indexOf("@inproceedings{zhou2024rmb,"), bib.indexOf("@inproceedings{child2022")).trim(),
      );
      expect(JSON.stringify(reply.blocks)).toContain("As it is in `scholar.bib`.");
      const blocks = (reply.blocks ?? []) as unknown[];
      expect(blocks.length).toBeLessThanOrEqual(50);
      for (const block of blocks) expect(JSON.stringify(block).length).toBeLessThan(3500);
    }
  });

  it("takes one word shaped like an id that no paper has as the paper it names", async () => {
    const reply = await typed("bib AgentGym", "/typed/name");
    expect(reply.text).toContain("BibTeX for AgentGym");
    expect(entryOf(reply.blocks)).toContain("2406.04151");
  });

  it("asks which paper when none is given, and says so when no paper matches", async () => {
    expect((await typed("bib", "/typed/none")).text).toContain("Which paper?");
    expect((await typed("bib qqqqzzzz7", "/typed/nothing")).text).not.toContain("BibTeX for");
    expect(JSON.stringify((await typed("help share", "/typed/help")).blocks)).toContain(
      "/paper bib &lt;id or words&gt;",
    );
  });
});
