import { connect, createServer, type Socket } from "node:net";
import { dirname } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { deliveryLedgerOf } from "../../src/start/state.js";
import type { ClaimOutcome, FallbackDeliveryLedger } from "../../src/state/once.js";
import { openPostgresStore } from "../../src/state/open-store.js";
import { createFallbackOutbox } from "../../src/state/outbox.js";
import type { StateStore } from "../../src/state/store.js";
import { fixtureBot } from "../helpers/bot.js";
import { startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { startTestPostgres, type TestPostgres } from "../helpers/postgres.js";
import { eventBody, postSigned } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";

/*
 * Issue 38, item 6: two replicas on one PostgreSQL that is stopped and started again, the server of this file's
 * own (never the shared one). While it is down each replica answers from its memory; once it is back, an event
 * delivered to both is answered once, from the very first event: no wait before the ledger is shared again.
 */

const minute = 60_000;
let server: TestPostgres | undefined;
const stores: StateStore[] = [];

beforeAll(async () => {
  // Beside the run's folder, as the run's own server is: the postgres user cannot enter the run's folder.
  server = await startTestPostgres(dirname(inject("runTmp")));
}, 120_000);

afterAll(async () => {
  for (const store of stores.splice(0)) await store.close().catch(() => undefined);
  server?.stop();
});

async function replica(
  timeoutMs = 5000,
  url = server?.url ?? "",
): Promise<{ store: StateStore; ledger: FallbackDeliveryLedger }> {
  const store = await openPostgresStore(url, { timeoutMs });
  stores.push(store);
  return { store, ledger: deliveryLedgerOf(store, capturedLogger().logger) };
}

/** The same event delivered to both replicas at once: what each one's claim came to. */
async function deliveredToBoth(
  a: FallbackDeliveryLedger,
  b: FallbackDeliveryLedger,
  key: string,
): Promise<ClaimOutcome[]> {
  const outcomes = await Promise.all([a.claim(key, minute), b.claim(key, minute)]);
  for (const [ledger, outcome] of [
    [a, outcomes[0]],
    [b, outcomes[1]],
  ] as const) {
    if (outcome === "mine") await ledger.markDone(key);
  }
  return outcomes;
}

const answered = (outcomes: ClaimOutcome[]) => outcomes.filter((outcome) => outcome === "mine").length;

/** A user's `@paperbot RLHF` in `channel` at `ts`, as Slack's app_mention event carries it. */
const mentionIn = (channel: string, ts: string) => ({
  type: "app_mention",
  user: "U0ASKER",
  text: "<@U0BOT> RLHF",
  ts,
  event_ts: ts,
  channel,
});
describe("two replicas around a PostgreSQL outage", { timeout: 120_000 }, () => {
  it("answer from memory while it is down, and each event once from the first one after it is back", async () => {
    const a = await replica();
    const b = await replica();
    expect(answered(await deliveredToBoth(a.ledger, b.ledger, "event:Before"))).toBe(1);

    server?.halt();
    // A transaction on a pooled connection the stop killed, finding no fresh one, says why (it used to release
    // that connection twice and report only that).
    await expect(b.store.probe()).rejects.toMatchObject({ problem: "unreachable" });
    // Down: nothing is shared, but nothing is lost either: each replica answers (its memory dedupes its own retries).
    expect(await a.ledger.claim("event:Down", minute)).toBe("mine");
    expect(a.ledger.claimIsShared("event:Down")).toBe(false);
    await a.ledger.markDone("event:Down");
    expect(await a.ledger.claim("event:Down", minute)).toBe("done");
    expect(await b.ledger.claim("event:DownToo", minute)).toBe("mine");
    expect(a.ledger.shared() || b.ledger.shared()).toBe(false);

    server?.resume();
    const perEvent: number[] = [];
    for (let i = 0; i < 12; i++)
      perEvent.push(answered(await deliveredToBoth(a.ledger, b.ledger, `event:After${i}`)));
    expect(perEvent).toEqual(Array.from({ length: 12 }, () => 1));
    expect(a.ledger.shared() && b.ledger.shared()).toBe(true);
  });

  it("a freeze: each claim that meets it gives up after the statement timeout; once it thaws, each event is answered once", async () => {
    // A short timeout: each replica holds one claim this long while the server is frozen.
    const a = await replica(1000);
    const b = await replica(1000);
    expect(answered(await deliveredToBoth(a.ledger, b.ledger, "event:BeforeFreeze"))).toBe(1);

    server?.freeze(true);
    try {
      const during = await deliveredToBoth(a.ledger, b.ledger, "event:Frozen");
      // Both answer: neither can see the other's claim. The memory-only answer looks in the thread first (slack/delivery.ts).
      expect(during).toEqual(["mine", "mine"]);
      expect(a.ledger.shared() || b.ledger.shared()).toBe(false);
    } finally {
      server?.freeze(false);
    }
    const perEvent: number[] = [];
    for (let i = 0; i < 12; i++)
      perEvent.push(answered(await deliveredToBoth(a.ledger, b.ledger, `event:Thawed${i}`)));
    expect(perEvent).toEqual(Array.from({ length: 12 }, () => 1));
  });
});

describe("two bot processes answering while PostgreSQL hangs", { timeout: 120_000 }, () => {
  it("an event on one and Slack's retry on the other: both look, both post, the later answer is removed", async () => {
    const slack = await startFakeSlackApi();
    const { bot } = await fixtureBot();
    const apps: RunningSlackApp[] = [];
    const logs = [capturedLogger(), capturedLogger()];
    try {
      for (const { logger } of logs) {
        const { store, ledger } = await replica(1000);
        const options = httpAppOptions("xoxb-38-6-hung", {
          bot,
          logger,
          slackApiUrl: slack.apiUrl,
          slackTimeoutMs: 5000,
          ledger,
          outbox: createFallbackOutbox(store.outbox, logger, () => store.health().writable),
          delivery: { outboxEveryMs: 3_600_000 },
        });
        apps.push(await startSlackApp(options));
      }
      const channel = "C0HUNG";
      const ts = "1700003800.000100";
      const event = mentionIn(channel, ts);
      const body = eventBody({ eventId: "EvHung", event });
      server?.freeze(true);
      // The worst case, made certain: each process's look in the thread is answered only once both have looked.
      slack.together("conversations.replies", 2);
      try {
        const [first, retry] = apps.map((app) => `http://127.0.0.1:${app.port}/slack/events`);
        const acks = await Promise.all([
          postSigned(first ?? "", body, "application/json"),
          postSigned(retry ?? "", body, "application/json", {
            headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" },
          }),
        ]);
        expect(acks.map((ack) => ack.status)).toEqual([200, 200]);
        await vi.waitFor(() => expect(slack.callsOf("chat.postMessage")).toHaveLength(2), {
          timeout: 30_000,
          interval: 50,
        });
        await vi.waitFor(() => expect(slack.callsOf("chat.delete")).toHaveLength(1), {
          timeout: 10_000,
          interval: 50,
        });
      } finally {
        server?.freeze(false);
      }
      // Two posts reached Slack; the thread keeps one answer, the first.
      const answers = slack.messages.filter((m) => m.channel === channel && m.thread_ts === ts);
      expect(answers).toHaveLength(1);
      expect(slack.callsOf("chat.delete")[0]?.args.ts).not.toBe(answers[0]?.ts);
      const removed = () =>
        logs.flatMap(({ entries }) =>
          entries.filter((e) => e.msg.startsWith("another process answered the same message")),
        );
      await vi.waitFor(() => expect(removed()).toHaveLength(1), { timeout: 10_000, interval: 50 });
    } finally {
      for (const app of apps) await app.stop();
      await slack.close();
    }
  });
});

/** A TCP relay to this file's server: one replica's own network path to it, cut by `cut` (then refused). */
async function relay(): Promise<{ url: string; cut(): void }> {
  const target = new URL(server?.url ?? "");
  const [host, port] = [target.hostname, Number(target.port)];
  const sockets = new Set<Socket>();
  const hold = (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => socket.destroy()).on("close", () => sockets.delete(socket));
  };
  const relayServer = createServer((client) => {
    const upstream = connect(port, host);
    hold(client);
    hold(upstream);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relayServer.listen(0, "127.0.0.1", () => resolve()));
  const address = relayServer.address();
  target.port = String(typeof address === "object" && address !== null ? address.port : 0);
  return {
    url: target.toString(),
    cut() {
      relayServer.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe("one replica cut off from PostgreSQL, the other not", { timeout: 120_000 }, () => {
  it("both answer one message; a lease later the cut-off one removes the later answer: one stays, the first", async () => {
    let time = Date.now();
    const clock = () => time;
    const slack = await startFakeSlackApi({ now: clock });
    const { bot } = await fixtureBot();
    const apps: RunningSlackApp[] = [];
    const logs = [capturedLogger(), capturedLogger()];
    const path = await relay();
    try {
      for (const [i, { logger }] of logs.entries()) {
        // Replica 0 reaches the database through its own path, cut below; replica 1 directly.
        const { store, ledger } = await replica(1000, i === 0 ? path.url : undefined);
        const options = httpAppOptions("xoxb-38-6-partition", {
          bot,
          logger,
          slackApiUrl: slack.apiUrl,
          slackTimeoutMs: 10_000,
          ledger,
          outbox: createFallbackOutbox(store.outbox, logger, () => store.health().writable),
          delivery: { now: clock, outboxEveryMs: 3_600_000 },
        });
        apps.push(await startSlackApp(options));
      }
      const [cutOff, connected] = apps as [RunningSlackApp, RunningSlackApp];
      const eventsUrl = (app: RunningSlackApp) => `http://127.0.0.1:${app.port}/slack/events`;
      const channel = "C0PART";
      const ts = `${Math.floor(time / 1000) - 5}.000100`;
      const event = mentionIn(channel, ts);
      const body = eventBody({ eventId: "EvPartition", event });
      const thread = () => slack.messages.filter((m) => m.channel === channel && m.thread_ts === ts);
      path.cut();

      // The connected replica claims the event in the database; Slack rate-limits its post, so it waits.
      slack.fail("chat.postMessage", { rateLimited: 1 });
      expect((await postSigned(eventsUrl(connected), body, "application/json")).status).toBe(200);
      const waiting = () => logs[1]?.entries.some((e) => e.msg === "an answer is waiting for Slack");
      await vi.waitFor(() => expect(waiting()).toBe(true), { timeout: 10_000 });
      // Slack's retry reaches the cut-off replica: a memory-only claim; it looks, finds nothing, answers first.
      const retry = { headers: { "x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout" } };
      expect((await postSigned(eventsUrl(cutOff), body, "application/json", retry)).status).toBe(200);
      await vi.waitFor(() => expect(thread()).toHaveLength(1), { timeout: 10_000 });
      const first = thread()[0]?.ts;
      // The wait over, the connected replica gets the claim from the database and posts: two answers, for now.
      time += 2000;
      await Promise.all(apps.map((app) => app.outbox.drain()));
      expect(thread()).toHaveLength(2);

      // A lease after its answer, the cut-off replica's outbox pass looks again and removes the later one.
      time += cutOff.delivery.policy.leaseMs;
      await Promise.all(apps.map((app) => app.outbox.drain()));
      expect(thread().map((m) => m.ts)).toEqual([first]);
      expect(slack.callsOf("chat.delete")).toHaveLength(1);
      const metrics = await cutOff.metrics.registry.metrics();
      expect(metrics).toContain('paperbot_outbox_total{via="post",outcome="second_removed"} 1');
      expect(logs[0]?.entries.some((e) => e.msg.startsWith("a second answer to one message"))).toBe(true);
    } finally {
      for (const app of apps) await app.stop();
      await slack.close();
    }
  });
});
