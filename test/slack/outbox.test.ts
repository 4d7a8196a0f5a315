import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { createMetrics } from "../../src/ops/metrics.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { createMemoryDeliveryLedger, type DeliveryLedger } from "../../src/state/once.js";
import { createMemoryOutbox, type Outbox } from "../../src/state/outbox.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { paperWith } from "../helpers/papers.js";
import { buttonClickBody, eventBody, postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { freshStates, storeKinds, type TestState } from "../helpers/stores.js";

/*
 * Answers through a Slack outage: the real Bolt app, signed requests, a loopback Slack that keeps what it
 * accepts. The bots' clock is the test's (`time`), and outbox passes run when a test drains them, so an
 * outage of minutes takes milliseconds and nothing depends on how busy the machine is.
 */

const minute = 60_000;
let time = Date.now();
const clock = () => time;
let slack: FakeSlackApi;
let bot: BotDeps;
let sharedPaperId: string;
const running: RunningSlackApp[] = [];
const waitUntil = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 8000, interval: 20 });

beforeAll(async () => {
  slack = await startFakeSlackApi();
  const fixture = await fixtureBot();
  bot = fixture.bot;
  sharedPaperId = paperWith(fixture.index, "RLHF").id;
});

afterEach(async () => {
  for (const app of running.splice(0)) await app.stop();
  slack.outage("chat.postMessage");
});

afterAll(() => slack.close());

/** A bot process: its own metrics and logs, the given ledger and outbox, outbox passes only when drained. */
async function startBot(state: { ledger: DeliveryLedger; outbox: Outbox }, deps: BotDeps = bot) {
  const logs = capturedLogger();
  const metrics = createMetrics({ processMetrics: false });
  const app = await startSlackApp(
    httpAppOptions("xoxb-7-8-outboxbot", {
      bot: deps,
      logger: logs.logger,
      slackApiUrl: slack.apiUrl,
      slackTimeoutMs: 600,
      metrics,
      ...state,
      delivery: { now: clock, outboxEveryMs: 3_600_000 },
    }),
  );
  running.push(app);
  const eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
  const counted = async (via: string, outcome: string) => {
    const text = await metrics.registry.metrics();
    const line = text
      .split("\n")
      .find((l) => l.startsWith(`paperbot_outbox_total{via="${via}",outcome="${outcome}"}`));
    return line === undefined ? 0 : Number(line.split(" ").at(-1));
  };
  /** `paperbot_outbox_pending`: answers waiting for Slack. */
  const pending = async () => {
    const text = await metrics.registry.metrics();
    return Number(/^paperbot_outbox_pending (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
  };
  return { app, logs, eventsUrl, counted, pending };
}

const inMemory = () => ({
  ledger: createMemoryDeliveryLedger(clock, 24 * 60 * minute),
  outbox: createMemoryOutbox(),
});

let nextTs = 1700005000;
function freshMention() {
  nextTs += 1;
  const channel = `C0OUT${nextTs}`;
  const ts = `${nextTs}.000100`;
  return {
    channel,
    ts,
    event: { type: "app_mention", user: "U0ASKER", text: "<@U0BOT> RLHF", ts, event_ts: ts, channel },
  };
}

async function mention(eventsUrl: string, event: Record<string, unknown>) {
  const ack = await postSigned(eventsUrl, eventBody({ eventId: `Ev${event.ts}`, event }), "application/json");
  expect(ack.status).toBe(200);
}

const stored = (channel: string) => slack.messages.filter((m) => m.channel === channel);
const posts = (channel: string) =>
  slack.callsOf("chat.postMessage").filter((c) => c.args.channel === channel);

/** Stops a process without draining its outbox, as a kill would. */
/** Killed: no answer in flight waited for, no outbox pass more. */
async function kill(app: RunningSlackApp) {
  running.splice(running.indexOf(app), 1);
  app.outbox.stop();
  await app.app.stop();
}

/** Moves the clock a second at a time, running one outbox pass per step, until `done` or `forMs` is over. */
async function passTime(apps: RunningSlackApp[], forMs: number, done = () => false, stepMs = 1000) {
  const end = time + forMs;
  while (time < end && !done()) {
    time += stepMs;
    await Promise.all(apps.map((app) => app.outbox.drain()));
  }
}

describe("a mention answered through a Slack outage, with no state store", () => {
  it.each([5, 10, 30])(
    "%i s of 500s from chat.postMessage: one answer once Slack is back",
    async (seconds) => {
      const { app, eventsUrl, counted, pending } = await startBot(inMemory());
      const m = freshMention();
      slack.outage("chat.postMessage", { status: 500 });
      const started = time;
      await mention(eventsUrl, m.event);
      await waitUntil(async () => expect(await counted("post", "queued")).toBe(1));
      await passTime([app], seconds * 1000);
      expect(stored(m.channel)).toEqual([]);
      expect(await pending()).toBe(1);
      slack.outage("chat.postMessage");
      await passTime([app], 2 * minute, () => stored(m.channel).length > 0);
      expect(stored(m.channel)).toHaveLength(1);
      expect(stored(m.channel)[0]).toMatchObject({ thread_ts: m.ts });
      // Back-off doubles from 1 s: the answer lands within twice the outage of its start, and a minute at most.
      expect(time - started).toBeLessThanOrEqual(
        Math.min(2 * seconds * 1000 + 1000, seconds * 1000 + minute),
      );
      await passTime([app], 20 * minute, () => false, minute);
      expect(stored(m.channel)).toHaveLength(1);
      expect(await counted("post", "delivered")).toBe(1);
      expect(await pending()).toBe(0);
    },
  );

  it("a 429 waits out its Retry-After, then posts without looking in the thread: one answer", async () => {
    const { app, eventsUrl, counted } = await startBot(inMemory());
    const m = freshMention();
    slack.fail("chat.postMessage", { rateLimited: 7 });
    await mention(eventsUrl, m.event);
    await waitUntil(() => expect(posts(m.channel)).toHaveLength(1));
    // Queued at this time: on a busy machine the 429 can reach the bot after the post was seen here.
    await waitUntil(async () => expect(await counted("post", "queued")).toBe(1));
    const asked = time;
    await passTime([app], 6000);
    expect(posts(m.channel)).toHaveLength(1);
    await passTime([app], 2000, () => stored(m.channel).length > 0);
    expect(time - asked).toBe(7000);
    expect(stored(m.channel)).toHaveLength(1);
    expect(slack.callsOf("conversations.replies").filter((c) => c.args.channel === m.channel)).toEqual([]);
  });

  it("an answer still undelivered after 15 minutes is given up, logged at error and counted", async () => {
    const { app, eventsUrl, logs, counted, pending } = await startBot(inMemory());
    const m = freshMention();
    slack.outage("chat.postMessage", { status: 503 });
    await mention(eventsUrl, m.event);
    await waitUntil(async () => expect(await counted("post", "queued")).toBe(1));
    await passTime([app], 16 * minute, () => false, 10_000);
    expect(await counted("post", "given_up")).toBe(1);
    expect(await pending()).toBe(0);
    const gaveUp = logs.entries.find((e) => e.msg.startsWith("gave up on an answer"));
    expect(gaveUp).toMatchObject({ level: 50, key: `answer:${m.channel}:${m.ts}`, why: "http_503" });
    slack.outage("chat.postMessage");
    await passTime([app], 5 * minute, () => false, minute);
    expect(stored(m.channel)).toEqual([]);
  });

  it("channel_not_found is not tried again: refused, logged and counted", async () => {
    const { app, eventsUrl, counted } = await startBot(inMemory());
    const m = freshMention();
    slack.fail("chat.postMessage", { error: "channel_not_found" });
    await mention(eventsUrl, m.event);
    await waitUntil(async () => expect(await counted("post", "refused")).toBe(1));
    await passTime([app], 5 * minute, () => false, 10_000);
    expect(posts(m.channel)).toHaveLength(1);
  });
});

describe("a private answer through a response_url", () => {
  async function slash(eventsUrl: string, path: string) {
    const body = slashCommandBody({ text: "RLHF", responseUrl: slack.responseUrl(path) });
    expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
  }

  it("that met a 500 and then a hang is sent again once Slack takes it: one answer", async () => {
    const { app, eventsUrl, counted } = await startBot(inMemory());
    slack.fail("/commands/outage", { status: 500 }, { hang: true });
    await slash(eventsUrl, "/commands/outage");
    await waitUntil(async () => expect(await counted("response_url", "queued")).toBe(1));
    await passTime([app], minute, () => slack.responses("/commands/outage").length > 0);
    const [answer, ...more] = slack.responses("/commands/outage");
    expect(String(answer?.text)).toContain("RLHF");
    expect(more).toEqual([]);
    expect(slack.callsOf("/commands/outage")).toHaveLength(3);
    expect(await counted("response_url", "delivered")).toBe(1);
  });

  it("is given up after Slack's five uses of a response_url", async () => {
    const { app, eventsUrl, counted } = await startBot(inMemory());
    slack.fail("/commands/down", ...Array.from({ length: 8 }, () => ({ status: 502 })));
    await slash(eventsUrl, "/commands/down");
    await waitUntil(async () => expect(await counted("response_url", "queued")).toBe(1));
    await passTime([app], 30 * minute, () => false, 5000);
    expect(slack.callsOf("/commands/down")).toHaveLength(5);
    expect(await counted("response_url", "given_up")).toBe(1);
  });
});

/** A click on a card's Share button, whose in-channel post goes to the response_url `path`. */
async function clickShare(eventsUrl: string, path: string, messageTs: string) {
  const body = buttonClickBody({
    value: encodeAction({ a: "share", id: sharedPaperId }),
    responseUrl: slack.responseUrl(path),
    messageTs,
  });
  expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
}

const sharedAt = (path: string) => slack.responses(path).filter((b) => b.response_type === "in_channel");

describe("a card shared through a Slack outage", () => {
  it("429s for two minutes: shared once when Slack takes it; a double click meanwhile adds nothing", async () => {
    const { app, eventsUrl, counted, pending } = await startBot(inMemory());
    slack.fail("/share/limited", ...Array.from({ length: 4 }, () => ({ rateLimited: 30 })));
    await clickShare(eventsUrl, "/share/limited", "1700006000.000100");
    await waitUntil(async () => expect(await counted("response_url", "queued")).toBe(1));
    await clickShare(eventsUrl, "/share/limited", "1700006000.000100");
    await passTime([app], 4 * minute, () => sharedAt("/share/limited").length > 0);
    await passTime([app], 5 * minute, () => false, minute);
    expect(sharedAt("/share/limited")).toHaveLength(1);
    // Four 429s and the share (Slack's five uses of a response_url): no note to the sharer.
    expect(slack.callsOf("/share/limited")).toHaveLength(5);
    expect(slack.responses("/share/limited")).toHaveLength(1);
    expect(await pending()).toBe(0);
  });

  it("a 500 is not sent again blind: the sharer is told, counted as unconfirmed", async () => {
    const { app, eventsUrl, counted } = await startBot(inMemory());
    slack.fail("/share/unsure", { status: 500 });
    await clickShare(eventsUrl, "/share/unsure", "1700006100.000100");
    await waitUntil(async () => expect(await counted("response_url", "unconfirmed")).toBe(1));
    // The note to the sharer follows the count.
    await waitUntil(() => expect(slack.responses("/share/unsure")).toHaveLength(1));
    await passTime([app], 5 * minute, () => false, 10_000);
    expect(sharedAt("/share/unsure")).toEqual([]);
    expect(slack.responses("/share/unsure")).toEqual([
      expect.objectContaining({ response_type: "ephemeral" }),
    ]);
  });
});

describe.each(storeKinds)("answers waiting in the %s store", (kind) => {
  const freshState = freshStates(kind);

  const command = async (eventsUrl: string, path: string, text: string) => {
    const body = slashCommandBody({ text, responseUrl: slack.responseUrl(path) });
    expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
  };
  /** A process on a fresh state whose searches never end: it is killed while it works an answer out. */
  const stuckProcess = async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const stuck: BotDeps = { ...bot, index: () => ({ ...bot.index(), search: () => new Promise(() => {}) }) };
    return { state, first, one: await startBot({ ledger: first.deliveries, outbox: first.outbox }, stuck) };
  };
  /** `app` killed and its state closed: the next process on the same state sends the answer to `path`, once. */
  const answeredByTheNext = async (
    state: TestState,
    app: RunningSlackApp,
    opened: { close(): Promise<void> },
    path: string,
    text: string,
  ) => {
    await kill(app);
    await opened.close();
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    await passTime([two.app], 3 * minute, () => slack.responses(path).length > 0, 10_000);
    expect(slack.responses(path)).toEqual([expect.objectContaining({ text: expect.stringContaining(text) })]);
    expect(await state.sql("SELECT key FROM outbox")).toEqual([]);
  };

  it("a process stopped mid-outage: the next one on the same state delivers the answer once", async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const one = await startBot({ ledger: first.deliveries, outbox: first.outbox });
    const m = freshMention();
    slack.outage("chat.postMessage", { status: 500 });
    await mention(one.eventsUrl, m.event);
    await waitUntil(async () => expect(await one.counted("post", "queued")).toBe(1));
    await passTime([one.app], 5000);
    expect(await one.pending()).toBe(1);
    // Killed: no draining, its connection gone.
    await kill(one.app);
    await first.close();
    slack.outage("chat.postMessage");
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    // The store's entry, seen by a process that never met the outage.
    expect(await two.pending()).toBe(1);
    await passTime([two.app], minute, () => stored(m.channel).length > 0);
    expect(stored(m.channel)).toHaveLength(1);
    expect(await two.pending()).toBe(0);
    await passTime([two.app], 20 * minute, () => false, minute);
    expect(stored(m.channel)).toHaveLength(1);
  });

  it("a process killed while its post hung after Slack kept it: the next one finds it in the thread", async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const one = await startBot({ ledger: first.deliveries, outbox: first.outbox });
    const m = freshMention();
    slack.fail("chat.postMessage", { hang: true, store: true });
    await mention(one.eventsUrl, m.event);
    await waitUntil(() => expect(stored(m.channel)).toHaveLength(1));
    await kill(one.app);
    await first.close();
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    // The dead process's claim runs out (its lease), then the answer is looked for before any post.
    await passTime([two.app], 3 * minute, () => false, 10_000);
    expect(stored(m.channel)).toHaveLength(1);
    expect(posts(m.channel)).toHaveLength(1);
    expect(slack.callsOf("conversations.replies").some((c) => c.args.channel === m.channel)).toBe(true);
    expect(await state.sql("SELECT key FROM outbox")).toEqual([]);
  });

  it("a share waiting for Slack when its process stopped: the next process shares it once", async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const one = await startBot({ ledger: first.deliveries, outbox: first.outbox });
    const path = `/share/restart-${kind}`;
    slack.fail(path, ...Array.from({ length: 3 }, () => ({ rateLimited: 20 })));
    await clickShare(one.eventsUrl, path, "1700006200.000100");
    await waitUntil(async () => expect(await one.counted("response_url", "queued")).toBe(1));
    await kill(one.app);
    await first.close();
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    // The same click again reaches the new process while the first one's share waits: it adds nothing.
    await clickShare(two.eventsUrl, path, "1700006200.000100");
    await passTime([two.app], 3 * minute, () => sharedAt(path).length > 0);
    await passTime([two.app], 5 * minute, () => false, minute);
    expect(sharedAt(path)).toHaveLength(1);
    expect(await state.sql("SELECT key FROM outbox")).toEqual([]);
  });

  it("a /paper answer whose process was killed during its first send: the next process sends it", async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const one = await startBot({ ledger: first.deliveries, outbox: first.outbox });
    const path = `/commands/killed-${kind}`;
    slack.fail(path, { hang: true });
    await command(one.eventsUrl, path, "RLHF");
    await waitUntil(() => expect(slack.callsOf(path)).toHaveLength(1));
    // Killed now, mid-send: the state holds the answer, which is all the next process has.
    expect(await state.sql("SELECT key FROM outbox")).toHaveLength(1);
    await answeredByTheNext(state, one.app, first, path, "RLHF");
  });

  it("a /paper command whose process was killed before its answer was worked out: the next one answers it", async () => {
    const { state, first, one } = await stuckProcess();
    const path = `/commands/unanswered-${kind}`;
    await command(one.eventsUrl, path, "reward models");
    await waitUntil(async () => expect(await state.sql("SELECT key FROM outbox")).toHaveLength(1));
    await answeredByTheNext(state, one.app, first, path, "reward models");
  });

  it("a click whose process was killed before its answer was worked out: the next one answers it", async () => {
    const { state, first, one } = await stuckProcess();
    const path = `/clicks/unanswered-${kind}`;
    const value = encodeAction({ a: "page", q: "reward models", offset: 0 });
    const body = buttonClickBody({ value, actionId: "paper_page:0", responseUrl: slack.responseUrl(path) });
    expect((await postSigned(one.eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
    await waitUntil(async () => expect(await state.sql("SELECT key FROM outbox")).toHaveLength(1));
    await answeredByTheNext(state, one.app, first, path, "reward models");
  });

  it("a mention whose process was killed before its answer was worked out: the next one answers it, once", async () => {
    const { state, first, one } = await stuckProcess();
    const m = freshMention();
    await mention(one.eventsUrl, m.event);
    await waitUntil(async () => expect(await state.sql("SELECT key FROM outbox")).toHaveLength(1));
    await kill(one.app);
    await first.close();
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    await passTime([two.app], 3 * minute, () => stored(m.channel).length > 0, 10_000);
    await passTime([two.app], 5 * minute, () => false, minute);
    expect(stored(m.channel)).toHaveLength(1);
    expect(await state.sql("SELECT key FROM outbox")).toEqual([]);
  });

  it("a share whose process was killed while its post hung: not shared again blind, and the sharer is told", async () => {
    const state = await freshState();
    const first = await state.open({ now: clock });
    const path = `/share/killed-${kind}`;
    // What a process killed during its share's post leaves: the entry, marked as maybe sent, under no claim.
    await first.outbox.add({
      key: `share:killed-${kind}`,
      message: {
        via: "response_url",
        url: slack.responseUrl(path),
        body: { response_type: "in_channel", text: "A shared card" },
        once: true,
      },
      createdAt: time,
      giveUpAt: time + 30 * minute,
      nextAt: time,
      attempts: 1,
      maybeSent: true,
    });
    await first.close();
    const second = await state.open({ now: clock });
    const two = await startBot({ ledger: second.deliveries, outbox: second.outbox });
    await passTime([two.app], 3 * minute, () => slack.responses(path).length > 0, 10_000);
    expect(sharedAt(path)).toEqual([]);
    expect(slack.responses(path)).toEqual([
      expect.objectContaining({
        response_type: "ephemeral",
        text: expect.stringContaining("share it again"),
      }),
    ]);
    expect(await state.sql("SELECT key FROM outbox")).toEqual([]);
  });

  it("two processes on one state, both passing over the outbox through an outage: one answer", async () => {
    const state = await freshState();
    const [a, b] = [await state.open({ now: clock }), await state.open({ now: clock })];
    const one = await startBot({ ledger: a.deliveries, outbox: a.outbox });
    const two = await startBot({ ledger: b.deliveries, outbox: b.outbox });
    const m = freshMention();
    slack.outage("chat.postMessage", { status: 500 });
    await mention(one.eventsUrl, m.event);
    await waitUntil(async () => expect(await one.counted("post", "queued")).toBe(1));
    // Slack's retry of the event reaches the other process: the answer is already waiting, so it is dropped.
    await mention(two.eventsUrl, m.event);
    await passTime([one.app, two.app], 20_000);
    slack.outage("chat.postMessage");
    await passTime([one.app, two.app], minute, () => stored(m.channel).length > 0);
    await passTime([one.app, two.app], 10 * minute, () => false, minute);
    expect(stored(m.channel)).toHaveLength(1);
  });
});
