import { type ParseArgsConfig, parseArgs } from "node:util";
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
import { seededRandom } from "../search/seeded-random.js";
import type { SearchIndex } from "../search/types.js";
import {
  runSavedExport,
  SAVED_SUMMARY,
  SAVED_USAGE,
  type SavedExportOptions,
  SavedUsageError,
} from "./saved-export.js";

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
}

export const exitCodes = { found: 0, nothingFound: 1, usage: 2 } as const;

type OptionSpec = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | undefined>;

interface CommandContext {
  json: boolean;
  io: CliIo;
  index(): Promise<SearchIndex>;
  random(): number;
}

/** What a command asks the bot: the intent of its words, and (random) its own random source. */
interface Command {
  usage: string;
  summary: string;
  options?: OptionSpec;
  /** Fewest words the command needs after its name. */
  minWords: number;
  intent(words: string[], values: Values): Intent;
  random?(values: Values): (() => number) | undefined;
}

class UsageError extends Error {}

const globalOptions: OptionSpec = { corpus: { type: "string" }, json: { type: "boolean" } };
const defaultSearchLimit = 10;
const CLI_ASKER = { userId: "U0CLI", channelId: "C0CLI" };

function positiveInteger(value: string | boolean | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${option} needs a whole number, got "${value}".`);
  return parsed;
}

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

const commands: Record<string, Command> = {
  search: {
    usage: "search <query…> [--limit N]",
    summary: 'papers matching words, "phrases", author:name and -exclusions',
    options: { limit: { type: "string" } },
    minWords: 1,
    intent: (words, values) => ({
      kind: "search",
      query: words.join(" "),
      offset: 0,
      shortened: false,
      paging: false,
      limit: positiveInteger(values.limit, "limit", defaultSearchLimit),
    }),
  },
  who: {
    usage: "who <topic…> [--limit N]",
    summary: "people who have worked on a topic, with their papers (N lines, 5 by default)",
    options: { limit: { type: "string" } },
    minWords: 1,
    intent: (words, values) => ({
      kind: "who",
      topic: words.join(" "),
      offset: 0,
      paging: false,
      limit: positiveInteger(values.limit, "limit", 5),
    }),
  },
  author: {
    usage: "author <name…>",
    summary: "a person's papers, co-authors and topics",
    minWords: 1,
    intent: (words) => ({ kind: "author", name: words.join(" "), orSearch: false }),
  },
  paper: {
    usage: "paper <id>",
    summary: "one paper by id or unambiguous id prefix, with its whole abstract",
    minWords: 1,
    intent: (words) => ({ kind: "paper", id: words.join(" "), full: true }),
  },
  similar: {
    usage: "similar <id> [--limit N]",
    summary: "papers most like the given one",
    options: { limit: { type: "string" } },
    minWords: 1,
    intent: (words, values) => ({
      kind: "similar",
      id: words.join(" "),
      limit: positiveInteger(values.limit, "limit", 5),
    }),
  },
  random: {
    usage: "random [--seed N]",
    summary: "a random paper; the same seed always gives the same one",
    options: { seed: { type: "string" } },
    minWords: 0,
    intent: () => ({ kind: "random" }),
    random: (values) =>
      values.seed === undefined ? undefined : seededRandom(positiveInteger(values.seed, "seed", 0)),
  },
  stats: {
    usage: "stats",
    summary: "corpus size and loading problems",
    minWords: 0,
    intent: () => ({ kind: "stats" }),
  },
};

const SAY_USAGE = 'say "<text>"';
const SAY_SUMMARY = "every message the bot would send for /paper or @paperbot text (--json: Slack payloads)";

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
  const deps = botDeps(await context.index(), context.random);
  return intent === undefined ? answer(deps, request) : answerIntent(deps, request, intent);
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

export function usageText(): string {
  const width = Math.max(
    SAY_USAGE.length,
    SAVED_USAGE.length,
    ...Object.values(commands).map((c) => c.usage.length),
  );
  return [
    "Usage: paperbot [--corpus DIR] [--json] <command> …",
    "",
    "Commands:",
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    `  ${SAY_USAGE.padEnd(width)}  ${SAY_SUMMARY}`,
    `  ${SAVED_USAGE.padEnd(width)}  ${SAVED_SUMMARY}`,
    "  help",
    "",
    "Options:",
    "  --corpus DIR  folder of author files (default: $CORPUS_DIR, else seeds)",
    "  --json        machine-readable output",
    "",
    "Exit codes: 0 found, 1 nothing found, 2 usage or corpus error.",
    "",
  ].join("\n");
}

/** Splits argv at the command: global options before it, the command's words and options after. */
function splitAtCommand(argv: string[]): { globals: string[]; name?: string; rest: string[] } {
  let i = 0;
  for (let arg = argv[i]; arg !== undefined; arg = argv[i]) {
    if (arg === "--corpus") i += 2;
    else if (arg.startsWith("-")) i += 1;
    else break;
  }
  return { globals: argv.slice(0, Math.min(i, argv.length)), name: argv[i], rest: argv.slice(i + 1) };
}

// Query words like "-vision" are exclusions, not options: no command has single-dash options.
const exclusionMark = "\u0000";

function commandArgs(
  command: Pick<Command, "options" | "minWords" | "usage">,
  rest: string[],
): { words: string[]; values: Values } {
  const { values, positionals } = parseArgs({
    args: rest.map((arg) => (/^-[^-]/.test(arg) ? `${exclusionMark}${arg}` : arg)),
    options: { ...command.options, json: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const words = positionals.map((word) => word.replace(exclusionMark, ""));
  if (words.length < command.minWords) throw new UsageError(`Usage: paperbot ${command.usage}`);
  const flat: Values = {};
  for (const [key, value] of Object.entries(values)) if (!Array.isArray(value)) flat[key] = value;
  return { words, values: flat };
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
      if (name !== undefined && name !== "help") io.stderr(`Unknown command “${name}”.\n\n`);
      io.stderr(usageText());
      return exitCodes.usage;
    }
    const { words, values: commandValues } = commandArgs(command ?? sayCommand, rest);
    let index: Promise<SearchIndex> | undefined;
    const context: CommandContext = {
      json: values.json === true || commandValues.json === true,
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
