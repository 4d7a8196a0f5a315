import type { BotRequest } from "../bot/request.js";

/** Stand-in ids for the one person and channel of the offline console. */
export const CONSOLE_USER = "U0CONSOLE";
export const CONSOLE_CHANNEL = "C0CONSOLE";

export type ConsoleInput =
  | { kind: "ask"; request: BotRequest }
  | { kind: "button"; number: number }
  | { kind: "help" }
  | { kind: "quit" }
  | { kind: "empty" };

const asker = { userId: CONSOLE_USER, channelId: CONSOLE_CHANNEL };

/** What a typed line means: `/paper …`, `@paperbot …`, `:2`, help, quit, or (plain text) a direct message. */
export function consoleInput(line: string, plainText: "dm" | "slash" = "dm"): ConsoleInput {
  const text = line.trim();
  if (text === "") return { kind: "empty" };
  if (/^(quit|exit|:q)$/i.test(text)) return { kind: "quit" };
  if (/^(help|\?)$/i.test(text)) return { kind: "help" };
  const button = /^:(\d+)$/.exec(text);
  if (button) return { kind: "button", number: Number(button[1]) };
  const slash = /^\/paper(?:\s+|$)([\s\S]*)$/i.exec(text);
  if (slash) return { kind: "ask", request: { source: "slash", text: (slash[1] ?? "").trim(), ...asker } };
  const mention = /^(?:@paperbot|<@[UW][A-Z0-9]+>)[\s,:]*([\s\S]*)$/i.exec(text);
  if (mention)
    return { kind: "ask", request: { source: "mention", text: (mention[1] ?? "").trim(), ...asker } };
  return { kind: "ask", request: { source: plainText, text, ...asker } };
}
