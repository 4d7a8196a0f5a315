import type { Member, Paper, Problem } from "../corpus/types.js";
import type { Years } from "./query.js";

/** A piece of a snippet; `match` pieces are the query's words, shown in bold. */
export type SnippetPart = { text: string; match: boolean };

export interface SearchHit {
  paper: Paper;
  score: number;
  /** The best sentence of the abstract with the matched words marked (a run of them as one part). */
  snippet: SnippetPart[];
  /** For a paper like another: the distinctive terms it shares with it, as that one writes them, most telling first. */
  shares?: string[];
}

/** `snippets: false` leaves each hit's snippet empty: for callers that want only which papers, and how they rank. */
export type SearchOptions = { limit?: number; offset?: number; snippets?: boolean };

export interface SearchResult {
  query: string;
  total: number;
  /** More papers may match than `total`: only the best of them were read (`candidates`). */
  orMore?: true;
  offset: number;
  hits: SearchHit[];
  /** A hint for the user, e.g. that the query held only stop words. */
  notice?: string;
  /** The query as searched, when words the corpus does not know were corrected: the hits are for this text. */
  showingFor?: string;
  /** Only when nothing matched: queries close to this one that do match, best first ("did you mean"). */
  didYouMean?: string[];
  /** Words no paper holds. */
  missing?: string[];
  /** Keys of the people the papers are by, when the query named them. */
  by?: string[];
  /** A name the papers were to be by that is nobody's, and the names near it. */
  unknownAuthor?: { name: string; near: PersonCandidate[] };
}

export interface Expert {
  key: string;
  name: string;
  score: number;
  /** True when this person has a file: their papers are all known, not only where they are visible. */
  profiled: boolean;
  /** Evidence: the matching papers they wrote (or own), most relevant first. */
  papers: { paper: Paper; score: number }[];
}

export interface WhoResult {
  topic: string;
  /** The topic as searched, when a word of it was corrected ("rewrad models" → "reward models"). */
  showingFor?: string;
  /** Whose papers were read, when the topic names people ("Who worked on it with Rui Zheng."). */
  notice?: string;
  /** How many people the topic has in all (for paging). */
  total: number;
  offset: number;
  people: Expert[];
}

export interface AuthorSummary {
  key: string;
  name: string;
  profiled: boolean;
  /** First-author papers first, then in the order of the author line, papers known only from their file last. */
  papers: { paper: Paper; firstAuthor: boolean }[];
  coauthors: PersonCandidate[];
  /** Phrases that set this person apart from the corpus (named methods, terms), most distinctive first. */
  topics: string[];
}

export type PersonCandidate = { key: string; name: string; papers: number };

export type AuthorLookup =
  | { kind: "found"; summary: AuthorSummary }
  | { kind: "ambiguous"; query: string; candidates: PersonCandidate[] }
  /** `slipOf`: the one suggestion whose name the typed words are a slip of ("enyu zhuo" → Enyu Zhou). */
  | { kind: "notFound"; query: string; suggestions: PersonCandidate[]; slipOf?: PersonCandidate };

/** The size of the corpus behind an index, and what the loader skipped. */
export interface CorpusStats {
  papers: number;
  people: number;
  /** People with a file of their own. */
  profiles: number;
  /** Author files read (including skipped ones). */
  files: number;
  problems: Problem[];
  /** The group's members (members.yml); absent without one. */
  members?: readonly Member[];
}

/** Lookups of one row or a list in memory (microseconds): answered on the caller's thread, no round trip. */
export interface PaperLookups {
  stats(): CorpusStats;
  /** Every paper id, in a stable order. */
  paperIds(): readonly string[];
  /** Accepts a full id or an unambiguous prefix, case-insensitive. */
  paper(id: string): Paper | undefined;
  /** A random paper; `random` returns a float in [0, 1). */
  random(random: () => number): Paper;
}

/** The queries that rank or count many papers: milliseconds, some tens of them at 100,000 papers. */
export interface EngineQueries {
  search(query: string, options?: SearchOptions): SearchResult;
  who(topic: string, options?: SearchOptions): WhoResult;
  author(name: string): AuthorLookup;
  /** The summary of the person with this key (from a button), or undefined when they are no longer in the corpus. */
  authorByKey(key: string): AuthorSummary | undefined;
  /** Papers most like the given one (never itself), from `offset`; undefined when the id is unknown. */
  similar(id: string, options?: SearchOptions): SearchHit[] | undefined;
  /** The people behind the paper and the papers like it; `others`: without its own authors. */
  whoLike(id: string, options?: SearchOptions & { others?: boolean }): WhoResult | undefined;
  /** How many papers hold each word (by its stem): 0 for a stop word and for a word no paper holds. */
  papersWithWords(words: readonly string[]): number[];
}

/** The engine itself, synchronous: what a search worker runs, and what the evaluation and benchmarks measure. */
export interface SearchEngine extends PaperLookups, EngineQueries {}

/** The queries as the bot asks them: answered off the event loop, by a search worker. */
export type SearchQueries = {
  [K in keyof EngineQueries]: (
    ...args: Parameters<EngineQueries[K]>
  ) => Promise<ReturnType<EngineQueries[K]>>;
};

/** Everything the bot asks of the corpus; the corpus itself stays behind it (on disk, not on the heap). */
export interface SearchIndex extends PaperLookups, SearchQueries {}

/** One thing typed ("rewrad", "PPO-max"), its searched words folded (corrected: "reward"; "ppo", "max"). */
export interface Term {
  typed: string;
  words: string[];
  /** A compound as the corpus writes it joined ("ppomax"), found as well as its parts. */
  joined?: string;
  corrected: boolean;
  /** For a word no paper writes whole, the words of the corpus it starts ("math": mathematical, mathematics). */
  starts?: string[];
  /** A correction that changes a letter for another ("hacking" → lacking), not a swap, an added or dropped one. */
  changed?: boolean;
  /** Papers holding it (its rarest word), and its weight in the match policy (IDF). */
  papers: number;
  weight: number;
}

/** A parsed query in the corpus's terms; `missing`: words no paper holds and nothing corrects (named). */
export interface Plan {
  terms: Term[];
  missing: string[];
  /** A missing word's weight, ln(N + 1): more than one paper's word, less than Lucene's IDF of none (too much). */
  missingWeight: number;
  /** Quoted phrases and exclusions, their searched words. */
  phrases: string[][];
  /** The phrases' words' IDF: every paper a phrase matches holds them, so they count as terms held. */
  phraseWeight: number;
  excluded: string[][];
  /** Names the papers must be by (`author:` and names among the words), and those among the words. */
  authors: string[];
  named: string[];
  /** The years the papers must be from, and whether the newest come first ("recent"). */
  years?: Years;
  /** The years are a bare year among the words ("agents 2023"): where no paper of the rest is from them, any year. */
  yearsBare?: true;
  /** Years asked for were left out, said or bare: no paper has a year ("papers from 2024" of author files). */
  yearsUnknown?: true;
  newest: boolean;
  /** The plans of the sides of an `OR`: a paper matching any of them matches; the fields above hold them all. */
  alternatives?: Plan[];
}
