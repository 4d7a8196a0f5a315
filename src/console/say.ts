import { answer } from "../bot/answer.js";
import type { BotDeps } from "../bot/ports.js";
import type { BotRequest } from "../bot/request.js";
import { type PostPayload, postPayload, type ResponsePayload, responsePayload } from "../slack/payloads.js";
import { terminalText } from "./format.js";
import { CONSOLE_CHANNEL, CONSOLE_USER, consoleInput } from "./input.js";

export interface SayOutput {
  /** Every message the bot would send, exactly as it would send it. */
  messages: (ResponsePayload | PostPayload)[];
}

/** What the bot sends for `/paper …`, `@paperbot …` or (bare) slash-command text. */
export async function sayMessages(deps: BotDeps, text: string): Promise<SayOutput> {
  const request = requestOf(text);
  const reply = await answer(deps, request);
  if (request.source === "slash") return { messages: [responsePayload(reply)] };
  return { messages: [postPayload(reply, request.channelId, undefined)] };
}

/** The same answer as the console prints it. */
export async function sayText(deps: BotDeps, text: string): Promise<string> {
  return terminalText(await answer(deps, requestOf(text))).text;
}

// "help", "quit" and ":2" mean nothing special outside the console: they are slash-command text there.
function requestOf(text: string): BotRequest {
  const input = consoleInput(text, "slash");
  if (input.kind === "ask") return input.request;
  return { source: "slash", text: text.trim(), userId: CONSOLE_USER, channelId: CONSOLE_CHANNEL };
}
