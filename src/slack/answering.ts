import type { RespondFn, webApi } from "@slack/bolt";
import { decodeAction, encodeAction } from "../bot/actions.js";
import { answer } from "../bot/answer.js";
import { FRIENDLY_ERROR, INVALID_BUTTON, MESSAGES_UNDELIVERED } from "../bot/messages.js";
import type { Answer, BotDeps } from "../bot/ports.js";
import type { BotRequest } from "../bot/request.js";
import type { Metrics, RequestOutcome } from "../ops/metrics.js";
import {
  errorPayload,
  NO_UNFURL,
  postPayload,
  type ResponsePayload,
  responsePayload,
} from "../render/payloads.js";
import { describeFailure, networkFailureOf, slackFailureOf } from "../slack-api/failures.js";
import {
  type AnswerTarget,
  type DeliveryDeps,
  type DeliveryOutcome,
  deliverAnswer,
  deliverResponse,
  type KeptRequest,
  keepRequest,
} from "./delivery.js";
import type { HomeDeps } from "./home.js";
import { handedOver } from "./saved-export.js";

export interface ListenerDeps extends DeliveryDeps {
  bot: BotDeps;
  /** May reload the corpus. */
  adminUsers: readonly string[];
  metrics: Metrics;
  home?: HomeDeps;
  /** True when this process's claim is in its memory only: a share then waits (a double click could post twice). */
  isLocalClaim?: (key: string) => boolean;
}

/** Admin powers for admins only; an export is uploaded to the asker's DM, and the answer says so. */
export async function answerFor(deps: ListenerDeps, request: BotRequest): Promise<Answer> {
  const { reload, ...rest } = deps.bot;
  const admin = reload !== undefined && deps.adminUsers.includes(request.userId);
  return handedOver(deps.client, deps.logger, await answer(admin ? { ...rest, reload } : rest, request));
}

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

/** Through Bolt's respond(), tried once (answers and shares go through the outbox instead). */
export async function note(deps: ListenerDeps, respond: RespondFn | undefined, text: string): Promise<void> {
  if (respond === undefined) return;
  await respond(errorPayload(text)).catch((error: unknown) =>
    deps.logger.warn(
      { reason: describeFailure(networkFailureOf(error)) },
      "could not post a note to the asker",
    ),
  );
}

export interface PrivateReply {
  respond: RespondFn | undefined;
  responseUrl: string | undefined;
  /** The message clicked in is seen by others (a channel's, not the asker's ephemeral one): never replaced. */
  seenByOthers?: boolean;
  /** Who clicked, where: told by an ephemeral message when the response_url is refused (expired after 30 minutes). */
  clicker?: { userId: string; channelId: string };
}

/** An answer a response_url refused, as an ephemeral message to the clicker where they clicked; false if refused too. */
async function toClickerDirectly(
  deps: ListenerDeps,
  clicker: PrivateReply["clicker"],
  message: ResponsePayload | ReturnType<typeof errorPayload>,
): Promise<boolean> {
  if (clicker === undefined) return false;
  const { response_type: _type, replace_original: _replace, ...shown } = message;
  try {
    await deps.client.chat.postEphemeral({ ...shown, channel: clicker.channelId, user: clicker.userId });
    return true;
  } catch (error) {
    deps.logger.warn(
      { reason: describeFailure(slackFailureOf(error)) },
      "could not answer the clicker directly",
    );
    return false;
  }
}

/** A refused one is followed by a note, so it is not lost silently. */
export async function sendPrivately(
  deps: ListenerDeps,
  kind: string,
  receivedAt: number,
  reply: PrivateReply,
  answered: { message: ResponsePayload | ReturnType<typeof errorPayload>; apologised: boolean },
  /** The kept request this answers (keepRequest). */
  kept?: string,
): Promise<void> {
  if (reply.responseUrl === undefined) {
    deps.logger.error({ kind }, "a request came without a response_url to answer through");
    return count(deps, kind, "failed", receivedAt);
  }
  const outcome = await deliverResponse(deps, reply.responseUrl, { ...answered.message }, undefined, kept);
  if (outcome === "failed" && !(await toClickerDirectly(deps, reply.clicker, answered.message)))
    await note(deps, reply.respond, MESSAGES_UNDELIVERED.failed);
  count(deps, kind, outcomeOfDelivery(outcome, answered.apologised), receivedAt);
}

export async function answerPrivately(
  deps: ListenerDeps,
  kind: string,
  receivedAt: number,
  reply: PrivateReply,
  request: BotRequest,
): Promise<void> {
  // A command or click is kept until its answer is in the outbox: a crash while it is worked out leaves it to the
  // next process.
  const keeping = keptRequestOf(request, reply.seenByOthers === true);
  const kept =
    keeping !== undefined && reply.responseUrl !== undefined
      ? await keepRequest(deps, { url: reply.responseUrl }, keeping)
      : undefined;
  const answered = await privateAnswerOf(deps, request, reply.seenByOthers === true);
  await sendPrivately(deps, kind, receivedAt, reply, answered, kept);
}

/** A request as the outbox keeps it: a click by its button's value. Only commands and clicks are kept privately. */
function keptRequestOf(request: BotRequest, seenByOthers: boolean): KeptRequest | undefined {
  if (request.source === "slash") return request;
  if (request.source !== "action") return undefined;
  const { action, userId, channelId } = request;
  return { source: "action", value: encodeAction(action), seenByOthers, userId, channelId };
}

/** The private answer to a request kept by a process that stopped, worked out here as that process would have. */
export async function privateAnswerOfKept(deps: ListenerDeps, kept: KeptRequest) {
  if (kept.source !== "action") return privateAnswerOf(deps, kept);
  const { value, seenByOthers, userId, channelId } = kept;
  const action = decodeAction(value);
  // A button of another version of the bot: what a click on it says now.
  if (action === undefined) return { message: errorPayload(INVALID_BUTTON), apologised: true };
  return privateAnswerOf(deps, { source: "action", action, userId, channelId }, seenByOthers);
}

/** The private answer to a request, or an apology. */
export function privateAnswerOf(deps: ListenerDeps, request: BotRequest, seenByOthers = false) {
  return replyOrApology<ResponsePayload | ReturnType<typeof errorPayload>>(
    deps,
    async () => {
      const payload = responsePayload(await answerFor(deps, request));
      // A click on a list someone posted in a channel answers the clicker alone, leaving that list as it was.
      return seenByOthers ? { ...payload, replace_original: false } : payload;
    },
    () => errorPayload(FRIENDLY_ERROR),
  );
}

/** `beforeRender` runs only when the answer is ours to send; what it returns runs once it is rendered. */
export async function answerInConversation(
  deps: ListenerDeps,
  kind: string,
  receivedAt: number,
  target: AnswerTarget,
  request: BotRequest,
  retried: boolean,
  beforeRender?: () => Promise<() => void>,
): Promise<RequestOutcome> {
  // Kept until its answer is in the outbox: a crash while it is worked out leaves it to the next process.
  const kept =
    request.source === "mention" || request.source === "dm"
      ? await keepRequest(deps, { target }, request)
      : undefined;
  let apologised = false;
  const message = async (): Promise<webApi.ChatPostMessageArguments> => {
    const rendered = await beforeRender?.();
    const reply = await postAnswerOf(deps, request, target);
    rendered?.();
    apologised = reply.apologised;
    return reply.message;
  };
  const delivered = await deliverAnswer(deps, target, { retried, message }, kept);
  const outcome = outcomeOfDelivery(delivered, apologised);
  count(deps, kind, outcome, receivedAt);
  return outcome;
}

/** The answer to a request as a post in the conversation at `target`, or an apology. */
export function postAnswerOf(deps: ListenerDeps, request: BotRequest, target: AnswerTarget) {
  return replyOrApology<webApi.ChatPostMessageArguments>(
    deps,
    async () => postPayload(await answerFor(deps, request), target.channel, target.threadTs),
    () => ({
      text: FRIENDLY_ERROR,
      channel: target.channel,
      ...(target.threadTs === undefined ? {} : { thread_ts: target.threadTs }),
      ...NO_UNFURL,
    }),
  );
}

/** A delivered apology counts as an error. */
export function outcomeOfDelivery(outcome: DeliveryOutcome, apologised: boolean): RequestOutcome {
  return outcome === "answered" && apologised ? "error" : outcome;
}
