import { randomUUID } from "node:crypto";
import type { webApi } from "@slack/bolt";
import { z } from "zod";
import { MESSAGES_SHARE } from "../bot/messages.js";
import type { Logger } from "../logger.js";
import type { Metrics } from "../ops/metrics.js";
import { errorPayload } from "../render/payloads.js";
import {
  describeFailure,
  networkFailureOf,
  type SlackFailure,
  slackFailureOf,
} from "../slack-api/failures.js";
import type { DeliveryLedger } from "../state/once.js";
import type { Outbox, OutboxEntry, QueuedMessage } from "../state/outbox.js";
import type { DeliveryPolicy } from "./delivery-policy.js";
import type { SlackClient } from "./web-client.js";

// On every answer's metadata, so a later attempt can find it in the conversation.
const ANSWER_EVENT_TYPE = "paperbot_answer";

/*
 * Answer delivery: at-least-once inside, exactly-once to the user.
 * 1. Claim the answer's key (once.ts); "done" or "busy": drop it.
 * 2. Keep the answer in the outbox under the key, then try it (a post carries the key in its metadata).
 *    Accepted: key done. Refused: given up, logged, counted. 429, 5xx, timeout: the entry waits (Retry-After or
 *    back-off) with the claim released, and an outbox pass in any process tries again until its limit.
 * 3. An attempt that may have reached Slack is looked for in the conversation before posting again; so is one
 *    whose claim only this process's memory holds, and after its post the later of two answers with the key is
 *    removed; a lease later it looks once more (`rechecks`, run by the outbox pass) and removes all but the
 *    earliest. A response_url message cannot be looked up: a private one is sent again, a shared card is not.
 */

export type DeliveryOutcome = "answered" | "duplicate" | "busy" | "failed" | "unknown" | "queued";

export interface DeliveryDeps {
  ledger: DeliveryLedger;
  outbox: Outbox;
  /** No retries of its own (createSlackClient). */
  client: SlackClient;
  /** For response_url bodies: the Slack fetch. */
  fetch: typeof fetch;
  policy: DeliveryPolicy;
  metrics: Pick<Metrics, "outbox">;
  logger: Logger;
  /** This process's answers posted under a memory-only claim, looked at again when due by `deliverDue`. */
  rechecks: Recheck[];
  /** Works out the answer to a request another process acked and did not answer (a crash): private, or a post. */
  answerLater?: {
    privately(request: KeptRequest): Promise<Record<string, unknown>>;
    inConversation(
      request: Exclude<KeptRequest, { source: "action" }>,
      target: AnswerTarget,
    ): Promise<webApi.ChatPostMessageArguments>;
  };
}

/** A request as the outbox keeps it until it is answered. */
export type KeptRequest = Extract<QueuedMessage, { via: "request" }>["request"];

/** Another process may post the same answer up to a lease after ours (one cut off from the store sees no claim). */
export type Recheck = Pick<PostMessage, "channel" | "threadTs" | "after"> & { key: string; dueAt: number };

export interface AnswerTarget {
  /** The same for every Slack retry of one user message. */
  key: string;
  channel: string;
  threadTs?: string;
  /** The ts of the message being answered: the answer is newer. */
  after: string;
}

export function answerKeyOf(channel: string, messageTs: string): string {
  return `answer:${channel}:${messageTs}`;
}

const HISTORY_PAGES = 5;
const PASS_SIZE = 8;

const historyPageSchema = z.object({
  messages: z
    .array(
      z.object({
        ts: z.string().optional(),
        metadata: z.object({ event_payload: z.record(z.string(), z.unknown()).optional() }).optional(),
      }),
    )
    .default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

type PostMessage = Extract<QueuedMessage, { via: "post" }>;

/** Our answers with this key in the conversation; undefined when it could not be read. */
async function answersWithKey(
  deps: DeliveryDeps,
  where: Pick<PostMessage, "channel" | "threadTs" | "after">,
  key: string,
): Promise<string[] | undefined> {
  const found: string[] = [];
  const read = {
    channel: where.channel,
    oldest: where.after,
    include_all_metadata: true,
    limit: 100,
    ...(where.threadTs === undefined ? {} : { ts: where.threadTs }),
  };
  const method = where.threadTs === undefined ? "conversations.history" : "conversations.replies";
  let pages = 0;
  try {
    for await (const page of deps.client.paginate(method, read)) {
      const history = historyPageSchema.parse(page);
      for (const m of history.messages) {
        const ours = m.metadata?.event_payload?.key === key;
        if (ours && m.ts !== undefined) found.push(m.ts);
      }
      // Not read to its end: whether the answer is there cannot be told.
      if (++pages >= HISTORY_PAGES) return history.response_metadata?.next_cursor ? undefined : found;
    }
    return found;
  } catch (error) {
    deps.logger.warn(
      { channel: where.channel, reason: describeFailure(slackFailureOf(error)) },
      "could not read the conversation to see whether an answer arrived",
    );
    return undefined;
  }
}

/** A message ts as one number for ordering: a double cannot hold it exactly. */
function tsOrder(ts: string): bigint {
  const [seconds = "0", micros = ""] = ts.split(".");
  return BigInt(seconds) * 1_000_000n + BigInt(micros.padEnd(6, "0").slice(0, 6) || "0");
}

const tsSchema = z.object({ ts: z.string() });

const earliest = (found: string[]) => found.reduce((a, b) => (tsOrder(b) < tsOrder(a) ? b : a));

async function removeAnswer(deps: DeliveryDeps, channel: string, key: string, ts: string): Promise<boolean> {
  try {
    await deps.client.chat.delete({ channel, ts });
    return true;
  } catch (error) {
    deps.logger.warn(
      { channel, key, reason: describeFailure(slackFailureOf(error)) },
      "could not remove a second answer to the same message",
    );
    return false;
  }
}

/** After a post under a memory-only claim, the earliest answer with the key stays; each poster checks, so one stays. */
async function secondRemoved(
  deps: DeliveryDeps,
  where: PostMessage,
  key: string,
  posted: unknown,
): Promise<boolean> {
  const ours = tsSchema.safeParse(posted);
  if (!ours.success) return false;
  const found = await answersWithKey(deps, where, key);
  if (found === undefined || found.length < 2 || earliest(found) === ours.data.ts) return false;
  return removeAnswer(deps, where.channel, key, ours.data.ts);
}

/** A lease after a memory-only answer: every answer with its key but the earliest goes (every process keeps that one). */
async function recheckThread(deps: DeliveryDeps, recheck: Recheck): Promise<void> {
  const found = await answersWithKey(deps, recheck, recheck.key);
  if (found === undefined || found.length < 2) return;
  const first = earliest(found);
  for (const ts of found) {
    if (ts === first || !(await removeAnswer(deps, recheck.channel, recheck.key, ts))) continue;
    deps.metrics.outbox.inc({ via: "post", outcome: "second_removed" });
    deps.logger.warn(
      { key: recheck.key, channel: recheck.channel, ts },
      "a second answer to one message (posted while the shared state was down) was removed on a look a lease later",
    );
  }
}

type Attempt =
  /** `already`: found in the conversation, or posted a second time and removed again. */
  | { result: "landed"; already: boolean; removed?: boolean }
  | { result: "refused"; why: string }
  /** A shared card that may or may not be in the channel: not sent again blind. */
  | { result: "unsure"; why: string }
  | { result: "retry"; waitMs: number; maybeSent: boolean; why: string };

function afterFailure(failure: SlackFailure, backoffMs: number): Attempt {
  const why = describeFailure(failure);
  switch (failure.kind) {
    case "refused":
      return { result: "refused", why };
    case "rate-limited":
      return { result: "retry", waitMs: failure.retryAfterMs, maybeSent: false, why };
    case "not-sent":
      return { result: "retry", waitMs: backoffMs, maybeSent: false, why };
    case "ambiguous":
      return { result: "retry", waitMs: backoffMs, maybeSent: true, why };
  }
}

async function postToResponseUrl(deps: DeliveryDeps, url: string, body: object, backoffMs: number) {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return afterFailure(networkFailureOf(error), backoffMs);
  }
  await response.body?.cancel();
  const status = response.status;
  if (status >= 200 && status < 300) return { result: "landed", already: false } as const;
  if (status === 429) {
    const seconds = Number(response.headers.get("retry-after"));
    return afterFailure(
      { kind: "rate-limited", retryAfterMs: seconds > 0 ? seconds * 1000 : backoffMs },
      backoffMs,
    );
  }
  const reason = `http_${status}`;
  return afterFailure(
    status >= 500 ? { kind: "ambiguous", reason } : { kind: "refused", error: reason },
    backoffMs,
  );
}

/** `look`: look in the conversation first; `alone`: a memory-only claim (look, and check after). */
async function attemptEntry(
  deps: DeliveryDeps,
  entry: OutboxEntry,
  { look, alone }: { look: boolean; alone: boolean },
  beforeSend: () => Promise<void>,
): Promise<Attempt> {
  const { message } = entry;
  const backoffMs = deps.policy.backoffMs(entry.attempts);
  if (message.via === "response_url") {
    if (message.once === true && look)
      return { result: "unsure", why: "an earlier attempt may have shared it" };
    await beforeSend();
    const sent = await postToResponseUrl(deps, message.url, message.body, backoffMs);
    if (message.once === true && sent.result === "retry" && sent.maybeSent)
      return { result: "unsure", why: sent.why };
    return sent;
  }
  // A kept command is worked out, not sent (answerTakenOver): never an attempt.
  if (message.via === "request") return { result: "refused", why: "a command, not an answer" };
  if (look || alone) {
    const seen = await answersWithKey(deps, message, entry.key);
    if (seen !== undefined && seen.length > 0) return { result: "landed", already: true };
    if (seen === undefined) {
      return {
        result: "retry",
        waitMs: backoffMs,
        maybeSent: true,
        why: "the conversation could not be read",
      };
    }
  }
  await beforeSend();
  let posted: unknown;
  try {
    posted = await deps.client.apiCall("chat.postMessage", message.args);
  } catch (error) {
    return afterFailure(slackFailureOf(error), backoffMs);
  }
  if (alone) {
    if (await secondRemoved(deps, message, entry.key, posted))
      return { result: "landed", already: true, removed: true };
    const { channel, threadTs, after } = message;
    const dueAt = deps.policy.now() + deps.policy.leaseMs;
    deps.rechecks.push({ key: entry.key, channel, threadTs, after, dueAt });
  }
  return { result: "landed", already: false };
}

const givenUpMessages = {
  unconfirmed: "Slack did not confirm a shared card, which cannot be looked up; it is not sent again blind",
  refused: "Slack refused an answer; it is not sent again",
  given_up: "gave up on an answer Slack did not take in time",
};

/** After an attempt at an entry in the outbox, under its key's claim: done, given up, or waiting for the next. */
async function settle(deps: DeliveryDeps, entry: OutboxEntry, attempt: Attempt): Promise<DeliveryOutcome> {
  const { policy, metrics, ledger, outbox } = deps;
  const via = entry.message.via;
  const log = deps.logger.child({ key: entry.key, via, attempts: entry.attempts });
  if (attempt.result === "landed") {
    await ledger.markDone(entry.key);
    await outbox.remove(entry.key);
    if (attempt.removed === true) {
      metrics.outbox.inc({ via, outcome: "second_removed" });
      log.warn(
        "another process answered the same message while the shared state was down: our second answer was removed",
      );
    } else if (entry.attempts > 1 || attempt.already) {
      metrics.outbox.inc({ via, outcome: attempt.already ? "already_there" : "delivered" });
      log.info(
        { waitedMs: policy.now() - entry.createdAt },
        attempt.already
          ? "an answer that had seemed lost was in the conversation"
          : "answer delivered after a retry",
      );
    }
    return attempt.already ? "duplicate" : "answered";
  }
  const nextAt = policy.now() + (attempt.result === "retry" ? attempt.waitMs : 0);
  const outOfUses = via === "response_url" && entry.attempts >= policy.responseUrlUses;
  if (attempt.result !== "retry" || nextAt > entry.giveUpAt || outOfUses) {
    await outbox.remove(entry.key);
    await ledger.release(entry.key);
    const outcome =
      attempt.result === "unsure" ? "unconfirmed" : attempt.result === "refused" ? "refused" : "given_up";
    metrics.outbox.inc({ via, outcome });
    log.error({ why: attempt.why, waitedMs: policy.now() - entry.createdAt }, givenUpMessages[outcome]);
    return outcome === "unconfirmed" ? "unknown" : "failed";
  }
  const schedule = { nextAt, attempts: entry.attempts, maybeSent: attempt.maybeSent };
  await outbox.reschedule(entry.key, schedule);
  await ledger.release(entry.key);
  if (entry.attempts === 1) metrics.outbox.inc({ via, outcome: "queued" });
  log.warn({ why: attempt.why, waitMs: nextAt - policy.now() }, "an answer is waiting for Slack");
  return "queued";
}

/** At most once; `message` is rendered only when it is ours to send. */
export async function deliverAnswer(
  deps: DeliveryDeps,
  target: AnswerTarget,
  request: {
    retried: boolean;
    message: () => Promise<webApi.ChatPostMessageArguments>;
    refused?: (error: string) => void;
  },
  /** The request it answers, kept since the ack (keepRequest): the answer, or another's, now stands in its place. */
  answering?: string,
): Promise<DeliveryOutcome> {
  const { ledger, policy } = deps;
  const answered = async () => {
    if (answering !== undefined) await deps.outbox.remove(answering);
  };
  const claim = await ledger.claim(target.key, policy.leaseMs);
  if (claim === "done") return answered().then(() => "duplicate");
  if (claim === "busy") return answered().then(() => "busy");
  const alone = ledger.claimIsShared?.(target.key) === false;
  const message = await request.message();
  const metadata = message.metadata ?? { event_type: ANSWER_EVENT_TYPE, event_payload: {} };
  const args = {
    ...message,
    metadata: { ...metadata, event_payload: { ...metadata.event_payload, key: target.key } },
  };
  const now = policy.now();
  // "May have been sent" before the post: a process killed mid-post leaves an entry looked for first.
  const entry: OutboxEntry = {
    key: target.key,
    message: {
      via: "post",
      args,
      channel: target.channel,
      ...(target.threadTs === undefined ? {} : { threadTs: target.threadTs }),
      after: target.after,
    },
    createdAt: now,
    giveUpAt: now + policy.postLimitMs,
    nextAt: now + policy.leaseMs,
    attempts: 1,
    maybeSent: true,
  };
  if (!(await deps.outbox.add(entry))) {
    // Already waiting in the outbox (Slack retried an event whose answer is queued): the outbox sends it.
    await ledger.release(target.key);
    await answered();
    return "busy";
  }
  await answered();
  const attempt = await attemptEntry(deps, entry, { look: request.retried, alone }, async () => {});
  if (attempt.result === "refused") request.refused?.(attempt.why);
  return settle(deps, entry, attempt);
}

/**
 * A private answer is kept in the outbox under a claim of its own before its first attempt, so a process killed
 * while it is sent leaves it for the next one (which may, rarely, show it twice: a response_url cannot be looked up).
 * A share (`shareKey`, under the click's claim the caller holds) is never sent again after a 5xx or timeout.
 */
export async function deliverResponse(
  deps: DeliveryDeps,
  url: string,
  body: Record<string, unknown>,
  shareKey?: string,
  /** The request it answers, kept since the ack (keepRequest): the answer now stands in its place. */
  answering?: string,
): Promise<DeliveryOutcome> {
  const now = deps.policy.now();
  const share = shareKey !== undefined;
  const key = shareKey ?? `response:${randomUUID()}`;
  if (!share) await deps.ledger.claim(key, deps.policy.leaseMs);
  const entry: OutboxEntry = {
    key,
    message: { via: "response_url", url, body, ...(share ? { once: true } : {}) },
    createdAt: now,
    giveUpAt: now + deps.policy.responseUrlLimitMs,
    // The first try is under way: the next waits a lease.
    nextAt: now + deps.policy.leaseMs,
    attempts: 1,
    maybeSent: share,
  };
  if (!(await deps.outbox.add(entry))) {
    // An earlier click's share is waiting for Slack: that one goes.
    await deps.ledger.release(entry.key);
    return "busy";
  }
  if (answering !== undefined) await deps.outbox.remove(answering);
  const attempt = await attemptEntry(deps, entry, { look: false, alone: false }, async () => {});
  return settle(deps, entry, attempt);
}

/**
 * A request kept from its ack until its answer is in the outbox, so a process killed while it works the answer out
 * leaves the request to the next one (Slack does not send an acked request again). Its key, or undefined.
 */
export async function keepRequest(
  deps: DeliveryDeps,
  reply: { url: string } | { target: AnswerTarget },
  request: KeptRequest,
): Promise<string | undefined> {
  const now = deps.policy.now();
  const key = `request:${randomUUID()}`;
  const kept = await deps.outbox.add({
    key,
    message: { via: "request", ...reply, request },
    createdAt: now,
    giveUpAt: now + deps.policy.responseUrlLimitMs,
    // Worked out now: another process takes it over only once this one has had a lease for it.
    nextAt: now + deps.policy.leaseMs,
    attempts: 1,
    maybeSent: false,
  });
  return kept ? key : undefined;
}

/** A command another process acked and did not answer: its answer, worked out here, goes as any private answer. */
async function answerTakenOver(
  deps: DeliveryDeps,
  entry: OutboxEntry,
  message: Extract<QueuedMessage, { via: "request" }>,
) {
  const { ledger, outbox, policy } = deps;
  if (deps.answerLater === undefined) return;
  if ((await ledger.claim(entry.key, policy.leaseMs)) !== "mine") return;
  if (policy.now() > entry.giveUpAt) {
    await outbox.remove(entry.key);
    deps.logger.error({ key: entry.key }, givenUpMessages.given_up);
    return ledger.markDone(entry.key);
  }
  deps.logger.warn({ key: entry.key }, "answering a request whose process stopped before it answered");
  const { answerLater } = deps;
  const { url, target, request } = message;
  if (url !== undefined)
    await deliverResponse(deps, url, await answerLater.privately(request), undefined, entry.key);
  else if (target !== undefined && request.source !== "action") {
    const post = () => answerLater.inConversation(request, target);
    await deliverAnswer(deps, target, { retried: true, message: post }, entry.key);
  } else await outbox.remove(entry.key);
  await ledger.markDone(entry.key);
}

async function deliverQueued(deps: DeliveryDeps, entry: OutboxEntry): Promise<void> {
  const { ledger, outbox, policy } = deps;
  const { message } = entry;
  if (message.via === "request") return answerTakenOver(deps, entry, message);
  const claim = await ledger.claim(entry.key, policy.leaseMs);
  if (claim === "busy") return;
  if (claim === "done") return outbox.remove(entry.key);
  const next = { ...entry, attempts: entry.attempts + 1 };
  const sending = {
    nextAt: policy.now() + policy.leaseMs,
    attempts: next.attempts,
    maybeSent: true,
    taken: true,
  };
  const how = { look: entry.maybeSent, alone: ledger.claimIsShared?.(entry.key) === false };
  const attempt =
    policy.now() > entry.giveUpAt
      ? ({ result: "retry", waitMs: 0, maybeSent: entry.maybeSent, why: "out of time" } as const)
      : await attemptEntry(deps, next, how, () => outbox.reschedule(entry.key, sending));
  const outcome = await settle(deps, next, attempt);
  // A share taken over from a process that stopped mid-way: its sharer is told, as the click's own process would.
  if (
    message.via === "response_url" &&
    message.once === true &&
    (outcome === "unknown" || outcome === "failed")
  ) {
    const text = outcome === "unknown" ? MESSAGES_SHARE.unconfirmed : MESSAGES_SHARE.failed;
    await postToResponseUrl(deps, message.url, errorPayload(text), 0);
  }
}

export async function deliverDue(deps: DeliveryDeps): Promise<void> {
  const now = deps.policy.now();
  for (const recheck of deps.rechecks.filter((r) => r.dueAt <= now)) {
    deps.rechecks.splice(deps.rechecks.indexOf(recheck), 1);
    await recheckThread(deps, recheck);
  }
  const due = await deps.outbox.due(deps.policy.now(), 100);
  for (let from = 0; from < due.length; from += PASS_SIZE) {
    await Promise.all(
      due
        .slice(from, from + PASS_SIZE)
        .map((entry) =>
          deliverQueued(deps, entry).catch((error: unknown) =>
            deps.logger.error({ err: error, key: entry.key }, "an outbox attempt failed"),
          ),
        ),
    );
  }
}

export interface OutboxWorker {
  /** Runs a pass now (after the one under way) and resolves when it is over. */
  drain(): Promise<void>;
  stop(): void;
}

/** Never two passes at once in one process. */
export function startOutboxWorker(deps: DeliveryDeps): OutboxWorker {
  let running: Promise<void> | undefined;
  const pass = (): Promise<void> => {
    running ??= deliverDue(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, "the outbox could not be read"))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), deps.policy.outboxEveryMs);
  timer.unref();
  void pass();
  return {
    async drain() {
      await running;
      await pass();
    },
    stop: () => clearInterval(timer),
  };
}
