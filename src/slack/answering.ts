import type { RespondArguments, RespondFn, webApi } from "@slack/bolt";
import { answer } from "../bot/answer.js";
import { FRIENDLY_ERROR, MESSAGES_UNDELIVERED } from "../bot/messages.js";
import type { Answer, BotDeps } from "../bot/ports.js";
import type { BotRequest } from "../bot/request.js";
import type { Logger } from "../logger.js";
import type { Metrics, RequestOutcome } from "../ops/metrics.js";
import { errorPayload, NO_UNFURL, postPayload, responsePayload } from "../render/payloads.js";
import type { DeliveryLedger } from "../state/once.js";
import type { Outbox } from "../state/outbox.js";
import {
  type AnswerTarget,
  type DeliveryDeps,
  type DeliveryOutcome,
  deliverAnswer,
  deliverResponse,
} from "./delivery.js";
import type { DeliveryPolicy } from "./delivery-policy.js";
import type { HomeDeps } from "./home.js";
import { type RespondResult, respondVia } from "./respond.js";
import { handedOver } from "./saved-export.js";
import type { SlackClient } from "./web-client.js";

// What every listener (commands, buttons, events, the shortcut, the assistant panel) answers with and counts by.

export interface ListenerDeps {
  bot: BotDeps;
  /** User ids that may reload the corpus; everyone else gets BotDeps without `reload`. */
  adminUsers: readonly string[];
  /** Answered mentions, DMs and shares (the store's ledger, with memory behind it when the store fails). */
  ledger: DeliveryLedger;
  /** Answers waiting for Slack (the store's, with memory behind it). */
  outbox: Outbox;
  /** A client that never retries on its own: a post is not idempotent. */
  poster: SlackClient;
  /** The Slack fetch, for response_url posts. */
  fetch: typeof fetch;
  policy: DeliveryPolicy;
  metrics: Metrics;
  logger: Logger;
  /** The App Home tab (registered with the other listeners); absent: no Home tab. */
  home?: HomeDeps;
  /**
   * With state shared by several bot processes (PostgreSQL): true when this process's claim on a key is in
   * its memory only (the shared state could not be written), so no other process can see it. A share then
   * waits: it cannot be looked up in Slack afterwards, and a double click on two processes would post twice.
   */
  isLocalClaim?: (key: string) => boolean;
}

/**
 * The bot's answer to one request, with admin-only powers given to admins only; an export of the reading
 * list is uploaded to the asker's DM, and the answer says so.
 */
export async function answerFor(deps: ListenerDeps, request: BotRequest): Promise<Answer> {
  const { reload, ...rest } = deps.bot;
  const admin = reload !== undefined && deps.adminUsers.includes(request.userId);
  return handedOver(deps.poster, deps.logger, await answer(admin ? { ...rest, reload } : rest, request));
}

/** The answer, or the friendly error (logged as `failed`) when the bot failed inside. */
export async function replyOrApology<T>(
  deps: ListenerDeps,
  render: () => Promise<T>,
  apology: () => T,
  failed = "answering a request failed",
): Promise<{ message: T; apologised: boolean }> {
  try {
    return { message: await render(), apologised: false };
  } catch (error) {
    deps.logger.error({ err: error }, failed);
    return { message: apology(), apologised: true };
  }
}

/** What once-only delivery (deliverAnswer) needs of the listeners': answers posted with the no-retry client. */
export function deliveryDepsOf(deps: ListenerDeps): DeliveryDeps {
  const { ledger, outbox, poster, fetch, policy, metrics, logger } = deps;
  return { ledger, outbox, client: poster, fetch, policy, metrics, logger };
}

/** Whether Slack sent this event before (Bolt passes its retries on with `context.retryNum`). */
export function isSlackRetry(context: Record<string, unknown>): boolean {
  return typeof context.retryNum === "number" && context.retryNum > 0;
}

export function count(deps: ListenerDeps, kind: string, outcome: RequestOutcome, receivedAt: number): void {
  deps.metrics.requests.inc({ kind, outcome });
  if (outcome === "answered" || outcome === "error") {
    deps.metrics.answerSeconds.observe({ kind }, (deps.policy.now() - receivedAt) / 1000);
  }
}

export function outcomeOfResponse(result: RespondResult, apologised: boolean): RequestOutcome {
  if (result.outcome === "sent") return apologised ? "error" : "answered";
  return result.outcome;
}

/** After a private answer Slack refused: never the answer again, but a note, tried once, so a lost answer is not a silent one. */
export async function noteUndelivered(deps: ListenerDeps, respond: RespondFn): Promise<void> {
  await respondVia(deps, respond, errorPayload(MESSAGES_UNDELIVERED.failed), 1);
}

/**
 * Answers privately through the request's response_url (slash commands, buttons, the Ask form), through the
 * outbox; without one (a button in App Home), through Bolt's respond().
 */
export async function answerPrivately(
  deps: ListenerDeps,
  kind: string,
  receivedAt: number,
  reply: { respond: RespondFn; responseUrl: string | undefined },
  request: BotRequest,
): Promise<void> {
  const { respond, responseUrl } = reply;
  const { message, apologised } = await replyOrApology<RespondArguments>(
    deps,
    async () => responsePayload(await answerFor(deps, request)),
    () => errorPayload(FRIENDLY_ERROR),
  );
  if (responseUrl !== undefined && typeof message === "object") {
    const outcome = await deliverResponse(deliveryDepsOf(deps), responseUrl, { ...message });
    if (outcome === "failed") await noteUndelivered(deps, respond);
    return count(deps, kind, outcomeOfDelivery(outcome, apologised), receivedAt);
  }
  const result = await respondVia(deps, respond, message);
  if (result.outcome !== "sent") {
    deps.logger.error(
      { kind, outcome: result.outcome, failure: result.failure },
      "could not answer through response_url",
    );
    await noteUndelivered(deps, respond);
  }
  count(deps, kind, outcomeOfResponse(result, apologised), receivedAt);
}

/** Answers a mention in its thread, or a DM in the conversation, once however often Slack delivers it. */
export async function answerInConversation(
  deps: ListenerDeps,
  kind: string,
  receivedAt: number,
  target: AnswerTarget,
  request: BotRequest,
  retried: boolean,
): Promise<void> {
  let apologised = false;
  const message = async (): Promise<webApi.ChatPostMessageArguments> => {
    const reply = await replyOrApology<webApi.ChatPostMessageArguments>(
      deps,
      async () => postPayload(await answerFor(deps, request), target.channel, target.threadTs),
      () => ({
        text: FRIENDLY_ERROR,
        channel: target.channel,
        ...(target.threadTs === undefined ? {} : { thread_ts: target.threadTs }),
        ...NO_UNFURL,
      }),
    );
    apologised = reply.apologised;
    return reply.message;
  };
  const outcome = await deliverAnswer(deliveryDepsOf(deps), target, {
    retried,
    message,
  });
  count(deps, kind, outcomeOfDelivery(outcome, apologised), receivedAt);
}

/** A delivered apology counts as an error. */
export function outcomeOfDelivery(outcome: DeliveryOutcome, apologised: boolean): RequestOutcome {
  return outcome === "answered" && apologised ? "error" : outcome;
}
