import type { SlashCommand } from "@slack/bolt";
import { z } from "zod";
import { decodeAction } from "../bot/actions.js";
import type { BotRequest } from "../bot/request.js";
import { textIntentOf } from "../bot/text-intent.js";
import { type AnswerTarget, answerKeyOf } from "./delivery.js";

const messageEventSchema = z.object({
  bot_id: z.undefined().optional(),
  user: z.string(),
  text: z.string().default(""),
  channel: z.string(),
  ts: z.string(),
  thread_ts: z.string().optional(),
});

/** In the conversation or in a thread of it (the assistant panel's). */
export const dmEventSchema = messageEventSchema.extend({
  type: z.literal("message"),
  channel_type: z.literal("im"),
  // A message with a file attached (file_share), or a thread reply also sent to the conversation (thread_broadcast),
  // is answered by its text like any other.
  subtype: z.enum(["file_share", "thread_broadcast"]).optional(),
});

const conversationEventSchemas = {
  // Another bot's post that mentions us (a bot_message, or any message with a bot_id) is not a question: two
  // bots answering each other would loop.
  mention: messageEventSchema.extend({
    subtype: z
      .string()
      .optional()
      .refine((subtype) => subtype !== "bot_message"),
  }),
  dm: dmEventSchema,
};

const buttonBodySchema = z.object({
  user: z.object({ id: z.string() }),
  channel: z.object({ id: z.string() }).optional(),
  container: z.object({ message_ts: z.string().optional(), channel_id: z.string().optional() }).default({}),
});

export function textWithoutMention(text: string, botUserId: string | undefined): string {
  const mention =
    botUserId === undefined
      ? /<@[UW][A-Z0-9]+(?:\|[^>]*)?>/g
      : new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, "g");
  return text.replace(mention, " ").replace(/\s+/g, " ").trim();
}

/** Undefined for edits, bot posts, joins and the bot's own. */
export function conversationRequest(
  source: "mention" | "dm",
  event: unknown,
  botUserId: string | undefined,
): { request: BotRequest; target: AnswerTarget } | undefined {
  const parsed = conversationEventSchemas[source].safeParse(event);
  if (!parsed.success || parsed.data.user === botUserId) return undefined;
  const e = parsed.data;
  const inThread = source === "mention" && e.thread_ts !== undefined && e.thread_ts !== e.ts;
  return {
    request: {
      source,
      text: textWithoutMention(e.text, botUserId),
      userId: e.user,
      channelId: e.channel,
      ...(inThread ? { threadTs: e.thread_ts } : {}),
    },
    target: {
      key: answerKeyOf(e.channel, e.ts),
      channel: e.channel,
      ...(source === "mention" ? { threadTs: e.thread_ts ?? e.ts } : {}),
      after: e.ts,
    },
  };
}

export interface ButtonRequest {
  request: BotRequest;
  /** For "share": a double click or retry maps to the same key. */
  onceKey?: string;
}

// A button carries its value; an overflow or select menu carries the chosen option's.
const actionElementSchema = z.union([
  z.object({ type: z.literal("button"), value: z.string() }),
  z.object({
    type: z.enum(["overflow", "static_select"]),
    selected_option: z.object({ value: z.string() }),
  }),
]);

export function actionValueOf(action: unknown): string | undefined {
  const parsed = actionElementSchema.safeParse(action);
  if (!parsed.success) return undefined;
  return parsed.data.type === "button" ? parsed.data.value : parsed.data.selected_option.value;
}

export function buttonRequest(body: unknown, value: string | undefined): ButtonRequest | undefined {
  const action = value === undefined ? undefined : decodeAction(value);
  const parsed = buttonBodySchema.safeParse(body);
  if (action === undefined || !parsed.success) return undefined;
  const { user, channel, container } = parsed.data;
  const channelId = channel?.id ?? container.channel_id ?? "";
  const request: BotRequest = { source: "action", action, userId: user.id, channelId };
  if (action.a !== "share") return { request };
  return { request, onceKey: `share:${channelId}:${action.id}:${container.message_ts ?? ""}:${user.id}` };
}

/** A `/paper …` command; a typed `share <id>` is shared once like its button, keyed by the command's trigger_id. */
export function commandRequest(command: SlashCommand): ButtonRequest {
  const request: BotRequest = {
    source: "slash",
    text: command.text,
    userId: command.user_id,
    channelId: command.channel_id,
  };
  const intent = textIntentOf(command.text);
  if (intent.kind !== "share") return { request };
  return {
    request,
    onceKey: `share:${command.channel_id}:${intent.id}:${command.trigger_id}:${command.user_id}`,
  };
}

const responseUrlSchema = z.object({ response_url: z.string().url() });

const clickedInSchema = z.object({
  container: z.object({ is_ephemeral: z.boolean().optional(), channel_id: z.string().optional() }),
  channel: z.object({ id: z.string() }).optional(),
});

/**
 * Whether a click came from a message others see: a channel's message, not the clicker's ephemeral one nor one in a
 * direct message (App Home and modals have no message: nobody else sees them).
 */
export function seenByOthers(body: unknown): boolean {
  const parsed = clickedInSchema.safeParse(body);
  if (!parsed.success || parsed.data.container.is_ephemeral !== false) return false;
  const channel = parsed.data.channel?.id ?? parsed.data.container.channel_id ?? "";
  return channel !== "" && !channel.startsWith("D");
}

export function responseUrlOf(body: unknown): string | undefined {
  const parsed = responseUrlSchema.safeParse(body);
  return parsed.success ? parsed.data.response_url : undefined;
}

/** Undefined when it is not JSON (a hand-made payload). */
export function jsonOf(metadata: string | undefined): unknown {
  try {
    return JSON.parse(metadata ?? "");
  } catch {
    return undefined;
  }
}
