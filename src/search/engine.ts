import Database from "better-sqlite3";
import { z } from "zod";
import { problemSchema } from "../corpus/problem-schema.js";
import type { Corpus, Member, Problem } from "../corpus/types.js";
import { acronymTableOf, foldedText, isStopWord } from "./analyze.js";
import { createAuthors } from "./authors.js";
import { storedLengthSchema } from "./lengths.js";
import { createPeopleIndex } from "./people.js";
import { parseQuery } from "./query.js";
import { createSearch } from "./search.js";
import { showingFor } from "./shown.js";
import { evidenceLike, similarTo } from "./similar.js";
import { type IndexStore, indexStoreOf } from "./store-read.js";
import { writeIndex } from "./store-write.js";
import { createDictionary } from "./terms.js";
import type { CorpusStats, PaperLookups, SearchEngine } from "./types.js";
import { evidencePapers, expertsOf } from "./who.js";

/** The search engine over an open SQLite file; `close` lets the file go. */
export interface OpenEngine extends SearchEngine {
  close(): void;
}

const storedStats = z.object({
  papers: z.number().int().min(0),
  people: z.number().int().min(0),
  profiles: z.number().int().min(0),
  files: z.number().int().min(0),
});
const storedProblems = z.array(problemSchema);
const storedMembers = z.array(
  z.object({
    name: z.string(),
    key: z.string(),
    aliases: z.array(z.string()),
    slack: z.string().optional(),
  }),
);

/** The cheap lookups over an index database written by writeIndex (and checked by the caller). */
export function paperLookupsOf(db: Database.Database): PaperLookups & { close(): void } {
  const store = indexStoreOf(db);
  return lookupsOf(store, statsOf(store));
}

function statsOf(store: IndexStore): CorpusStats {
  const counts = storedStats.parse(JSON.parse(store.meta("stats") ?? "null"));
  const problems: Problem[] = storedProblems.parse(JSON.parse(store.meta("problems") ?? "null"));
  const members: Member[] = storedMembers
    .parse(JSON.parse(store.meta("members") ?? "[]"))
    .map(({ slack, ...member }) => ({ ...member, ...(slack === undefined ? {} : { slack }) }));
  return { ...counts, problems, ...(members.length > 0 ? { members } : {}) };
}

function lookupsOf(store: IndexStore, stats: CorpusStats) {
  const papers = stats.papers;
  return {
    stats: () => stats,
    paperIds: () => store.paperIds(),
    paper: (id: string) => paperAt(store, id)?.paper,
    random(random: () => number) {
      if (papers === 0) throw new Error("The corpus has no papers to pick from.");
      const rowid = Math.min(papers, Math.floor(random() * papers) + 1);
      const paper = store.papers([rowid]).get(rowid);
      if (paper === undefined) throw new Error(`The index holds no paper at ${rowid}.`);
      return paper;
    },
    close: () => store.close(),
  };
}

function paperAt(store: IndexStore, id: string) {
  const wanted = id.trim();
  return wanted === "" || !/^[\p{L}\p{N}]+$/u.test(wanted) ? undefined : store.paperByIdOrPrefix(wanted);
}

/** The engine over an index database written by writeIndex (and checked by the caller). */
/** `fewPapers`: see SearchContext (tests set it to compare the two ways of searching an author's papers). */
export function searchEngineOf(db: Database.Database, options: { fewPapers?: number } = {}): OpenEngine {
  const store = indexStoreOf(db);
  const stats = statsOf(store);
  const papers = stats.papers;
  const acronyms = acronymTableOf(store.acronyms());
  const dictionary = createDictionary({
    papers: store.wordPapers,
    wordsBetween: store.wordsBetween,
  });
  const people = createPeopleIndex(store);
  const lengths = storedLengthSchema.parse(JSON.parse(store.meta("lengths") ?? "null"));
  const context = { store, dictionary, acronyms, people, papers, lengths, ...options };
  const { search, planOf, evidenceFor } = createSearch(context);
  const authors = createAuthors(context);

  return {
    ...lookupsOf(store, stats),
    search,
    who(topic, options = {}) {
      const plan = planOf(parseQuery(topic));
      if (plan.groups.length + plan.phrases.length === 0)
        return { topic, total: 0, offset: options.offset ?? 0, people: [] };
      const result = expertsOf(store, topic, evidenceFor(plan, evidencePapers), {
        limit: options.limit ?? 5,
        offset: options.offset ?? 0,
      });
      const shown = showingFor(topic, plan, result.people[0]?.papers[0]?.paper);
      return shown === undefined || shown === topic ? result : { ...result, showingFor: shown };
    },
    author: authors.author,
    authorByKey: authors.authorByKey,
    similar(id, options = {}) {
      const found = paperAt(store, id);
      if (found === undefined) return undefined;
      return similarTo(store, dictionary, found.paper.abstract, found.rowid, {
        limit: options.limit ?? 5,
        offset: options.offset ?? 0,
        papers,
      });
    },
    whoLike(id, options = {}) {
      const found = paperAt(store, id);
      if (found === undefined) return undefined;
      const evidence = evidenceLike(store, dictionary, found, { papers, others: options.others ?? false });
      return expertsOf(store, found.paper.headline, evidence, {
        limit: options.limit ?? 5,
        offset: options.offset ?? 0,
      });
    },
    papersWithWords(words) {
      const terms = store.termsOf(words);
      return words.map((word, at) => {
        const counts = (terms[at] ?? []).map((term) => store.termPapers(term));
        // A word the tokenizer splits ("r&d") is in no more papers than its rarest part.
        return counts.length === 0 || isStopWord(foldedText(word)) ? 0 : Math.min(...counts);
      });
    },
  };
}

/** The engine over a corpus indexed in memory: for tests, the evaluation and the CLI without a cache folder. */
export function createSearchEngine(corpus: Corpus, options: { fewPapers?: number } = {}): OpenEngine {
  const db = new Database(":memory:");
  writeIndex(db, corpus, { fingerprint: "memory" });
  return searchEngineOf(db, options);
}
