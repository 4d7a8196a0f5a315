import type { ParseArgsConfig } from "node:util";
import type { Intent } from "../bot/intents.js";
import { seededRandom } from "../search/seeded-random.js";
import { SAVED_SUMMARY, SAVED_USAGE } from "./saved-export.js";

// The paperbot commands: their words, options and usage, and the intent each asks the bot.

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;
export type Values = Record<string, string | boolean | undefined>;

/** What a command asks the bot: the intent of its words, and (random) its own random source. */
export interface Command {
  usage: string;
  summary: string;
  options?: OptionSpec;
  /** Fewest words the command needs after its name. */
  minWords: number;
  intent(words: string[], values: Values): Intent;
  random?(values: Values): (() => number) | undefined;
}

/** A command line the commands cannot read: its message is shown with the usage. */
export class UsageError extends Error {}

const defaultSearchLimit = 10;

function positiveInteger(value: string | boolean | undefined, option: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${option} needs a whole number, got "${value}".`);
  return parsed;
}

export const commands: Record<string, Command> = {
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

export const SAY_USAGE = 'say "<text>"';
const SAY_SUMMARY = "every message the bot would send for /paper or @paperbot text (--json: Slack payloads)";

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
