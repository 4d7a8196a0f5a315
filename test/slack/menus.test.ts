import type { Overflow, StaticSelect } from "@slack/types";
import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { INVALID_BUTTON } from "../../src/bot/messages.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

const FORM = "application/x-www-form-urlencoded";
let app: RunningSlackApp;
let eventsUrl: string;
const isElement =
  <T extends Overflow | StaticSelect>(type: T["type"]) =>
  (element: unknown): element is T =>
    typeof element === "object" && element !== null && "type" in element && element.type === type;
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** A block_actions payload as Slack sends it when someone picks an option of an overflow or select menu. */
function menuChoiceBody(
  element: "overflow" | "static_select",
  actionId: string,
  value: string,
  responseUrl: string,
) {
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
    trigger_id: "1.2.3",
    channel: { id: "C0CHANNEL", name: "papers" },
    response_url: responseUrl,
    actions: [
      {
        type: element,
        action_id: actionId,
        block_id: "b1",
        selected_option: { text: { type: "plain_text", text: "chosen" }, value },
        action_ts: "1700000001.000200",
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

async function slash(text: string, path: string) {
  const hook = captureResponseUrl(path);
  const ack = await postSigned(eventsUrl, slashCommandBody({ text, responseUrl: hook.url }), FORM);
  expect(ack.status).toBe(200);
  await waitUntil(() => expect(hook.bodies.length).toBe(1));
  const blocks = hook.bodies[0]?.blocks;
  // A card's menu sits beside its title (a section's accessory); other menus are in actions blocks.
  const list = Array.isArray(blocks) ? blocks : [];
  return {
    blocks: list.map((block: { elements?: unknown[]; accessory?: unknown }) => ({
      elements: [...(block.elements ?? []), ...(block.accessory ? [block.accessory] : [])],
    })),
  };
}

async function choose(element: "overflow" | "static_select", actionId: string, value: string, path: string) {
  const hook = captureResponseUrl(path);
  const ack = await postSigned(eventsUrl, menuChoiceBody(element, actionId, value, hook.url), FORM);
  expect(ack.status).toBe(200);
  await waitUntil(() => expect(hook.bodies.length).toBe(1));
  return hook.bodies[0];
}

beforeAll(async () => {
  blockNetwork();
  const fixture = await fixtureBot();
  app = await startSlackApp(
    httpAppOptions("xoxb-4242-4343-testbottokenvalue", { bot: fixture.bot, logger: capturedLogger().logger }),
  );
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

describe("menus", () => {
  it("runs the option picked in a card's overflow menu: More like this", async () => {
    const results = await slash("imitation game", "/menus/search");
    const menu = results.blocks
      .flatMap((block) => block.elements ?? [])
      .find(isElement<Overflow>("overflow"));
    const similar = menu?.options.find((option) => option.text.text === "More like this");
    expect(similar).toBeDefined();
    const answer = await choose("overflow", menu?.action_id ?? "", similar?.value ?? "", "/menus/similar");
    // The fixture's four papers share no topic: the answer names the paper no other is close to.
    expect(JSON.stringify(answer)).toContain("No paper is close to this one, “We ask whether machines");
  });

  it("opens a paper picked from an author's list", async () => {
    const author = await slash("author Alan Turing", "/menus/author");
    const select = author.blocks
      .flatMap((block) => block.elements ?? [])
      .find(isElement<StaticSelect>("static_select"));
    const options = select?.option_groups?.flatMap((group) => group.options) ?? select?.options ?? [];
    const [first] = options;
    expect(first).toBeDefined();
    const answer = await choose("static_select", select?.action_id ?? "", first?.value ?? "", "/menus/open");
    expect(answer).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(answer)).toContain(first?.text.text.slice(0, 20));
  });

  it("answers an option whose value is not ours with a friendly private message", async () => {
    const answer = await choose("overflow", "paper_menu", '{"a":"launch"}', "/menus/bogus");
    expect(answer).toEqual({
      text: INVALID_BUTTON,
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
  });
});
