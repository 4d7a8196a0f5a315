import type { App, BlockAction, webApi } from "@slack/bolt";
import { answer } from "../bot/answer.js";
import { FRIENDLY_ERROR, INVALID_BUTTON } from "../bot/messages.js";
import type { Answer, BotDeps } from "../bot/ports.js";
import type { BotRequest } from "../bot/request.js";
import type { Logger } from "../logger.js";
import { ACTION_ID_PATTERN } from "../render/ids.js";
import { errorPayload, postPayload, responsePayload } from "../render/payloads.js";
import type { OnceLedger } from "./once.js";
import { actionValueOf, buttonRequest, dmRequest, errorTarget, mentionRequest } from "./requests.js";

export interface ListenerDeps {
  bot: BotDeps;
  /** User ids that may reload the corpus; everyone else gets BotDeps without `reload`. */
  adminUsers: readonly string[];
  ledger: OnceLedger;
  /** A client that never retries: a post is not idempotent. */
  poster: webApi.WebClient;
  logger: Logger;
  fetch?: typeof fetch;
}

/** The bot's answer to one request, with admin-only powers given to admins only. */
export function answerFor(deps: ListenerDeps, request: BotRequest): Promise<Answer> {
  const { reload, ...rest } = deps.bot;
  const admin = reload !== undefined && deps.adminUsers.includes(request.userId);
  return answer(admin ? { ...rest, reload } : rest, request);
}

export function registerListeners(app: App, deps: ListenerDeps): void {
  app.command("/paper", async ({ command, ack, respond }) => {
    await ack();
    const request: BotRequest = {
      source: "slash",
      text: command.text,
      userId: command.user_id,
      channelId: command.channel_id,
    };
    await respond(responsePayload(await answerFor(deps, request)));
  });

  app.action<BlockAction>(ACTION_ID_PATTERN, async ({ body, action, ack, respond }) => {
    await ack();
    const click = buttonRequest(body, actionValueOf(action));
    if (click === undefined) return void (await respond(errorPayload(INVALID_BUTTON)));
    if (click.onceKey !== undefined && !deps.ledger.claim(click.onceKey)) return;
    await respond(responsePayload(await answerFor(deps, click.request)));
  });

  app.event("app_mention", async ({ event, body, context }) => {
    const mention = mentionRequest(event, context.botUserId);
    if (mention === undefined || !deps.ledger.claim(`event:${body.event_id}`)) return;
    const reply = await answerFor(deps, mention.request);
    await deps.poster.chat.postMessage(postPayload(reply, mention.reply.channel, mention.reply.threadTs));
  });

  app.event("message", async ({ event, body, context }) => {
    const dm = dmRequest(event, context.botUserId);
    if (dm === undefined || !deps.ledger.claim(`event:${body.event_id}`)) return;
    const reply = await answerFor(deps, dm.request);
    await deps.poster.chat.postMessage(postPayload(reply, dm.reply.channel, dm.reply.threadTs));
  });

  app.error(async ({ error, body }: { error: Error; body: unknown }) => {
    deps.logger.error({ err: error }, "a Slack request failed");
    await tellUser(deps, body).catch((err: unknown) =>
      deps.logger.error({ err }, "could not report the failure"),
    );
  });
}

async function tellUser(deps: ListenerDeps, body: unknown): Promise<void> {
  const target = errorTarget(body);
  if (target === undefined) return;
  if ("responseUrl" in target) {
    await (deps.fetch ?? fetch)(target.responseUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(errorPayload(FRIENDLY_ERROR)),
    });
    return;
  }
  const { channel, threadTs } = target.reply;
  await deps.poster.chat.postMessage({
    channel,
    text: FRIENDLY_ERROR,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
  });
}
