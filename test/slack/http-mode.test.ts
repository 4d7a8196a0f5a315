import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import { INVALID_BUTTON } from "../../src/bot/messages.js";
import type { Paper } from "../../src/corpus/types.js";
import type { SearchIndex } from "../../src/search/types.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { paperWith as paperWithWords } from "../helpers/papers.js";
import {
  buttonClickBody,
  eventBody,
  nowSeconds,
  postSigned,
  SIGNING_SECRET,
  slashCommandBody,
} from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, capturePosts, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

const BOT_TOKEN = "xoxb-4242-4343-testbottokenvalue";
const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

let app: RunningSlackApp;
let eventsUrl: string;
let baseUrl: string;
let index: SearchIndex;
const logs = capturedLogger();

const paperWith = (words: string): Paper => {
  return paperWithWords(index, words);
};
const shown = (payload: unknown) => JSON.stringify(payload);
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

async function slash(text: string, path: string, userId = "U0ASKER") {
  const hook = captureResponseUrl(path);
  const ack = await postSigned(eventsUrl, slashCommandBody({ text, userId, responseUrl: hook.url }), FORM);
  expect(ack.status).toBe(200);
  await waitUntil(() => expect(hook.bodies.length).toBeGreaterThan(0));
  return hook.bodies;
}

async function click(
  value: string,
  responseUrl: string,
  userId = "U0ASKER",
  messageTs = "1700000000.000100",
) {
  const ack = await postSigned(eventsUrl, buttonClickBody({ value, responseUrl, userId, messageTs }), FORM);
  expect(ack.status).toBe(200);
}

async function sendEvent(
  eventId: string,
  event: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const ack = await postSigned(eventsUrl, eventBody({ eventId, event }), JSON_TYPE, { headers });
  expect(ack.status).toBe(200);
}

beforeAll(async () => {
  blockNetwork();
  const fixture = await fixtureBot();
  index = fixture.index;
  app = await startSlackApp(httpAppOptions(BOT_TOKEN, { bot: fixture.bot, logger: logs.logger }));
  baseUrl = `http://127.0.0.1:${app.port}`;
  eventsUrl = `${baseUrl}/slack/events`;
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

describe("request signing", () => {
  it("refuses a forged signature with 401 and answers nothing", async () => {
    const hook = captureResponseUrl("/commands/forged");
    const body = slashCommandBody({ text: "RLHF", responseUrl: hook.url });
    const response = await postSigned(eventsUrl, body, FORM, { signature: `v0=${"0".repeat(64)}` });
    expect(response.status).toBe(401);
    const wrongSecret = await postSigned(eventsUrl, body, FORM, { secret: "someone-elses-secret" });
    expect(wrongSecret.status).toBe(401);
    expect(hook.bodies).toEqual([]);
  });

  it("refuses a correctly signed request with a stale timestamp (a replay) with 401", async () => {
    const hook = captureResponseUrl("/commands/stale");
    const body = slashCommandBody({ text: "RLHF", responseUrl: hook.url });
    const response = await postSigned(eventsUrl, body, FORM, { timestamp: nowSeconds() - 10 * 60 });
    expect(response.status).toBe(401);
    expect(hook.bodies).toEqual([]);
  });
});

describe("/paper", () => {
  it("searches and answers privately with cards whose links do not unfurl", async () => {
    const [reply, ...more] = await slash("RLHF", "/commands/search");
    expect(more).toEqual([]);
    expect(reply).toMatchObject({
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(Array.isArray(reply?.blocks)).toBe(true);
    expect(shown(reply)).toContain(paperWith("RLHF").headline.slice(0, 25));
    expect(shown(reply)).not.toContain(paperWith("imitation game").headline.slice(0, 25));
  });

  it("shows an author's papers", async () => {
    const [reply] = await slash("author Alan Turing", "/commands/author");
    expect(shown(reply)).toContain("Alan Turing");
    expect(shown(reply)).toContain(paperWith("imitation game").headline.slice(0, 25));
    expect(shown(reply)).toContain(paperWith("Morphogenesis").headline.slice(0, 25));
  });

  it("finds who has worked on a topic", async () => {
    const [reply] = await slash("who reward models", "/commands/who");
    expect(reply?.response_type).toBe("ephemeral");
    expect(shown(reply)).toContain("Ada Lovelace");
  });

  it("opens one paper by its id", async () => {
    const paper = paperWith("punched cards");
    const [reply] = await slash(`id ${paper.id}`, "/commands/id");
    expect(shown(reply)).toContain(paper.headline.slice(0, 25));
    expect(shown(reply)).not.toContain(paperWith("RLHF").headline.slice(0, 25));
  });

  it("explains the commands on help", async () => {
    const [reply] = await slash("help", "/commands/help");
    expect(shown(reply)).toContain("/paper who");
    expect(shown(reply)).toContain("/paper author");
  });
});

describe("buttons", () => {
  it("shares a card in the channel once, credited to the sharer, despite a double click", async () => {
    const paper = paperWith("RLHF");
    const hook = captureResponseUrl("/actions/share");
    const share = encodeAction({ a: "share", id: paper.id });
    await click(share, hook.url);
    await click(share, hook.url);
    // Someone else sharing the same card is a new share: it also marks when the duplicate would have arrived.
    await click(share, hook.url, "U0OTHER");
    await waitUntil(() => expect(hook.bodies.length).toBeGreaterThanOrEqual(2));
    expect(hook.bodies).toHaveLength(2);
    const [first, second] = hook.bodies;
    expect(first).toMatchObject({
      response_type: "in_channel",
      replace_original: false,
      unfurl_links: false,
    });
    expect(shown(first)).toContain(paper.headline.slice(0, 25));
    expect(shown(first)).toContain("U0ASKER");
    expect(shown(second)).toContain("U0OTHER");
  });

  it("answers a button whose value is not ours with a friendly private message", async () => {
    const hook = captureResponseUrl("/actions/bogus");
    await click('{"a":"launch","id":"x"}', hook.url);
    await waitUntil(() => expect(hook.bodies).toHaveLength(1));
    expect(hook.bodies[0]).toEqual({
      text: INVALID_BUTTON,
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
  });
});

describe("mentions and direct messages", () => {
  const mention = (ts: string, text: string) => ({
    type: "app_mention",
    user: "U0ASKER",
    text,
    ts,
    event_ts: ts,
    channel: "C0CHANNEL",
  });

  it("answers a mention in its thread once, even when Slack retries the event", async () => {
    const posts = capturePosts();
    await sendEvent("Ev0001", mention("1700000100.000100", "<@U0BOT> who has worked on reward models?"));
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    await sendEvent("Ev0001", mention("1700000100.000100", "<@U0BOT> who has worked on reward models?"), {
      "x-slack-retry-num": "1",
      "x-slack-retry-reason": "http_timeout",
    });
    await sendEvent("Ev0002", mention("1700000200.000100", "<@U0BOT> help"));
    await waitUntil(() => expect(posts.calls.length).toBeGreaterThanOrEqual(2));
    expect(posts.calls).toHaveLength(2);
    expect(posts.calls[0]).toMatchObject({
      channel: "C0CHANNEL",
      thread_ts: "1700000100.000100",
      unfurl_links: "false",
      unfurl_media: "false",
    });
    expect(shown(posts.calls[0])).toContain("Ada Lovelace");
    expect(posts.calls[1]).toMatchObject({ thread_ts: "1700000200.000100" });
  });

  it("answers a direct message in the conversation and ignores bots, edits and its own messages", async () => {
    const posts = capturePosts();
    const dm = (extra: Record<string, unknown>) => ({
      type: "message",
      channel_type: "im",
      channel: "D0DIRECT",
      user: "U0ASKER",
      text: "RLHF",
      ts: "1700000300.000100",
      ...extra,
    });
    await sendEvent("Ev0101", dm({ user: "U0BOT", bot_id: "B0BOT", text: "my own answer" }));
    await sendEvent("Ev0102", dm({ bot_id: "B0OTHER", subtype: "bot_message", text: "another bot" }));
    await sendEvent("Ev0103", dm({ subtype: "message_changed", text: undefined }));
    await sendEvent("Ev0104", dm({}));
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    expect(posts.calls[0]).toMatchObject({ channel: "D0DIRECT" });
    expect(posts.calls[0]).not.toHaveProperty("thread_ts");
    expect(shown(posts.calls[0])).toContain(paperWith("RLHF").headline.slice(0, 25));
  });
});

describe("logs", () => {
  it("never contain the bot token or the signing secret", () => {
    const all = logs.lines.join("");
    expect(all.length).toBeGreaterThan(0);
    expect(all).not.toContain(BOT_TOKEN);
    expect(all).not.toContain(SIGNING_SECRET);
  });
});
