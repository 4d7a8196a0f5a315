import type { BotRequest } from "../bot/request.js";
import { typedRequestOf } from "../bot/typed-request.js";

/** Stand-in ids for the one person and channel of the offline console. */
const CONSOLE_USER = "U0CONSOLE";
const CONSOLE_CHANNEL = "C0CONSOLE";

export type ConsoleInput =
  | { kind: "ask"; request: BotRequest }
  | { kind: "button"; number: number }
  | { kind: "help" }
  | { kind: "quit" }
  | { kind: "empty" };

export const CONSOLE_ASKER = { userId: CONSOLE_USER, channelId: CONSOLE_CHANNEL };

/** What a typed line means: `/paper …`, `@paperbot …`, `:2`, help, quit, or (plain text) a direct message. */
export function consoleInput(line: string): ConsoleInput {
  const text = line.trim();
  if (text === "") return { kind: "empty" };
  if (/^(quit|exit|:q)$/i.test(text)) return { kind: "quit" };
  if (/^(help|\?)$/i.test(text)) return { kind: "help" };
  const button = /^:(\d+)$/.exec(text);
  if (button) return { kind: "button", number: Number(button[1]) };
  return { kind: "ask", request: typedRequestOf(text, CONSOLE_ASKER, "dm") };
}
