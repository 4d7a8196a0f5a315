import { parseArgs } from "node:util";
import { answer, answerIntent } from "../bot/answer.js";
import type { Intent } from "../bot/intents.js";
import type { Answer, BotDeps } from "../bot/ports.js";
import type { Reply } from "../bot/reply.js";
import type { BotRequest } from "../bot/request.js";
import { typedRequestOf } from "../bot/typed-request.js";
import { CorpusError, loadCorpus } from "../corpus/load.js";
import { sameThreadIndex } from "../index/same-thread.js";
import { replyJson } from "../render/json.js";
import { postPayload, responsePayload } from "../render/payloads.js";
import { renderAnswerText, renderTerminal } from "../render/terminal.js";
import { createSearchEngine } from "../search/engine.js";
import type { SearchIndex } from "../search/types.js";
import { commandArgs, splitAtCommand } from "./arguments.js";
import {
  type Command,
  commands,
  type OptionSpec,
  SAY_USAGE,
  UsageError,
  usageText,
  type Values,
} from "./command-table.js";
import { runSavedExport, type SavedExportOptions, SavedUsageError } from "./saved-export.js";

/** Where the CLI writes; injected so tests can read it. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface CliOptions {
  /** Corpus folder when --corpus is not given (the caller passes CORPUS_DIR); else "seeds". */
  corpusDir?: string;
  /** Loads the index of a corpus folder (main passes the snapshot-cached loader); parse and build when absent. */
  loadIndex?: (dir: string) => Promise<SearchIndex>;
  /** Source for `random` without --seed. */
  random?: () => number;
  /** `saved export`: the state store's reading lists, and Slack when a bot token is set. */
  saved?: SavedExportOptions;
  /** `say`: the state store's ports (daily, follows, reading list), so every reply can be seen offline. */
  openState?: (index: () => SearchIndex) => Promise<OfflineState>;
}

/** The state store as `say` answers with it; `close` once the answer is printed. */
export interface OfflineState {
  deps: Pick<BotDeps, "daily" | "follows" | "readingList" | "stateStatus" | "defaultTimeZone">;
  close(): Promise<void>;
}

export const exitCodes = { found: 0, nothingFound: 1, usage: 2 } as const;

interface CommandContext {
  json: boolean;
  openState?: CliOptions["openState"];
  io: CliIo;
  index(): Promise<SearchIndex>;
  random(): number;
}

const globalOptions: OptionSpec = {
  corpus: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};
const CLI_ASKER = { userId: "U0CLI", channelId: "C0CLI" };

/** 0 when the reply has what was asked for, 1 when it found nothing (or only asks which one was meant). */
function exitCodeOf(reply: Reply): number {
  switch (reply.kind) {
    case "notFound":
    case "ambiguous":
    case "info":
      return exitCodes.nothingFound;
    case "error":
      return exitCodes.usage;
    default:
      return exitCodes.found;
  }
}

function botDeps(index: SearchIndex, random: () => number): BotDeps {
  return { index: () => index, random, now: () => new Date(), defaultTimeZone: "UTC" };
}

/** `say`: the answer to typed text exactly as Slack would get it, or as the console prints it. */
async function runSay(context: CommandContext, text: string): Promise<number> {
  const request = typedRequestOf(text, CLI_ASKER, "slash");
  const answered = await answerIntentOf(context, request);
  if (!context.json) {
    context.io.stdout(`${renderAnswerText(answered).text}\n`);
    return exitCodes.found;
  }
  const message =
    request.source === "slash"
      ? responsePayload(answered)
      : postPayload(answered, request.channelId, undefined);
  context.io.stdout(`${JSON.stringify({ messages: [message] }, null, 2)}\n`);
  return exitCodes.found;
}

async function answerIntentOf(
  context: CommandContext,
  request: BotRequest,
  intent?: Intent,
): Promise<Answer> {
  const index = await context.index();
  const deps = botDeps(index, context.random);
  if (intent !== undefined) return answerIntent(deps, request, intent);
  const state = await context.openState?.(() => index);
  try {
    return await answer({ ...deps, ...state?.deps }, request);
  } finally {
    await state?.close();
  }
}

async function runCommand(
  context: CommandContext,
  command: Command,
  words: string[],
  values: Values,
): Promise<number> {
  const intent = command.intent(words, values);
  const random = command.random?.(values);
  const request: BotRequest = { source: "slash", text: words.join(" "), ...CLI_ASKER };
  const { reply } = await answerIntentOf({ ...context, ...(random ? { random } : {}) }, request, intent);
  const out = context.json
    ? `${JSON.stringify(replyJson(reply), null, 2)}\n`
    : `${renderTerminal(reply, { buttons: false }).text.trimEnd()}\n`;
  context.io.stdout(out);
  return exitCodeOf(reply);
}

const sayCommand = { usage: SAY_USAGE, minWords: 1 };

/** Without a cache folder: the corpus parsed and indexed in memory, searched on this thread. */
const indexInMemory = async (folder: string) => sameThreadIndex(createSearchEngine(await loadCorpus(folder)));

/** Runs one paperbot command and returns its exit code; never throws. */
export async function runCli(argv: string[], io: CliIo, options: CliOptions = {}): Promise<number> {
  const { globals, name, rest } = splitAtCommand(argv);
  const command = name === undefined ? undefined : commands[name];
  const say = name === "say";
  try {
    const { values } = parseArgs({ args: globals, options: globalOptions, strict: true });
    // Help asked for is the answer: on stdout, exit 0.
    if (name === "help" || values.help === true) {
      io.stdout(usageText());
      return exitCodes.found;
    }
    const dir =
      (typeof values.corpus === "string" ? values.corpus : undefined) ?? options.corpusDir ?? "seeds";
    const loadIndex = options.loadIndex ?? indexInMemory;
    if (name === "saved") {
      return await runSavedExport(
        rest,
        io,
        { json: values.json === true, index: () => loadIndex(dir), now: () => new Date() },
        options.saved,
      );
    }
    if (!command && !say) {
      if (name !== undefined) io.stderr(`Unknown command “${name}”.\n\n`);
      io.stderr(usageText());
      return exitCodes.usage;
    }
    const { words, values: commandValues } = commandArgs(command ?? sayCommand, rest);
    if (commandValues.help === true) {
      io.stdout(`Usage: paperbot ${(command ?? sayCommand).usage}\n`);
      return exitCodes.found;
    }
    let index: Promise<SearchIndex> | undefined;
    const context: CommandContext = {
      json: values.json === true || commandValues.json === true,
      ...(options.openState === undefined ? {} : { openState: options.openState }),
      io,
      index: () => {
        index ??= loadIndex(dir);
        return index;
      },
      random: options.random ?? Math.random,
    };
    return command
      ? await runCommand(context, command, words, commandValues)
      : await runSay(context, words.join(" "));
  } catch (error) {
    if (error instanceof CorpusError || error instanceof UsageError || error instanceof SavedUsageError) {
      io.stderr(`paperbot: ${error.message}\n`);
    } else if (error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`paperbot: ${error.message}\n\n${usageText()}`);
    } else {
      io.stderr(
        `paperbot: something went wrong: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    return exitCodes.usage;
  }
}
