import Database from "better-sqlite3";
import { z } from "zod";
import type { Corpus, Problem } from "../corpus/types.js";
import { acronymTableOf } from "./analyze.js";
import { createAuthors } from "./authors.js";
import { createPeopleIndex } from "./people.js";
import { parseQuery } from "./query.js";
import { createSearch } from "./search.js";
import { similarTo } from "./similar.js";
import { indexStoreOf } from "./store-read.js";
import { writeIndex } from "./store-write.js";
import { createDictionary } from "./terms.js";
import type { CorpusStats, SearchIndex } from "./types.js";
import { expertsOf } from "./who.js";

/** A search index over an open SQLite file; `close` lets the file go once nothing reads from it. */
export interface OpenIndex extends SearchIndex {
  close(): void;
}

const storedStats = z.object({
  papers: z.number().int().min(0),
  people: z.number().int().min(0),
  profiles: z.number().int().min(0),
  files: z.number().int().min(0),
});
const storedProblems = z.array(z.object({ file: z.string(), line: z.number(), message: z.string() }));

/** The SearchIndex over an index database written by writeIndex (and checked by the caller). */
export function searchIndexOf(db: Database.Database): OpenIndex {
  const store = indexStoreOf(db);
  const counts = storedStats.parse(JSON.parse(store.meta("stats") ?? "null"));
  const problems: Problem[] = storedProblems.parse(JSON.parse(store.meta("problems") ?? "null"));
  const stats: CorpusStats = { ...counts, problems };
  const papers = counts.papers;
  const acronyms = acronymTableOf(store.acronyms());
  const dictionary = createDictionary({
    papers: store.wordPapers,
    wordsBetween: store.wordsBetween,
  });
  const people = createPeopleIndex(store);
  const context = { store, dictionary, acronyms, people, papers };
  const { search, planOf, matchesFor } = createSearch(context);
  const authors = createAuthors(context);

  const paperAt = (id: string) => {
    const wanted = id.trim();
    return wanted === "" || !/^[\p{L}\p{N}]+$/u.test(wanted) ? undefined : store.paperByIdOrPrefix(wanted);
  };
  return {
    stats: () => stats,
    paperIds: () => store.paperIds(),
    search,
    who(topic, options = {}) {
      const plan = planOf({ ...parseQuery(topic), authors: [] });
      if (plan.groups.length + plan.phrases.length === 0)
        return { topic, total: 0, offset: options.offset ?? 0, people: [] };
      return expertsOf(store, topic, (p, limit) => matchesFor(p, 0, limit), plan, {
        limit: options.limit ?? 5,
        offset: options.offset ?? 0,
      });
    },
    author: authors.author,
    authorByKey: authors.authorByKey,
    paper: (id) => paperAt(id)?.paper,
    similar(id, options = {}) {
      const found = paperAt(id);
      if (found === undefined) return undefined;
      return similarTo(store, dictionary, found.paper.abstract, found.rowid, {
        limit: options.limit ?? 5,
        papers,
      });
    },
    random(random) {
      if (papers === 0) throw new Error("The corpus has no papers to pick from.");
      const rowid = Math.min(papers, Math.floor(random() * papers) + 1);
      const paper = store.papers([rowid]).get(rowid);
      if (paper === undefined) throw new Error(`The index holds no paper at ${rowid}.`);
      return paper;
    },
    close: () => store.close(),
  };
}

/** An index of a corpus built in memory: for tests, the evaluation and the CLI without a cache folder. */
export function createSearchIndex(corpus: Corpus): OpenIndex {
  const db = new Database(":memory:");
  writeIndex(db, corpus, { fingerprint: "memory" });
  return searchIndexOf(db);
}
