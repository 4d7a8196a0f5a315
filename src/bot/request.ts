import type { Action } from "./actions.js";

/** Who asked and where; ids are Slack ids (or console stand-ins). */
export interface Asker {
  userId: string;
  channelId: string;
}

/** What reached the bot: the text of a slash command or mention (bot mention already removed), or a button. */
export type BotRequest =
  | ({ source: "slash"; text: string } & Asker)
  /** `threadTs`: the thread the message was written in, when it is a reply in one. */
  | ({ source: "mention"; text: string; threadTs?: string } & Asker)
  /** `thread`: the DM thread the message was written in (the assistant panel's), where its cards are. */
  | ({ source: "dm"; text: string; thread?: { channelId: string; ts: string } } & Asker)
  | ({ source: "action"; action: Action } & Asker);
