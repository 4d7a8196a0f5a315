import type { App, BlockAction } from "@slack/bolt";
import { FRIENDLY_ERROR, INVALID_BUTTON, MESSAGES_SHARE } from "../bot/messages.js";
import type { BotRequest } from "../bot/request.js";
import { ACTION_ID_PATTERN } from "../render/ids.js";
import { responsePayload } from "../render/payloads.js";
import {
  answerFor,
  answerInConversation,
  answerPrivately,
  count,
  isSlackRetry,
  type ListenerDeps,
  note,
  outcomeOfDelivery,
  type PrivateReply,
  replyOrApology,
} from "./answering.js";
import { openBibtex } from "./bibtex-modal.js";
import { deliverResponse } from "./delivery.js";
import { registerHome } from "./home.js";
import { receivedAtOf } from "./instrumented-app.js";
import {
  actionValueOf,
  buttonRequest,
  commandRequest,
  conversationRequest,
  responseUrlOf,
  seenByOthers,
} from "./requests.js";

/** A share Slack refused, or did not confirm, is told to the sharer, who can click again. */
async function shareOnce(
  deps: ListenerDeps,
  receivedAt: number,
  reply: PrivateReply,
  onceKey: string,
  request: BotRequest,
): Promise<void> {
  const { respond, responseUrl } = reply;
  const claim = await deps.ledger.claim(onceKey, deps.policy.leaseMs);
  if (claim !== "mine") return count(deps, "share", claim === "done" ? "duplicate" : "busy", receivedAt);
  if (deps.isLocalClaim?.(onceKey) === true) {
    await deps.ledger.release(onceKey);
    deps.logger.warn(
      "share deferred: the shared state cannot be written, so a double click could share twice",
    );
    await note(deps, respond, MESSAGES_SHARE.stateDown);
    return count(deps, "share", "deferred", receivedAt);
  }
  const { message, apologised } = await replyOrApology(
    deps,
    async () => responsePayload(await answerFor(deps, request)),
    () => undefined,
  );
  if (responseUrl === undefined || message === undefined) {
    await deps.ledger.release(onceKey);
    if (apologised) await note(deps, respond, FRIENDLY_ERROR);
    else deps.logger.error("a Share click came without a response_url to share through");
    return count(deps, "share", apologised ? "error" : "failed", receivedAt);
  }
  const outcome = await deliverResponse(deps, responseUrl, { ...message }, onceKey);
  if (outcome === "failed") await note(deps, respond, MESSAGES_SHARE.failed);
  if (outcome === "unknown") await note(deps, respond, MESSAGES_SHARE.unconfirmed);
  count(deps, "share", outcomeOfDelivery(outcome, false), receivedAt);
}

export function registerListeners(app: App, deps: ListenerDeps): void {
  if (deps.home) registerHome(app, { home: deps.home, answer: (request) => answerFor(deps, request) });
  app.command("/paper", async ({ command, ack, respond, context }) => {
    await ack();
    const receivedAt = receivedAtOf(context, deps.policy.now());
    const { request, onceKey } = commandRequest(command);
    const reply = { respond, responseUrl: command.response_url };
    if (onceKey !== undefined) return shareOnce(deps, receivedAt, reply, onceKey, request);
    await answerPrivately(deps, "slash", receivedAt, reply, request);
  });

  app.action<BlockAction>(ACTION_ID_PATTERN, async ({ body, action, ack, respond, context, client }) => {
    await ack();
    const receivedAt = receivedAtOf(context, deps.policy.now());
    const click = buttonRequest(body, actionValueOf(action));
    if (click === undefined) {
      await note(deps, respond, INVALID_BUTTON);
      return count(deps, "action", "error", receivedAt);
    }
    if (click.onceKey !== undefined) {
      const reply = { respond, responseUrl: responseUrlOf(body) };
      return shareOnce(deps, receivedAt, reply, click.onceKey, click.request);
    }
    const { request } = click;
    if (request.source === "action" && request.action.a === "bib" && body.trigger_id) {
      const reply = { respond, responseUrl: responseUrlOf(body) };
      return openBibtex(deps, client, body.trigger_id, reply, request, receivedAt);
    }
    const clicker =
      request.channelId === "" ? undefined : { userId: request.userId, channelId: request.channelId };
    const reply = { respond, responseUrl: responseUrlOf(body), seenByOthers: seenByOthers(body), clicker };
    await answerPrivately(deps, "action", receivedAt, reply, request);
  });

  for (const [eventName, source] of [
    ["app_mention", "mention"],
    ["message", "dm"],
  ] as const) {
    app.event(eventName, async ({ event, context }) => {
      const asked = conversationRequest(source, event, context.botUserId);
      if (asked === undefined) return;
      const receivedAt = receivedAtOf(context, deps.policy.now());
      await answerInConversation(
        deps,
        source,
        receivedAt,
        asked.target,
        asked.request,
        isSlackRetry(context),
      );
    });
  }

  // For what escapes the listeners: an event's apology went through its delivery, so only a response_url gets one.
  app.use(async (args) => {
    try {
      await args.next();
    } catch (error) {
      deps.logger.error({ err: error }, "a Slack request failed");
      if ("respond" in args) await note(deps, args.respond, FRIENDLY_ERROR);
    }
  });
}
