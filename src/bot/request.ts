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

/** A typed line as Slack would deliver it: `/paper …` a command, `@paperbot …` a mention, else `plain`. */
export function typedRequestOf(line: string, asker: Asker, plain: "dm" | "slash"): BotRequest {
  const text = line.trim();
  const slash = /^\/paper(?:\s+|$)([\s\S]*)$/i.exec(text);
  if (slash) return { source: "slash", text: (slash[1] ?? "").trim(), ...asker };
  const mention = /^(?:@paperbot|<@[UW][A-Z0-9]+>)[\s,:]*([\s\S]*)$/i.exec(text);
  if (mention) return { source: "mention", text: (mention[1] ?? "").trim(), ...asker };
  return { source: plain, text, ...asker };
}
