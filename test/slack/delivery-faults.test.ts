import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import { MESSAGES_SHARE, MESSAGES_UNDELIVERED } from "../../src/bot/messages.js";
import { createMetrics, type Metrics } from "../../src/ops/metrics.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { paperWith } from "../helpers/papers.js";
import { buttonClickBody, eventBody, postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";

/*
 * Slack's Web API and response_urls are a loopback server that keeps every message it accepts, so each
 * case counts what the user would see: exactly one answer, whatever failed on the way.
 */

const TIMEOUT_MS = 600;
let slack: FakeSlackApi;
let app: RunningSlackApp;
let metrics: Metrics;
let eventsUrl: string;
let sharedPaperId: string;
const logs = capturedLogger();
const waitUntil = (check: () => void, timeout = 8000) => vi.waitFor(check, { timeout, interval: 20 });
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  slack = await startFakeSlackApi();
  const { bot, index } = await fixtureBot();
  sharedPaperId = paperWith(index, "RLHF").id;
  metrics = createMetrics({ processMetrics: false });
  app = await startSlackApp(
    httpAppOptions("xoxb-5-6-faultsbot", {
      bot,
      logger: logs.logger,
      slackApiUrl: slack.apiUrl,
      slackTimeoutMs: TIMEOUT_MS,
      metrics,
      delivery: { backoffMs: () => 100 },
    }),
  );
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterAll(async () => {
  await app.stop();
  await slack.close();
});

let nextTs = 1700001000;
/** A fresh mention in its own channel, so each case counts only its own messages. */
function freshMention() {
  nextTs += 1;
  const channel = `C0FAULT${nextTs}`;
  const ts = `${nextTs}.000100`;
  return {
    channel,
    ts,
    event: { type: "app_mention", user: "U0ASKER", text: "<@U0BOT> RLHF", ts, event_ts: ts, channel },
  };
}

async function sendEvent(event: Record<string, unknown>, eventId: string | undefined, retryNum = 0) {
  const headers: Record<string, string> =
    retryNum === 0 ? {} : { "x-slack-retry-num": String(retryNum), "x-slack-retry-reason": "http_timeout" };
  const ack = await postSigned(eventsUrl, eventBody({ eventId, event }), "application/json", { headers });
  expect(ack.status).toBe(200);
}

const stored = (channel: string) => slack.messages.filter((m) => m.channel === channel);
const posts = (channel: string) =>
  slack.callsOf("chat.postMessage").filter((c) => c.args.channel === channel);
const lookups = (channel: string) =>
  slack.calls.filter((c) => c.method.startsWith("conversations.") && c.args.channel === channel);

describe("a mention whose answer meets a failing chat.postMessage", () => {
  it("500 with nothing stored: looks in the thread, finds nothing, posts again: one answer", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { status: 500 });
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1));
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(stored(m.channel)[0]).toMatchObject({ thread_ts: m.ts });
    expect(posts(m.channel)).toHaveLength(2);
    expect(lookups(m.channel).map((c) => c.method)).toEqual(["conversations.replies"]);
  });

  it("500 after Slack stored it: finds it in the thread and does not post again: one answer", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { status: 500, store: true });
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(lookups(m.channel)).toHaveLength(1));
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(posts(m.channel)).toHaveLength(1);
    expect(stored(m.channel)[0]?.metadata).toEqual({
      event_type: "paperbot_answer",
      event_payload: { key: `answer:${m.channel}:${m.ts}` },
    });
  });

  it("429 with Retry-After: waits that long and posts again without looking: one answer", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { rateLimited: 1 });
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1), 5000);
    const [first, second] = posts(m.channel);
    expect(posts(m.channel)).toHaveLength(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(lookups(m.channel)).toEqual([]);
  });

  it("a refused connection: nothing left the process, so it posts again once Slack is back: one answer", async () => {
    const m = freshMention();
    await slack.down();
    const refusedBefore = await errorCount("chat.postMessage", "ECONNREFUSED");
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(async () =>
      expect(await errorCount("chat.postMessage", "ECONNREFUSED")).toBeGreaterThan(refusedBefore),
    );
    await slack.up();
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1));
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(lookups(m.channel)).toEqual([]);
  });

  it("a hang after Slack stored it: gives up after the timeout, finds it, does not post again: one answer", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { hang: true, store: true });
    const started = Date.now();
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(lookups(m.channel)).toHaveLength(1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS);
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(posts(m.channel)).toHaveLength(1);
    expect(await errorCount("chat.postMessage", "timeout")).toBeGreaterThanOrEqual(1);
  });

  it("a hang with nothing stored, while Slack retries the event: the retry is dropped, the answer arrives once", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { hang: true });
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(posts(m.channel)).toHaveLength(1));
    await sendEvent(m.event, `Ev${m.ts}`, 1); // Slack's retry arrives mid-answer: busy
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1));
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(posts(m.channel)).toHaveLength(2);
  });
});

async function errorCount(method: string, code: string): Promise<number> {
  const text = await metrics.registry.metrics();
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`paperbot_slack_api_errors_total{method="${method}",code="${code}"}`));
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

describe("Slack's retries of an event", () => {
  it("answer a retry of an event whose answer Slack refused, and drop a retry of an answered one", async () => {
    const m = freshMention();
    slack.fail("chat.postMessage", { error: "not_in_channel" });
    await sendEvent(m.event, `Ev${m.ts}`);
    await waitUntil(() => expect(posts(m.channel)).toHaveLength(1));
    await settle(200);
    expect(stored(m.channel)).toHaveLength(0);
    // Someone invites the bot; Slack retries the event, which was never answered.
    await sendEvent(m.event, `Ev${m.ts}`, 1);
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1));
    // A retry of an answered event is dropped.
    await sendEvent(m.event, `Ev${m.ts}`, 2);
    await settle(300);
    expect(stored(m.channel)).toHaveLength(1);
    expect(posts(m.channel)).toHaveLength(2);
    // The first retry looked in the thread before posting, in case an earlier holder had posted.
    expect(lookups(m.channel)).toHaveLength(1);
  });

  it("answer every event that comes without an event_id, each once", async () => {
    const a = freshMention();
    const b = freshMention();
    await sendEvent(a.event, undefined);
    await sendEvent(b.event, undefined);
    await sendEvent(a.event, undefined, 1);
    await waitUntil(() => {
      expect(stored(a.channel)).toHaveLength(1);
      expect(stored(b.channel)).toHaveLength(1);
    });
    await settle(300);
    expect(stored(a.channel)).toHaveLength(1);
  });
});

describe("response_url answers (slash commands)", () => {
  async function slash(path: string) {
    const body = slashCommandBody({ text: "RLHF", responseUrl: slack.responseUrl(path) });
    expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
  }

  it("a 429 is retried after Retry-After: one answer", async () => {
    slack.fail("/commands/rate-limited", { rateLimited: 1 });
    await slash("/commands/rate-limited");
    await waitUntil(() => expect(slack.responses("/commands/rate-limited")).toHaveLength(1), 5000);
    expect(slack.callsOf("/commands/rate-limited")).toHaveLength(2);
  });

  it("an answer Slack refused gets a note asking again, tried once", async () => {
    slack.fail("/commands/refused", { status: 404 });
    await slash("/commands/refused");
    await waitUntil(() => expect(slack.responses("/commands/refused")).toHaveLength(1));
    expect(slack.responses("/commands/refused")[0]).toMatchObject({ text: MESSAGES_UNDELIVERED.failed });
    expect(slack.callsOf("/commands/refused")).toHaveLength(2);
  });
});

describe("a button on a card older than its response_url (expired after 30 minutes)", () => {
  it("answers the clicker with an ephemeral message where they clicked", async () => {
    const path = "/actions/expired";
    slack.outage(path, { status: 404 });
    try {
      const value = encodeAction({ a: "full", id: sharedPaperId });
      const body = buttonClickBody({ value, responseUrl: slack.responseUrl(path), channelId: "C0EXPIRED" });
      expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
      await waitUntil(() => expect(slack.callsOf("chat.postEphemeral")).toHaveLength(1));
      const [told] = slack.callsOf("chat.postEphemeral");
      expect(told?.args).toMatchObject({ channel: "C0EXPIRED", user: "U0ASKER" });
      expect(JSON.stringify(told?.args.blocks)).toContain(sharedPaperId);
      expect(told?.args).not.toHaveProperty("replace_original");
    } finally {
      slack.outage(path);
    }
  });
});

describe("sharing a card", () => {
  const share = () => encodeAction({ a: "share", id: sharedPaperId });
  async function click(path: string, messageTs: string) {
    const body = buttonClickBody({ value: share(), responseUrl: slack.responseUrl(path), messageTs });
    expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
  }
  const inChannel = (path: string) => slack.responses(path).filter((b) => b.response_type === "in_channel");

  it("shares once on a double click", async () => {
    await Promise.all([
      click("/actions/double", "1700002000.000100"),
      click("/actions/double", "1700002000.000100"),
    ]);
    await waitUntil(() => expect(inChannel("/actions/double")).toHaveLength(1));
    await settle(300);
    expect(slack.responses("/actions/double")).toHaveLength(1);
  });

  it("a share Slack did not confirm says so privately, and clicking again shares it: one share", async () => {
    slack.fail("/actions/unconfirmed", { status: 503 });
    await click("/actions/unconfirmed", "1700002100.000100");
    await waitUntil(() => expect(slack.responses("/actions/unconfirmed")).toHaveLength(1));
    expect(slack.responses("/actions/unconfirmed")[0]).toMatchObject({
      text: MESSAGES_SHARE.unconfirmed,
      response_type: "ephemeral",
    });
    await click("/actions/unconfirmed", "1700002100.000100");
    await waitUntil(() => expect(inChannel("/actions/unconfirmed")).toHaveLength(1));
    await click("/actions/unconfirmed", "1700002100.000100");
    await settle(300);
    expect(inChannel("/actions/unconfirmed")).toHaveLength(1);
  });

  it("a share Slack refused says so, and clicking again shares it", async () => {
    slack.fail("/actions/refused", { status: 404 });
    await click("/actions/refused", "1700002200.000100");
    await waitUntil(() => expect(slack.responses("/actions/refused")).toHaveLength(1));
    expect(slack.responses("/actions/refused")[0]).toMatchObject({ text: MESSAGES_SHARE.failed });
    await click("/actions/refused", "1700002200.000100");
    await waitUntil(() => expect(inChannel("/actions/refused")).toHaveLength(1));
  });
});

describe("metrics after the faults", () => {
  it("count Slack API errors by method and code, and requests by kind and outcome", async () => {
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/paperbot_slack_api_errors_total\{method="chat.postMessage",code="http_500"\} 2/);
    expect(text).toMatch(/paperbot_slack_api_errors_total\{method="chat.postMessage",code="ratelimited"\} 1/);
    expect(text).toMatch(
      /paperbot_slack_api_errors_total\{method="chat.postMessage",code="not_in_channel"\} 1/,
    );
    expect(text).toMatch(/paperbot_requests_total\{kind="mention",outcome="failed"\} 1/);
    expect(text).toMatch(/paperbot_requests_total\{kind="mention",outcome="busy"\} [1-9]/);
    expect(text).toMatch(/paperbot_requests_total\{kind="share",outcome="duplicate"\} [1-9]/);
    expect(text).toMatch(/paperbot_answer_seconds_count\{kind="mention"\} [1-9]/);
  });
});
