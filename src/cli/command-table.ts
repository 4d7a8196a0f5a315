import type { Intent } from "../bot/intents.js";
import { askedTopicOf } from "../bot/phrasings.js";
import { seededRandom } from "../search/seeded-random.js";

/** Where the CLI writes: its standard output and error. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

// The paperbot data commands: their words, options and usage, and the intent each asks the bot.

export type Values = { limit?: number; seed?: number };

/** What a command asks the bot: the intent of its words, and (random) its own random source. */
export interface DataCommand {
  name: string;
  /** Its words and options as the usage shows them; "<…>" words are required. */
  usage: string;
  summary: string;
  /** Options it takes (their values parsed as whole numbers). */
  options: ("limit" | "seed")[];
  intent(words: string[], values: Values): Intent;
  random?(values: Values): (() => number) | undefined;
}

const defaultSearchLimit = 10;

export const dataCommands: DataCommand[] = [
  {
    name: "search",
    usage: "<query…> [--limit N]",
    summary: 'papers matching words, "phrases", author:name, -exclusions and OR',
    options: ["limit"],
    intent: (words, values) => ({
      kind: "search",
      query: words.join(" "),
      offset: 0,
      shortened: false,
      paging: false,
      limit: values.limit ?? defaultSearchLimit,
    }),
  },
  {
    name: "who",
    usage: "<topic…> [--limit N]",
    summary: "people who have worked on a topic, with their papers (N lines, 5 by default)",
    options: ["limit"],
    // "who has worked on reward models?" reads as @paperbot reads it: the topic is "reward models".
    intent: (words, values) => ({
      kind: "who",
      topic: askedTopicOf(`who ${words.join(" ")}`) ?? words.join(" "),
      offset: 0,
      paging: false,
      limit: values.limit ?? 5,
    }),
  },
  {
    name: "author",
    usage: "<name…>",
    summary: "a person's papers, co-authors and topics",
    options: [],
    intent: (words) => ({ kind: "author", name: words.join(" ") }),
  },
  {
    name: "paper",
    usage: "<id>",
    summary: "one paper by id or unambiguous id prefix, with its whole abstract",
    options: [],
    intent: (words) => ({ kind: "paper", id: words.join(" "), full: true }),
  },
  {
    name: "similar",
    usage: "<id> [--limit N]",
    summary: "papers most like the given one",
    options: ["limit"],
    intent: (words, values) => ({ kind: "similar", id: words.join(" "), limit: values.limit ?? 5 }),
  },
  {
    name: "random",
    usage: "[--seed N]",
    summary: "a random paper; the same seed always gives the same one",
    options: ["seed"],
    intent: () => ({ kind: "random" }),
    random: (values) => (values.seed === undefined ? undefined : seededRandom(values.seed)),
  },
  {
    name: "stats",
    usage: "",
    summary: "corpus size and loading problems",
    options: [],
    intent: () => ({ kind: "stats" }),
  },
];
