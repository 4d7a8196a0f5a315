import type { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import { historyPageSchema, nextCursorOf } from "../slack-api/history.js";
import type { DeliveryLedger } from "../state/once.js";
import { type DeliveryPolicy, deadlineOf } from "./delivery-policy.js";
import type { SlackClient } from "./web-client.js";

/** The metadata event type on every answer, so a later attempt can find it in the conversation. */
export const ANSWER_EVENT_TYPE = "paperbot_answer";

/*
 * Answer delivery for mentions and DMs: at-least-once inside, exactly-once to the user.
 *
 * 1. Claim the request's key in the ledger with a lease. "done" (answered before) or "busy" (someone is
 *    answering it now): drop it. A Slack retry that we may have answered before a crash is looked for in
 *    the conversation first.
 * 2. Post through a client that never retries on its own, with metadata {key} on the message.
 *    - Accepted: markDone.
 *    - 429: Slack stored nothing; wait Retry-After and post again.
 *    - Connection refused / no DNS: the request never left; back off and post again.
 *    - Slack answered with an error (channel_not_found, …): nothing stored and nothing to retry; release.
 *    - 5xx, timeout, reset, internal_error: Slack may have stored it. Back off, then look for the metadata
 *      in the thread (conversations.replies) or the DM (conversations.history) before posting again.
 * 3. Out of attempts or time: release when no attempt can have stored anything (or a last look found
 *    nothing); when it cannot be told, leave the claim to run out so a later Slack retry looks first.
 * The deadline is shorter than the lease, so a holder's markDone or release is always its own.
 */

export type DeliveryOutcome = "answered" | "duplicate" | "busy" | "failed" | "unknown";

export interface DeliveryDeps {
  ledger: DeliveryLedger;
  /** No automatic retries, rate limits rejected with their Retry-After (createSlackClient). */
  client: SlackClient;
  policy: DeliveryPolicy;
  logger: Logger;
}

export interface AnswerTarget {
  /** One key per user message: the same for every Slack retry of its event. */
  key: string;
  channel: string;
  /** The thread the answer goes in (mentions); absent for a DM answered in the conversation. */
  threadTs?: string;
  /** The ts of the message being answered: the answer is newer. */
  after: string;
}

/** The ledger key of the answer to one user message. */
export function answerKeyOf(channel: string, messageTs: string): string {
  return `answer:${channel}:${messageTs}`;
}

const HISTORY_PAGES = 5;

type Seen = "found" | "absent" | "unknown";

/** Whether the conversation already holds our answer to this target (by its metadata). */
async function answerSeen(deps: DeliveryDeps, target: AnswerTarget): Promise<Seen> {
  const { client } = deps;
  let cursor: string | undefined;
  try {
    for (let page = 0; page < HISTORY_PAGES; page++) {
      const common = {
        channel: target.channel,
        oldest: target.after,
        include_all_metadata: true,
        limit: 100,
        ...(cursor === undefined ? {} : { cursor }),
      };
      const raw =
        target.threadTs === undefined
          ? await client.conversations.history(common)
          : await client.conversations.replies({ ...common, ts: target.threadTs });
      const history = historyPageSchema.parse(raw);
      const mine = history.messages.some(
        (m) => m.metadata?.event_type === ANSWER_EVENT_TYPE && m.metadata.event_payload?.key === target.key,
      );
      if (mine) return "found";
      cursor = nextCursorOf(history);
      if (cursor === undefined) return "absent";
    }
    return "unknown";
  } catch (error) {
    deps.logger.warn(
      { channel: target.channel, reason: describeFailure(slackFailureOf(error)) },
      "could not read the conversation to see whether an answer arrived",
    );
    return "unknown";
  }
}

/** Delivers one answer to a mention or DM at most once; `message` is rendered only when it is ours to send. */
export async function deliverAnswer(
  deps: DeliveryDeps,
  target: AnswerTarget,
  request: { retried: boolean; message: () => Promise<webApi.ChatPostMessageArguments> },
): Promise<DeliveryOutcome> {
  const { ledger, policy, logger } = deps;
  const claim = await ledger.claim(target.key, policy.leaseMs);
  if (claim === "done") return "duplicate";
  if (claim === "busy") return "busy";
  const deadline = deadlineOf(policy);
  const log = logger.child({ key: target.key });

  const done = async (): Promise<DeliveryOutcome> => {
    await ledger.markDone(target.key);
    return "answered";
  };
  const nothingStored = async (why: string): Promise<DeliveryOutcome> => {
    await ledger.release(target.key);
    log.error({ why }, "could not deliver an answer; Slack has nothing, so a retry of the event will answer");
    return "failed";
  };
  const cannotTell = (why: string): DeliveryOutcome => {
    log.error(
      { why },
      "cannot tell whether an answer reached Slack; not posting again rather than risk a double",
    );
    return "unknown";
  };

  // A Slack retry: an earlier holder may have posted and died before recording it.
  let uncertain = request.retried;
  if (!uncertain && ledger.claimIsShared?.(target.key) === false) {
    // Only this process's memory holds the claim: another process may have answered; look before posting.
    if ((await answerSeen(deps, target)) === "found") {
      log.info("an answer was already in the conversation; not answering from memory again");
      await ledger.markDone(target.key);
      return "duplicate";
    }
  }
  if (uncertain) {
    const seen = await answerSeen(deps, target);
    if (seen === "found") {
      await ledger.markDone(target.key);
      return "duplicate";
    }
    if (seen === "unknown") return cannotTell("the conversation could not be read for a retried event");
    uncertain = false;
  }

  const message = {
    ...(await request.message()),
    metadata: { event_type: ANSWER_EVENT_TYPE, event_payload: { key: target.key } },
  };
  let lastFailure = "";
  for (let attempt = 1; ; attempt++) {
    if (uncertain) {
      const seen = await answerSeen(deps, target);
      if (seen === "found") {
        log.info({ attempt }, "an answer whose post failed had reached Slack; not posting it again");
        return done();
      }
      if (seen === "absent") uncertain = false;
    }
    if (!uncertain) {
      try {
        await deps.client.chat.postMessage(message);
        if (attempt > 1) log.info({ attempt }, "answer delivered after a retry");
        return done();
      } catch (error) {
        const failure = slackFailureOf(error);
        lastFailure = describeFailure(failure);
        if (failure.kind === "refused") return nothingStored(lastFailure);
        if (failure.kind === "ambiguous") uncertain = true;
        const wait = failure.kind === "rate-limited" ? failure.retryAfterMs : policy.backoffMs(attempt);
        log.warn({ attempt, failure: lastFailure, waitMs: wait }, "posting an answer failed; trying again");
        if (attempt < policy.maxAttempts && deadline.allows(wait + (uncertain ? policy.callTimeoutMs : 0))) {
          await policy.sleep(wait);
          continue;
        }
      }
    } else {
      // The conversation could not be read: wait and look again rather than post blind.
      const wait = policy.backoffMs(attempt);
      if (attempt < policy.maxAttempts && deadline.allows(wait)) {
        await policy.sleep(wait);
        continue;
      }
    }
    // Out of attempts or time.
    if (!uncertain) return nothingStored(lastFailure);
    if (deadline.allows(0)) {
      const seen = await answerSeen(deps, target);
      if (seen === "found") return done();
      if (seen === "absent") return nothingStored(lastFailure);
    }
    return cannotTell(lastFailure);
  }
}
