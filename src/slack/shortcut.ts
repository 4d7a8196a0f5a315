import type { App } from "@slack/bolt";
import { z } from "zod";
import { FRIENDLY_ERROR } from "../bot/messages.js";
import type { Answer } from "../bot/ports.js";
import { relatedAnswer } from "../bot/related.js";
import { postPayload, responsePayload } from "../render/payloads.js";
import { count, type ListenerDeps, note, outcomeOfDelivery, replyOrApology } from "./answering.js";
import { deliverAnswer, deliverResponse } from "./delivery.js";
import { receivedAtOf } from "./instrumented-app.js";

/** manifest.yml `features.shortcuts`. */
export const RELATED_PAPERS_SHORTCUT = "paperbot_related_papers";

const MAX_TEXT = 20_000;

const textParts = z.object({
  pretext: z.string().optional(),
  title: z.string().optional(),
  text: z.string().optional(),
  fallback: z.string().optional(),
});

const messageShortcutSchema = z.object({
  type: z.literal("message_action"),
  trigger_id: z.string().optional(),
  action_ts: z.string().optional(),
  response_url: z.string().url().optional(),
  user: z.object({ id: z.string() }),
  channel: z.object({ id: z.string() }).optional(),
  message: z
    .object({
      ts: z.string().optional(),
      text: z.string().optional(),
      attachments: z.array(textParts).optional(),
      blocks: z.array(z.unknown()).optional(),
      files: z.array(z.object({ title: z.string().optional(), name: z.string().optional() })).optional(),
    })
    .default({}),
});

type MessageShortcut = z.infer<typeof messageShortcutSchema>;

/** Not button values or URLs. */
function blockTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) blockTexts(item, out);
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "text" && typeof inner === "string") out.push(inner);
      else if (key !== "value" && key !== "url" && key !== "accessory") blockTexts(inner, out);
    }
  }
  return out;
}

/** Its text and attachments' (an unfurl), else its blocks' text, else its files' titles. */
function textOfMessage(message: MessageShortcut["message"]): string {
  const attachments = (message.attachments ?? []).flatMap((a) => {
    const parts = [a.pretext, a.title, a.text].filter((part): part is string => Boolean(part?.trim()));
    return parts.length > 0 ? parts : a.fallback ? [a.fallback] : [];
  });
  const typed = message.text?.trim() ? [message.text] : blockTexts(message.blocks ?? []);
  let parts = [...typed, ...attachments];
  if (parts.every((part) => part.trim() === "")) {
    parts = (message.files ?? []).flatMap((file) => file.title ?? file.name ?? []);
  }
  return parts.join("\n").slice(0, MAX_TEXT);
}

async function answerOrApology(
  deps: ListenerDeps,
  shortcut: MessageShortcut,
  sentToDm: boolean,
): Promise<{ answer: Answer; apologised: boolean }> {
  const asker = { userId: shortcut.user.id, channelId: shortcut.channel?.id ?? "" };
  const { message, apologised } = await replyOrApology<Answer>(
    deps,
    () => relatedAnswer(deps.bot, asker, textOfMessage(shortcut.message), { sentToDm }),
    () => ({ reply: { kind: "error", message: FRIENDLY_ERROR }, audience: "asker" }),
    "finding papers related to a message failed",
  );
  return { answer: message, apologised };
}

/** Privately through the response_url (it reaches channels the bot is not in); else to the asker's DM, once. */
async function answerShortcut(deps: ListenerDeps, shortcut: MessageShortcut, receivedAt: number) {
  if (shortcut.response_url !== undefined) {
    const { answer, apologised } = await answerOrApology(deps, shortcut, false);
    const body = { ...responsePayload(answer) };
    const outcome = await deliverResponse(deps, shortcut.response_url, body);
    if (outcome !== "failed")
      return count(deps, "shortcut", outcomeOfDelivery(outcome, apologised), receivedAt);
    deps.logger.warn("Slack refused the shortcut's response_url; answering in a DM");
  }
  const userId = shortcut.user.id;
  const { answer, apologised } = await answerOrApology(deps, shortcut, true);
  const outcome = await deliverAnswer(
    deps,
    {
      key: `related:${userId}:${shortcut.action_ts ?? shortcut.trigger_id ?? ""}`,
      channel: userId,
      after: "0",
    },
    { retried: false, message: async () => postPayload(answer, userId, undefined) },
  );
  count(deps, "shortcut", outcomeOfDelivery(outcome, apologised), receivedAt);
}

export function registerShortcut(app: App, deps: ListenerDeps): void {
  app.shortcut(RELATED_PAPERS_SHORTCUT, async ({ ack, body, context, respond }) => {
    await ack();
    const receivedAt = receivedAtOf(context, deps.policy.now());
    const parsed = messageShortcutSchema.safeParse(body);
    if (parsed.success) return answerShortcut(deps, parsed.data, receivedAt);
    deps.logger.warn({ issues: parsed.error.issues.length }, "a message shortcut payload was not understood");
    await note(deps, respond, FRIENDLY_ERROR);
    count(deps, "shortcut", "error", receivedAt);
  });
}
