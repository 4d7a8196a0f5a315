import type { Answer } from "../bot/ports.js";
import { renderSlackMessage } from "./blocks.js";

type Rendered = ReturnType<typeof renderSlackMessage>;

/** On every message the bot sends (answers, posts, apologies, daily papers): no link in a card pulls in a preview. */
export const NO_UNFURL = { unfurl_links: false, unfurl_media: false } as const;

/** A message sent through a response_url (slash commands, buttons). */
export type ResponsePayload = Rendered & {
  response_type: "ephemeral" | "in_channel";
  replace_original: boolean;
} & typeof NO_UNFURL;

/** A chat.postMessage argument (mentions, direct messages). */
type PostPayload = Rendered & { channel: string; thread_ts?: string } & typeof NO_UNFURL;

/** Private to the asker unless the answer is for the channel; a shared card never replaces anything. */
export function responsePayload(answer: Answer): ResponsePayload {
  const shared = answer.audience === "channel";
  return {
    ...renderSlackMessage(answer.reply),
    response_type: shared ? "in_channel" : "ephemeral",
    replace_original: !shared && answer.replaceOriginal === true,
    ...NO_UNFURL,
  };
}

export function postPayload(answer: Answer, channel: string, threadTs: string | undefined): PostPayload {
  return {
    ...renderSlackMessage(answer.reply),
    channel,
    ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
    ...NO_UNFURL,
  };
}

/** An error line for the asker only, leaving the message they clicked in place. */
export function errorPayload(text: string) {
  return { text, response_type: "ephemeral", replace_original: false, ...NO_UNFURL } as const;
}
