import { type ParseArgsConfig, parseArgs } from "node:util";
import type { BotDeps } from "./bot/ports.js";
import { sayMessages, sayText } from "./console/say.js";
import { CorpusError, loadCorpus } from "./corpus/load.js";
import type { Paper } from "./corpus/types.js";
import { createSearchIndex } from "./search/index.js";
import { seededRandom } from "./search/seeded-random.js";
import type { CorpusStats, SearchHit, SearchIndex, SnippetPart } from "./search/types.js";

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
}

export const exitCodes = { found: 0, nothingFound: 1, usage: 2 } as const;

type OptionSpec = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | boolean | undefined>;

interface CommandContext {
  json: boolean;
  io: CliIo;
  stats(): Promise<CorpusStats>;
  index(): Promise<SearchIndex>;
  random(): number;
}

interface Command {
  usage: string;
  summary: string;
  options?: OptionSpec;
  /** Fewest words the command needs after its name. */
  minWords: number;
  run(context: CommandContext, words: string[], values: Values): Promise<number>;
}

class UsageError extends Error {}

const globalOptions: OptionSpec = { corpus: { type: "string" }, json: { type: "boolean" } };
const defaultSearchLimit = 10;

function paperJson(paper: Paper) {
  return {
    id: paper.id,
    headline: paper.headline,
    authors: paper.authors,
    etAl: paper.etAl,
    owners: paper.owners,
    abstract: paper.abstract,
  };
}

function snippetText(parts: SnippetPart[], mark: (text: string) => string = (text) => text): string {
  return parts.map((part) => (part.match ? mark(part.text) : part.text)).join("");
}

function hitJson(hit: SearchHit) {
  return {
    ...paperJson(hit.paper),
    score: Math.round(hit.score * 1000) / 1000,
    snippet: snippetText(hit.snippet),
  };
}

function authorLine(paper: Paper): string {
  return `${paper.authors.join(", ")}${paper.etAl ? " et al." : ""}`;
}

function paperText(paper: Paper): string {
  return `${paper.headline}  [${paper.id}]\n${authorLine(paper)}\n\n${paper.abstract}\n`;
}

function hitsText(hits: SearchHit[], from = 1): string {
  return hits
    .map(
      (hit, i) =>
        `${from + i}. ${hit.paper.headline}  [${hit.paper.id}]\n   ${authorLine(hit.paper)}\n   ${snippetText(hit.snippet, (t) => `*${t}*`)}\n`,
    )
    .join("\n");
}

function positiveInteger(value: string | boolean | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${option} needs a whole number, got "${value}".`);
  return parsed;
}

function print(context: CommandContext, json: unknown, text: string): void {
  context.io.stdout(context.json ? `${JSON.stringify(json, null, 2)}\n` : text);
}

function unknownId(context: CommandContext, id: string): number {
  print(context, { notFound: id }, `No paper has the id “${id}”.\n`);
  return exitCodes.nothingFound;
}

const commands: Record<string, Command> = {
  say: {
    usage: 'say "<text>"',
    summary: "every message the bot would send for /paper or @paperbot text (--json: Slack payloads)",
    minWords: 1,
    async run(context, words) {
      const index = await context.index();
      const deps: BotDeps = {
        index: () => index,
        random: context.random,
        now: () => new Date(),
        defaultTimeZone: "UTC",
      };
      const text = words.join(" ");
      if (context.json) context.io.stdout(`${JSON.stringify(await sayMessages(deps, text), null, 2)}\n`);
      else context.io.stdout(`${await sayText(deps, text)}\n`);
      return exitCodes.found;
    },
  },
  search: {
    usage: "search <query…> [--limit N]",
    summary: 'papers matching words, "phrases", author:name and -exclusions',
    options: { limit: { type: "string" } },
    minWords: 1,
    async run(context, words, values) {
      const query = words.join(" ");
      const result = (await context.index()).search(query, {
        limit: positiveInteger(values.limit, "limit", defaultSearchLimit),
      });
      const notice = result.notice ? `${result.notice}\n` : "";
      const text =
        result.total === 0
          ? `${notice}No papers match “${query}”.\n`
          : `${notice}${result.total} paper${result.total === 1 ? "" : "s"} match “${query}”:\n\n${hitsText(result.hits)}`;
      const json = { query, total: result.total, results: result.hits.map(hitJson), notice: result.notice };
      print(context, json, text);
      return result.total > 0 ? exitCodes.found : exitCodes.nothingFound;
    },
  },
  who: {
    usage: "who <topic…>",
    summary: "people who have worked on a topic, with their papers",
    options: { limit: { type: "string" } },
    minWords: 1,
    async run(context, words, values) {
      const topic = words.join(" ");
      const { people } = (await context.index()).who(topic, {
        limit: positiveInteger(values.limit, "limit", 5),
      });
      const json = {
        topic,
        people: people.map((p) => ({
          name: p.name,
          score: p.score,
          profiled: p.profiled,
          papers: p.papers.map((e) => e.paper.id),
        })),
      };
      const text =
        people.length === 0
          ? `Nobody found for “${topic}”.\n`
          : `Who has worked on “${topic}”:\n${people
              .map(
                (p, i) =>
                  `${i + 1}. ${p.name}${p.profiled ? "" : " (only papers where named)"}: ${p.papers
                    .map((e) => `${e.paper.headline} [${e.paper.id}]`)
                    .join("; ")}`,
              )
              .join("\n")}\n`;
      print(context, json, text);
      return people.length > 0 ? exitCodes.found : exitCodes.nothingFound;
    },
  },
  author: {
    usage: "author <name…>",
    summary: "a person's papers, co-authors and topics",
    minWords: 1,
    async run(context, words) {
      const name = words.join(" ");
      const lookup = (await context.index()).author(name);
      if (lookup.kind === "ambiguous") {
        const candidates = lookup.candidates.map((c) => ({ name: c.name, papers: c.papers }));
        const list = candidates
          .map((c) => `  ${c.name} (${c.papers} paper${c.papers === 1 ? "" : "s"})`)
          .join("\n");
        print(context, { ambiguous: candidates }, `“${name}” could be several people:\n${list}\n`);
        return exitCodes.nothingFound;
      }
      if (lookup.kind === "notFound") {
        const suggestions = lookup.suggestions.map((s) => s.name);
        const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.join(", ")}?` : "";
        print(context, { notFound: name, suggestions }, `No author matches “${name}”.${hint}\n`);
        return exitCodes.nothingFound;
      }
      const { summary } = lookup;
      const json = {
        name: summary.name,
        profiled: summary.profiled,
        papers: summary.papers.map((p) => ({ ...paperJson(p.paper), firstAuthor: p.firstAuthor })),
        coauthors: summary.coauthors.map((c) => ({ name: c.name, papers: c.papers })),
        topics: summary.topics,
      };
      const count = summary.papers.length;
      const text = [
        `${summary.name}: ${count} paper${count === 1 ? "" : "s"}${summary.profiled ? "" : " (only where named)"}`,
        summary.topics.length > 0 ? `Topics: ${summary.topics.join(", ")}` : "",
        summary.coauthors.length > 0
          ? `Frequent co-authors: ${summary.coauthors.map((c) => `${c.name} (${c.papers})`).join(", ")}`
          : "",
        "",
        ...summary.papers.map((p) => `${p.firstAuthor ? "* " : "  "}${p.paper.headline}  [${p.paper.id}]`),
        summary.papers.some((p) => p.firstAuthor) ? "\n* first author" : "",
      ]
        .filter((line, i, lines) => line !== "" || lines[i - 1] !== "")
        .join("\n");
      print(context, json, `${text}\n`);
      return exitCodes.found;
    },
  },
  paper: {
    usage: "paper <id>",
    summary: "one paper by id or unambiguous id prefix",
    minWords: 1,
    async run(context, words) {
      const id = words.join(" ");
      const paper = (await context.index()).paper(id);
      if (!paper) {
        return unknownId(context, id);
      }
      print(context, paperJson(paper), paperText(paper));
      return exitCodes.found;
    },
  },
  similar: {
    usage: "similar <id> [--limit N]",
    summary: "papers most like the given one",
    options: { limit: { type: "string" } },
    minWords: 1,
    async run(context, words, values) {
      const id = words.join(" ");
      const index = await context.index();
      const paper = index.paper(id);
      const hits = index.similar(id, { limit: positiveInteger(values.limit, "limit", 5) });
      if (!paper || !hits) {
        return unknownId(context, id);
      }
      const text = `Papers like “${paper.headline}” [${paper.id}]:\n\n${hitsText(hits)}`;
      print(context, { of: paperJson(paper), results: hits.map(hitJson) }, text);
      return hits.length > 0 ? exitCodes.found : exitCodes.nothingFound;
    },
  },
  random: {
    usage: "random [--seed N]",
    summary: "a random paper; the same seed always gives the same one",
    options: { seed: { type: "string" } },
    minWords: 0,
    async run(context, _words, values) {
      const source =
        values.seed === undefined ? context.random : seededRandom(positiveInteger(values.seed, "seed", 0));
      const index = await context.index();
      if (index.paperIds().length === 0) {
        print(context, { notFound: "paper" }, "The corpus has no papers.\n");
        return exitCodes.nothingFound;
      }
      const paper = index.random(source);
      print(context, paperJson(paper), paperText(paper));
      return exitCodes.found;
    },
  },
  stats: {
    usage: "stats",
    summary: "corpus size and loading problems",
    minWords: 0,
    async run(context) {
      const json = await context.stats();
      const problems = json.problems.map((p) => `  ${p.file}:${p.line}: ${p.message}`).join("\n");
      const text = `${json.papers} papers, ${json.people} people, ${json.profiles} profiles from ${json.files} files.\n${
        json.problems.length > 0 ? `${json.problems.length} problems:\n${problems}\n` : "No problems.\n"
      }`;
      print(context, json, text);
      return exitCodes.found;
    },
  },
};

export function usageText(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  return [
    "Usage: paperbot [--corpus DIR] [--json] <command> …",
    "",
    "Commands:",
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
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
  while (i < argv.length) {
    const arg = argv[i] as string;
    if (arg === "--corpus") i += 2;
    else if (arg.startsWith("-")) i += 1;
    else break;
  }
  return { globals: argv.slice(0, Math.min(i, argv.length)), name: argv[i], rest: argv.slice(i + 1) };
}

// Query words like "-vision" are exclusions, not options: no command has single-dash options.
const exclusionMark = "\u0000";

function commandArgs(command: Command, rest: string[]): { words: string[]; values: Values } {
  const { values, positionals } = parseArgs({
    args: rest.map((arg) => (/^-[^-]/.test(arg) ? `${exclusionMark}${arg}` : arg)),
    options: { ...command.options, json: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const words = positionals.map((word) => word.replace(exclusionMark, ""));
  if (words.length < command.minWords) throw new UsageError(`Usage: paperbot ${command.usage}`);
  return { words, values: values as Values };
}

/** Runs one paperbot command and returns its exit code; never throws. */
export async function runCli(argv: string[], io: CliIo, options: CliOptions = {}): Promise<number> {
  const { globals, name, rest } = splitAtCommand(argv);
  const command = name === undefined ? undefined : commands[name];
  try {
    const { values } = parseArgs({ args: globals, options: globalOptions, strict: true });
    if (!command) {
      if (name !== undefined && name !== "help") io.stderr(`Unknown command “${name}”.\n\n`);
      io.stderr(usageText());
      return exitCodes.usage;
    }
    const { words, values: commandValues } = commandArgs(command, rest);
    const dir = (values.corpus as string | undefined) ?? options.corpusDir ?? "seeds";
    const loadIndex = options.loadIndex ?? ((folder: string) => loadCorpus(folder).then(createSearchIndex));
    let index: Promise<SearchIndex> | undefined;
    const context: CommandContext = {
      json: values.json === true || commandValues.json === true,
      io,
      stats: () => context.index().then((loaded) => loaded.stats()),
      index: () => {
        index ??= loadIndex(dir);
        return index;
      },
      random: options.random ?? Math.random,
    };
    return await command.run(context, words, commandValues);
  } catch (error) {
    if (error instanceof CorpusError || error instanceof UsageError) {
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
