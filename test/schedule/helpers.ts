import nock from "nock";
import type { Corpus, Paper } from "../../src/corpus/types.js";
import { sameThreadIndex } from "../../src/index/same-thread.js";
import { createMetrics } from "../../src/ops/metrics.js";
import type { DailyPostDeps } from "../../src/schedule/daily-post.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import type { SearchIndex } from "../../src/search/types.js";
import { type DeliveryDeps, deliverAnswer, deliverDue } from "../../src/slack/delivery.js";
import { createDeliveryPolicy } from "../../src/slack/delivery-policy.js";
import { createSlackClient } from "../../src/slack/web-client.js";
import type { DeliveryLedger } from "../../src/state/once.js";
import type { StateStore } from "../../src/state/store.js";
import { capturedLogger } from "../helpers/logs.js";

/** A small corpus of made-up papers, one author each. */
export function corpusOf(ids: readonly string[]): Corpus {
  const papers: Paper[] = ids.map((id, i) => ({
    id,
    title: `Paper ${id} on topic ${i}`,
    headline: `Paper ${id} on topic ${i}`,
    authors: [`Author ${id}`],
    authorKeys: [`author${id}`],
    etAl: false,
    owners: [],
    ownerKeys: [],
    abstract: `An abstract about topic number ${i}, called ${id}.`,
    sources: [{ file: `${id}.txt`, line: 3 }],
  }));
  const people = new Map(
    ids.map((id) => [
      `author${id}`,
      {
        key: `author${id}`,
        name: `Author ${id}`,
        spellings: [`Author ${id}`],
        profiled: false,
        paperIds: [id],
      },
    ]),
  );
  return { papers, people, acronyms: [], files: ids.length, profiles: 0, problems: [] };
}

/** The index of `corpusOf(ids)`: these tests read its papers (lookups), and a search runs on their thread. */
export function indexOf(ids: readonly string[]): SearchIndex {
  return sameThreadIndex(createSearchEngine(corpusOf(ids)));
}

export interface StoredMessage {
  channel: string;
  ts: string;
  text: string;
  metadata?: { event_type: string; event_payload: { date: string; paper: string } };
}

export type PostBehaviour =
  | { kind: "ok" }
  | { kind: "error"; error: string }
  | { kind: "rate-limited"; retryAfter: number }
  | { kind: "store-then-500" }
  /** Slack keeps the message yet answers with an error it documents as "may have partly succeeded". */
  | { kind: "store-then-error"; error: string }
  | { kind: "store-then-drop" }
  | { kind: "drop" };

function bodyOf(body: unknown): Record<string, unknown> {
  if (typeof body === "string") return Object.fromEntries(new URLSearchParams(body));
  return (body ?? {}) as Record<string, unknown>;
}

function parsed(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/**
 * A fake Slack Web API at the HTTP boundary, stamping messages with the test clock: chat.postMessage stores messages (or fails as told, one
 * behaviour per call, then "ok"), conversations.history returns what was stored with its metadata.
 */
export function fakeSlack(now: () => number, options: { historyError?: string } = {}) {
  const messages: StoredMessage[] = [];
  const postCalls: Record<string, unknown>[] = [];
  const behaviours: PostBehaviour[] = [];
  let counter = 100;
  const store = (body: Record<string, unknown>) => {
    const metadata =
      body.metadata === undefined ? undefined : (parsed(body.metadata) as StoredMessage["metadata"]);
    const message: StoredMessage = {
      channel: String(body.channel),
      ts: `${Math.floor(now() / 1000)}.000${counter++}`,
      text: String(body.text ?? ""),
      ...(metadata ? { metadata } : {}),
    };
    messages.push(message);
    return message;
  };
  const scope = nock("https://slack.com")
    .persist()
    .post("/api/chat.postMessage")
    .reply((_uri, raw, callback) => {
      const body = bodyOf(raw);
      postCalls.push(body);
      const behaviour = behaviours.shift() ?? { kind: "ok" };
      switch (behaviour.kind) {
        case "ok": {
          const m = store(body);
          return callback(null, [200, { ok: true, channel: m.channel, ts: m.ts }]);
        }
        case "error":
          return callback(null, [200, { ok: false, error: behaviour.error }]);
        case "rate-limited":
          return callback(null, [429, "", { "Retry-After": String(behaviour.retryAfter) }]);
        case "store-then-500":
          store(body);
          return callback(null, [500, "oops"]);
        case "store-then-error":
          store(body);
          return callback(null, [200, { ok: false, error: behaviour.error }]);
        case "store-then-drop":
          store(body);
          return callback(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), [0, ""]);
        case "drop":
          return callback(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }), [0, ""]);
      }
    })
    .post("/api/conversations.history")
    .reply((_uri, raw) => {
      if (options.historyError) return [200, { ok: false, error: options.historyError }];
      const body = bodyOf(raw);
      const inChannel = messages
        .filter((m) => m.channel === body.channel && Number(m.ts) >= Number(body.oldest ?? 0))
        .reverse()
        .map((m) => ({
          type: "message",
          ts: m.ts,
          text: m.text,
          ...(m.metadata ? { metadata: m.metadata } : {}),
        }));
      return [200, { ok: true, messages: inChannel, has_more: false }];
    });
  return {
    messages,
    postCalls,
    /** Messages in one channel (not DMs to users). */
    channelMessages: (channel: string) => messages.filter((m) => m.channel === channel),
    nextPosts: (...next: PostBehaviour[]) => behaviours.push(...next),
    done: () => scope.persist(false),
  };
}

export function slackClient() {
  return createSlackClient("xoxb-test-token", { logger: capturedLogger().logger });
}

/**
 * A pass's dependencies over one store, the post going through the real once-only delivery (the store's ledger
 * and outbox, as main wires it); `drain` is one pass of the outbox, which main runs every second.
 */
export function dailyDeps(
  store: StateStore,
  clock: { now: number },
  overrides: Partial<DailyPostDeps> & { ledger?: DeliveryLedger } = {},
): DailyPostDeps & { drain: () => Promise<void> } {
  const { ledger, ...rest } = overrides;
  const logger = rest.logger ?? capturedLogger().logger;
  const client = slackClient();
  const delivery: DeliveryDeps = {
    ledger: ledger ?? store.deliveries,
    outbox: store.outbox,
    client,
    fetch,
    policy: createDeliveryPolicy(5000, { now: () => clock.now }),
    metrics: createMetrics({ processMetrics: false }),
    logger,
    rechecks: [],
  };
  return {
    store,
    deliver: (target, request) => deliverAnswer(delivery, target, request),
    drain: () => deliverDue(delivery),
    client,
    index: () => indexOf(["p1", "p2", "p3"]),
    now: () => new Date(clock.now),
    random: seededRandom(1),
    logger,
    ...rest,
  };
}

/** The post for `localDate` recorded as posted, as if that day's post went out with `paperId`. */
export async function recordPosted(
  store: StateStore,
  channelId: string,
  localDate: string,
  paperId: string,
  at = 1,
): Promise<void> {
  await store.dailyPosts.choose({
    channelId,
    localDate,
    at,
    proposedSeed: 1,
    draw: () => ({ paperId, round: 1 }),
    present: () => true,
  });
  await store.dailyPosts.markPosted(channelId, localDate, at);
}
