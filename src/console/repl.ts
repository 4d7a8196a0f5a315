import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { answer } from "../bot/answer.js";
import { FRIENDLY_ERROR } from "../bot/messages.js";
import type { BotDeps } from "../bot/ports.js";
import { type BotRequest, typedRequestOf } from "../bot/request.js";
import type { Logger } from "../logger.js";
import { renderAnswerText, type TerminalReply } from "../render/terminal.js";

export const CONSOLE_HELP = [
  "Paperbot offline console: type as you would in Slack.",
  "  /paper <words>            the slash command, e.g. /paper RLHF",
  "  @paperbot <question>      a mention, e.g. @paperbot who has worked on reward models?",
  "  <anything else>           a direct message to the bot",
  "  :<n>                      press button n of the last reply, e.g. :2",
  "  help, quit",
].join("\n");

/** Stand-in ids for the one person and channel of the offline console. */
const CONSOLE_ASKER = { userId: "U0CONSOLE", channelId: "C0CONSOLE" };

export const NO_SUCH_BUTTON = "There is no such button on the last reply.";

/** Between the answers of piped input, so each question and its answer read as one block. */
export const PIPED_SEPARATOR = "─".repeat(60);

export interface ConsoleOptions {
  bot: BotDeps;
  input: Readable;
  output: Writable;
  logger: Logger;
  /** Prompt and greet (a terminal); piped input gets each line echoed with its answer. Defaults to input.isTTY. */
  interactive?: boolean;
}

type TerminalButton = TerminalReply["buttons"][number];

/** A terminal chat over the bot core; resolves when the input ends or the user quits. */
export async function startConsole(options: ConsoleOptions): Promise<void> {
  const { output } = options;
  const interactive = options.interactive ?? ("isTTY" in options.input && options.input.isTTY === true);
  const rl = createInterface({
    input: options.input,
    ...(interactive ? { output, terminal: true } : { terminal: false }),
  });
  rl.on("SIGINT", () => rl.close());
  const write = (text: string) => output.write(text.endsWith("\n") ? text : `${text}\n`);
  let buttons: TerminalButton[] = [];
  let answered = 0;

  const ask = async (request: BotRequest) => {
    try {
      const shown = renderAnswerText(await answer(options.bot, request), {
        ansi: interactive,
        buttons: true,
      });
      if (shown.buttons.length > 0 || request.source !== "action") buttons = shown.buttons;
      write(shown.text);
    } catch (err) {
      options.logger.error({ err }, "the console could not answer");
      write(FRIENDLY_ERROR);
    }
  };

  if (interactive) {
    write("Paperbot offline console. Type help for what you can do, quit to leave.");
    rl.setPrompt("paperbot> ");
    rl.prompt();
  }
  // Each line is `/paper …`, `@paperbot …`, `:2` (a button), help, quit, or (plain text) a direct message.
  for await (const typed of rl) {
    const line = typed.trim();
    if (/^(quit|exit|:q)$/i.test(line)) break;
    if (!interactive && line !== "") {
      // Piped: say which line each answer is for, and keep the answers apart.
      write(`${answered > 0 ? `${PIPED_SEPARATOR}\n` : ""}> ${line}\n`);
      answered += 1;
    }
    const button = /^:(\d+)$/.exec(line);
    if (/^(help|\?)$/i.test(line)) write(CONSOLE_HELP);
    else if (button !== null) {
      const pressed = buttons[Number(button[1]) - 1];
      if (pressed === undefined) write(NO_SUCH_BUTTON);
      else await ask({ source: "action", action: pressed.action, ...CONSOLE_ASKER });
    } else if (line !== "") await ask(typedRequestOf(line, CONSOLE_ASKER, "dm"));
    if (interactive) rl.prompt();
  }
  rl.close();
}
