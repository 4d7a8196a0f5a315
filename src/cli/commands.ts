import { Command, CommanderError, InvalidArgumentError } from "commander";
import { answer, answerIntent } from "../bot/answer.js";
import type { Intent } from "../bot/intents.js";
import type { Answer, BotDeps } from "../bot/ports.js";
import type { Reply } from "../bot/reply.js";
import type { BotRequest } from "../bot/request.js";
import { typedRequestOf } from "../bot/request.js";
import { CorpusError, loadCorpus } from "../corpus/load.js";
import { sameThreadIndex } from "../index/same-thread.js";
import { replyJson } from "../render/json.js";
import { postPayload, responsePayload } from "../render/payloads.js";
import { renderAnswerText, renderTerminal } from "../render/terminal.js";
import { createSearchEngine } from "../search/engine.js";
import type { SearchIndex } from "../search/types.js";
import { type CliIo, type DataCommand, dataCommands, type Values } from "./command-table.js";
import { runSavedExport, SAVED_SUMMARY, type SavedExportOptions, SavedUsageError } from "./saved-export.js";

/** Where the CLI writes; injected so tests can read it. */
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
interface OfflineState {
  deps: Pick<BotDeps, "daily" | "follows" | "readingList" | "stateStatus" | "defaultTimeZone">;
  close(): Promise<void>;
}

const exitCodes = { found: 0, nothingFound: 1, usage: 2 } as const;

interface CommandContext {
  json: boolean;
  openState?: CliOptions["openState"];
  io: CliIo;
  index(): Promise<SearchIndex>;
  random(): number;
}

const CLI_ASKER = { userId: "U0CLI", channelId: "C0CLI" };

/** Replies that found nothing, or only ask which one was meant: exit 1. */
const NOTHING_FOUND = new Set<Reply["kind"]>(["notFound", "ambiguous", "info"]);

function exitCodeOf(reply: Reply): number {
  if (reply.kind === "error") return exitCodes.usage;
  return NOTHING_FOUND.has(reply.kind) ? exitCodes.nothingFound : exitCodes.found;
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
  const deps: BotDeps = {
    index: () => index,
    random: context.random,
    now: () => new Date(),
    defaultTimeZone: "UTC",
  };
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
  command: DataCommand,
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

/** Without a cache folder: the corpus parsed and indexed in memory, searched on this thread. */
const indexInMemory = async (folder: string) => sameThreadIndex(createSearchEngine(await loadCorpus(folder)));

function wholeNumber(option: string) {
  return (value: string): number => {
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0)
      throw new InvalidArgumentError(`--${option} needs a whole number, got "${value}".`);
    return parsed;
  };
}

// Query words like "-vision" are exclusions, not options: no command has single-dash options but -h.
const EXCLUSION_MARK = "\u0000";
const markExclusions = (argv: string[]) =>
  argv.map((arg) => (/^-[^-h]|^-h./.test(arg) ? `${EXCLUSION_MARK}${arg}` : arg));
const wordsOf = (words: string[]) => words.map((word) => word.replace(EXCLUSION_MARK, ""));

/** The paperbot program: each action resolves to the exit code it leaves in `done`. */
function program(io: CliIo, options: CliOptions, done: (code: Promise<number>) => void): Command {
  const cli = new Command("paperbot")
    .usage("[--corpus DIR] [--json] <command> …")
    .option("--corpus <DIR>", "folder of author files (default: $CORPUS_DIR, else seeds)")
    .option("--json", "machine-readable output")
    .helpOption("-h, --help", "this usage")
    .helpCommand("help [command]", "this usage, or a command's")
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (message, write) => write(`paperbot: ${message.replace(/^error: /, "")}`),
    })
    .configureHelp({
      subcommandTerm: (command) => `${command.name()} ${command.usage().replace("[options]", "")}`.trim(),
    })
    .showHelpAfterError()
    .addHelpText("after", "\nExit codes: 0 found, 1 nothing found, 2 usage or corpus error.");

  let index: Promise<SearchIndex> | undefined;
  const contextOf = (): CommandContext => {
    const globals = cli.opts<{ corpus?: string; json?: boolean }>();
    const dir = globals.corpus ?? options.corpusDir ?? "seeds";
    return {
      json: globals.json === true,
      io,
      index: () => {
        index ??= (options.loadIndex ?? indexInMemory)(dir);
        return index;
      },
      random: options.random ?? Math.random,
      openState: options.openState,
    };
  };

  for (const command of dataCommands) {
    const sub = cli.command(command.name).usage(command.usage).description(command.summary);
    const words = /<(\w+)…>/.exec(command.usage)?.[1] ?? /<(\w+)>/.exec(command.usage)?.[1];
    if (words !== undefined) sub.argument(`<${words}...>`);
    if (command.options.includes("limit")) sub.option("--limit <N>", "how many", wholeNumber("limit"));
    if (command.options.includes("seed")) sub.option("--seed <N>", "the random seed", wholeNumber("seed"));
    sub.action((typed: string[] | Values, values: Values | undefined) => {
      const given = Array.isArray(typed)
        ? { words: wordsOf(typed), values: values ?? {} }
        : { words: [], values: typed };
      done(runCommand(contextOf(), command, given.words, given.values));
    });
  }
  cli
    .command("say")
    .usage('"<text>"')
    .description("every message the bot would send for /paper or @paperbot text (--json: Slack payloads)")
    .argument("<text...>")
    .action((text: string[]) => done(runSay(contextOf(), wordsOf(text).join(" "))));
  cli
    .command("saved")
    .usage("export --user U… [--out FILE] [--bib]")
    .description(SAVED_SUMMARY)
    .command("export")
    .usage("--user U… [--out FILE] [--bib]")
    .requiredOption("--user <U…>", "the Slack user id whose reading list it is")
    .option("--out <FILE>", "write it to FILE (BibTeX when FILE ends in .bib, else Markdown)")
    .option("--bib", "BibTeX instead of Markdown (stdout or --out)")
    .action((values: { user: string; out?: string; bib?: boolean }) => {
      const context = contextOf();
      done(
        runSavedExport(
          values,
          io,
          { json: context.json, index: context.index, now: () => new Date() },
          options.saved,
        ),
      );
    });
  return cli;
}

/** Runs one paperbot command and returns its exit code; never throws. */
export async function runCli(argv: string[], io: CliIo, options: CliOptions = {}): Promise<number> {
  let result: Promise<number> = Promise.resolve(exitCodes.usage);
  try {
    await program(io, options, (code) => {
      result = code;
    }).parseAsync(markExclusions(argv), { from: "user" });
    return await result;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? exitCodes.found : exitCodes.usage;
    if (error instanceof CorpusError || error instanceof SavedUsageError) {
      io.stderr(`paperbot: ${error.message}\n`);
    } else {
      io.stderr(
        `paperbot: something went wrong: ${error instanceof Error ? error.message : String(error)}\n`,
      );
    }
    return exitCodes.usage;
  }
}
