import type { Answer } from "../bot/ports.js";
import { renderTerminal, type TerminalReply } from "../render/terminal.js";

export type TerminalButton = TerminalReply["buttons"][number];

/** The reply as the console prints it; its buttons are numbered "[n]" in the text, pressed with `:n`. */
export function terminalText(answer: Answer, ansi = false): TerminalReply {
  const rendered = renderTerminal(answer.reply, { ansi });
  const notes = [];
  if (answer.audience === "channel") notes.push("(posted in #console, shared by you)");
  if (answer.replaceOriginal === true) notes.push("(replaces the previous message)");
  return { text: `${[...notes, rendered.text.trimEnd()].join("\n")}\n`, buttons: rendered.buttons };
}
