import type { Action } from "./actions.js";

/** Who asked and where; ids are Slack ids (or console stand-ins). */
export interface Asker {
  userId: string;
  channelId: string;
}

/** What reached the bot: the text of a slash command or mention (bot mention already removed), or a button. */
export type BotRequest =
  | ({ source: "slash"; text: string } & Asker)
  | ({ source: "mention"; text: string } & Asker)
  | ({ source: "dm"; text: string } & Asker)
  | ({ source: "action"; action: Action } & Asker);
