import type { App, ViewSubmitAction } from "@slack/bolt";
import { z } from "zod";
import type { BotRequest } from "../bot/request.js";
import {
  ASK_INPUTS,
  ASK_MAX_CHARS,
  ASK_MODAL_CALLBACK,
  ASK_TEXT,
  renderAskModal,
  SHARE_INPUT,
  SHARE_MODAL_CALLBACK,
} from "../render/ask-modal.js";
import { answerInConversation, answerPrivately, count, type ListenerDeps } from "./answering.js";
import { receivedAtOf } from "./instrumented-app.js";
import { jsonOf } from "./requests.js";

/** /paper from anywhere, as a form (manifest.yml `features.shortcuts`). */
export const ASK_SHORTCUT = "paperbot_ask";

const submissionSchema = z.object({
  user: z.object({ id: z.string() }),
  view: z.object({
    id: z.string(),
    state: z.object({
      values: z.object({
        [ASK_INPUTS.question.block]: z.object({
          [ASK_INPUTS.question.action]: z.object({ value: z.string().max(ASK_MAX_CHARS).nullish() }),
        }),
      }),
    }),
  }),
  // Slack makes one for the conversation picked (response_url_enabled): the answer goes there, privately.
  response_urls: z.array(z.object({ response_url: z.string().url(), channel_id: z.string() })).default([]),
});

const shareSchema = z.object({
  user: z.object({ id: z.string() }),
  view: z.object({ private_metadata: z.string() }),
  response_urls: z.array(z.object({ response_url: z.string().url(), channel_id: z.string() })).default([]),
});
const sharedPaperSchema = z.object({ id: z.string().regex(/^[a-z0-9]{1,64}$/) });

function sharedPaperOf(metadata: string): string | undefined {
  const parsed = sharedPaperSchema.safeParse(jsonOf(metadata));
  return parsed.success ? parsed.data.id : undefined;
}

/** The form's submission is answered like `/paper` typed in the conversation picked. */
export function registerAskShortcut(app: App, deps: ListenerDeps): void {
  app.shortcut(ASK_SHORTCUT, async ({ ack, body, client, context }) => {
    await ack();
    const receivedAt = receivedAtOf(context, deps.policy.now());
    try {
      await client.views.open({ trigger_id: body.trigger_id, view: renderAskModal() });
    } catch (error) {
      // The trigger lives 3 seconds and the shortcut has nowhere else to answer: the log says why.
      deps.logger.error({ err: error }, "could not open the Ask Paperbot form");
      count(deps, "ask", "failed", receivedAt);
    }
  });

  app.view<ViewSubmitAction>(ASK_MODAL_CALLBACK, async ({ ack, body, context, respond }) => {
    const receivedAt = receivedAtOf(context, deps.policy.now());
    const parsed = submissionSchema.safeParse(body);
    if (!parsed.success)
      deps.logger.warn({ issues: parsed.error.issues.length }, "an Ask form was not understood");
    const form = parsed.success ? parsed.data : undefined;
    const text = form?.view.state.values[ASK_INPUTS.question.block][ASK_INPUTS.question.action].value ?? "";
    if (form === undefined || text.trim() === "") {
      await ack({
        response_action: "errors",
        errors: { [ASK_INPUTS.question.block]: ASK_TEXT.emptyQuestion },
      });
      return count(deps, "ask", "error", receivedAt);
    }
    await ack();
    const userId = form.user.id;
    const target = form.response_urls[0];
    if (target !== undefined) {
      const request: BotRequest = { source: "slash", text, userId, channelId: target.channel_id };
      const reply = { respond, responseUrl: target.response_url };
      return answerPrivately(deps, "ask", receivedAt, reply, request);
    }
    // No conversation to answer in (Slack made no response_url): the asker's DM with the bot, once.
    deps.logger.warn("an Ask form came without a response_url; answering in a DM");
    const request: BotRequest = { source: "dm", text, userId, channelId: userId };
    const dm = { key: `ask:${userId}:${form.view.id}`, channel: userId, after: "0" };
    await answerInConversation(deps, "ask", receivedAt, dm, request, false);
  });

  // A Home tab card's Share: the card goes to the conversation picked, for everyone, as a Share does.
  app.view<ViewSubmitAction>(SHARE_MODAL_CALLBACK, async ({ ack, body, context, respond }) => {
    const receivedAt = receivedAtOf(context, deps.policy.now());
    const parsed = shareSchema.safeParse(body);
    const id = parsed.success ? sharedPaperOf(parsed.data.view.private_metadata) : undefined;
    const target = parsed.success ? parsed.data.response_urls[0] : undefined;
    if (!parsed.success || id === undefined || target === undefined) {
      await ack({ response_action: "errors", errors: { [SHARE_INPUT.block]: ASK_TEXT.pickConversation } });
      return count(deps, "share", "error", receivedAt);
    }
    await ack();
    const request: BotRequest = {
      source: "action",
      action: { a: "share", id },
      userId: parsed.data.user.id,
      channelId: target.channel_id,
    };
    await answerPrivately(deps, "share", receivedAt, { respond, responseUrl: target.response_url }, request);
  });
}
