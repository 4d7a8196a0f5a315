import type { EngineName } from "./engines.js";
import type { Summary } from "./stats.js";

/** One engine on one corpus, as the child process reports it (times in ms, sizes in MB). */
export interface EngineMeasurement {
  engine: EngineName;
  papers: number;
  files: number;
  problems: number;
  parseMs: number;
  buildMs: number;
  /** Heap in use after build and a full GC: corpus plus index. */
  heapMB: number;
  /** The index's share of the heap (after build minus after parse); null where the index lives in its file. */
  indexHeapMB: number | null;
  rssMB: number;
  /** The stored index (ours: the SQLite file; plain: MiniSearch's JSON) and how long loading it back takes. */
  snapshot: { mb: number; saveMs: number; loadMs: number } | null;
  /** Every search the targets count: known items with and without typos, topics and hostile text. */
  search: Summary;
  searchKnownItem: Summary;
  searchTypo: Summary;
  searchTopic: Summary;
  /** A topic with an author's name typed among the words, or as `author:"…"`. */
  searchByName: Summary;
  /** Query syntax used wrongly, 3,000 random letters, hundreds of random words. */
  searchHostile: Summary;
  similar: Summary | null;
  who: Summary | null;
  author: Summary | null;
  /** Mean reciprocal rank within 10 over every known-item query scored (exact, and the same with a typo). */
  mrr10: number;
  mrr10Typo: number;
  knownItems: { queries: number; unresolvedTargets: number };
  /** Each known-item query's reciprocal rank within 10, in query-set order; NaN where the target is not one paper.
   * `phrase`: the same papers sought by three words in a row remembered from them (common words, mostly). */
  reciprocalRanks: { exact: number[]; typo: number[]; phrase: number[] };
  mrr10Phrase: number;
  /**
   * A fresh process starting over an unchanged corpus with a warm CACHE_DIR (loadIndex end to end), ours only;
   * `coldMs`: the start before it, with an empty CACHE_DIR, as the bot builds (reading here, parse and build in a
   * process of its own).
   */
  restart?: { ms: number; rssMB: number; source: string; coldMs: number } | { error: string };
  /** Event-loop delay while the queries ran one per tick: what a Slack request arriving meanwhile would wait. */
  eventLoopDelay: { p50: number; p99: number; max: number };
}

/** The child prints its result on one stdout line starting with this. */
export const RESULT_PREFIX = "RESULT ";
