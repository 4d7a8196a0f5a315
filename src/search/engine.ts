import Database from "better-sqlite3";
import type SearchableMap from "minisearch/SearchableMap";
import { z } from "zod";
import { identifierKeysIn } from "../corpus/identifiers.js";
import { memberSchema } from "../corpus/members.js";
import { problemSchema } from "../corpus/problem-schema.js";
import type { Corpus } from "../corpus/types.js";
import { foldedText, isStopWord, stemOf } from "./analyze.js";
import { createAuthors } from "./authors.js";
import { type SearchDefaults, searchDefaults } from "./defaults.js";
import { createPeopleIndex } from "./people.js";
import { showingFor, vocabularyMap } from "./plan.js";
import { createSearch } from "./search.js";
import { evidenceOfLike, likeOf, similarHits } from "./similar.js";
import { type IndexStore, indexStoreOf } from "./store-read.js";
import { writeIndex } from "./store-write.js";
import type { CorpusStats, PaperLookups, SearchEngine, SearchOptions } from "./types.js";
import { expertsOf } from "./who.js";

/** The search engine over an open SQLite file; `close` lets the file go. */
export interface OpenEngine extends SearchEngine {
  close(): void;
  /** Builds now what the first misspelt query or name would wait a second for at 100,000 papers: the trees. */
  warm(): void;
}

const count = z.number().int().min(0);
const storedStats = z.object({ papers: count, people: count, profiles: count, files: count });
// The corpus's member schema with the key each member was stored with (in Member's order: name, key, the rest).
const { name: memberName, ...memberRest } = memberSchema.shape;
const storedMembers = z.array(z.object({ name: memberName, key: z.string(), ...memberRest }));

/** The cheap lookups over an index database written by writeIndex (and checked by the caller). */
export function paperLookupsOf(
  db: Database.Database,
  store = indexStoreOf(db),
): PaperLookups & { close(): void } {
  const read = (key: string, empty: string) => JSON.parse(store.meta(key) ?? empty);
  const members = storedMembers.parse(read("members", "[]"));
  const stats: CorpusStats = {
    ...storedStats.parse(read("stats", "null")),
    problems: z.array(problemSchema).parse(read("problems", "null")),
    ...(members.length > 0 ? { members } : {}),
  };
  const { papers } = stats;
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

/** A paper by its id (or the start of one, or an id it had), else by an identifier pasted: DOI, arXiv id, citation key. */
function paperAt(store: IndexStore, id: string) {
  const wanted = id.trim();
  if (wanted === "") return undefined;
  const own = /^[\p{L}\p{N}]+$/u.test(wanted) ? store.paperByIdOrPrefix(wanted) : undefined;
  return own ?? store.paperByIdentifier(identifierKeysIn(wanted));
}

/** The engine over an index database written by writeIndex (and checked by the caller). */
export function searchEngineOf(db: Database.Database, defaults: SearchDefaults = searchDefaults): OpenEngine {
  const store = indexStoreOf(db);
  const lookups = paperLookupsOf(db, store);
  const papers = lookups.stats().papers;
  let vocabulary: SearchableMap<number> | undefined;
  const vocabularyOf = () => (vocabulary ??= vocabularyMap(store, defaults));
  const people = createPeopleIndex(store, defaults);
  const context = { store, people, papers, defaults, vocabulary: vocabularyOf };
  const { search, evidenceFor } = createSearch(context);
  const page = (options: SearchOptions) => ({
    limit: options.limit ?? 5,
    offset: options.offset ?? 0,
    defaults,
  });
  const like = (id: string) => {
    const found = paperAt(store, id);
    return found && { found, like: likeOf(store, found, { papers, defaults }) };
  };

  return {
    ...lookups,
    warm() {
      vocabularyOf();
      people.warm();
    },
    search,
    who(topic, options = {}) {
      const evidence = evidenceFor(topic, defaults.evidencePapers);
      const shown = showingFor(topic, evidence.plan);
      const result = expertsOf(store, topic, evidence, page(options));
      return shown === undefined ? result : { ...result, showingFor: shown };
    },
    ...createAuthors(context),
    similar(id, options = {}) {
      const found = like(id);
      const { offset, limit } = page(options);
      return found && similarHits(store, found.like, offset, limit);
    },
    whoLike(id, options = {}) {
      const found = like(id);
      if (found === undefined) return undefined;
      const { paper } = found.found;
      const leaving = options.others ? [...paper.authorKeys, ...paper.ownerKeys] : [];
      const evidence = evidenceOfLike(found.like, found.found, defaults.evidencePapers);
      return expertsOf(store, paper.headline, { ...evidence, leaving }, page(options));
    },
    papersWithWords(words) {
      return words.map((word) => {
        const folded = foldedText(word);
        return isStopWord(folded) ? 0 : store.termPapers(stemOf(folded));
      });
    },
  };
}

/** The engine over a corpus indexed in memory: for tests, the evaluation and the CLI without a cache folder. */
export function createSearchEngine(corpus: Corpus, defaults: SearchDefaults = searchDefaults): OpenEngine {
  const db = new Database(":memory:");
  writeIndex(db, corpus, { fingerprint: "memory" });
  return searchEngineOf(db, defaults);
}
