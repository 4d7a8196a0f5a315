import type { AcronymTable, AcronymTerms } from "./analyze.js";
import type { NameSlip } from "./named-authors.js";
import type { Candidate, Dictionary } from "./terms.js";

/** One thing the user asked for: a word, a hyphenated compound, or an acronym with its long forms. */
export interface WordGroup {
  /** As typed (folded): "rewrad", "agentgym rl". */
  typed: string;
  /** As searched: the correction of a typo, else as typed. */
  shown: string;
  /** Phrases of words as written, any of which matches the group. */
  alternatives: string[][];
  /** Words that are the typed word itself (or its plural): a paper holding one ranks above stem-only matches. */
  exact: string[];
  /** Longer or shorter words the typed one may stand for ("math" ↔ "mathematical"): a paper lacking the word
   * itself but holding one of these is a nearer miss than one holding neither (looked up when asked). */
  related: () => string[];
  corrected: boolean;
  /** For a corrected word: every near word of the corpus, nearest then commonest, for the rest of the query to pick from. */
  candidates?: Candidate[];
  /** Near words two edits away, when `candidates` holds only words one edit away (read when asked). */
  furtherCandidates?: (() => Candidate[]) | undefined;
  /** The typed word is English: read as a slip only where the rest of the query confirms the reading. */
  realWord?: boolean;
  /** How an unconfirmed English word is read instead: finished as typed so far, when it is the last word. */
  otherwise?: WordGroup;
  /** A slip of this stop word ("wiht"): nothing to search for, unless the other words confirm a candidate. */
  stopWord?: string;
  expansions: AcronymTerms[];
}

/** A parsed query in the corpus's words: what must match, what must not, and what could not be read. */
export interface QueryPlan {
  groups: WordGroup[];
  /** Typed words the corpus does not know and nothing corrects with confidence. */
  missing: string[];
  /** Quoted phrases: every one must occur as written. */
  phrases: string[][];
  excluded: string[][];
  /** Names the papers must be by, as `author:"…"`. */
  authors: string[];
  /** Names typed among the words, which the papers must be by too (as read: "Enyu Zhou" for "enyu zhuo"). */
  named: string[];
  /** Years typed that no paper holds, left out: the papers carry no dates. */
  undated: string[];
  /** Words left out: stop words and single letters. */
  ignored: string[];
  /** Slips of stop words, left out too, with the stop word each was read as. */
  stopSlips: { typed: string; stopWord: string }[];
  /** Words of a misspelt name, each with the name's word it was read as. */
  nameSlips: NameSlip[];
  /** The query word for word (stop words too) when every word was read as typed: papers holding it come first. */
  run?: string[];
  /** Most words are unknown: nothing was corrected, and nothing should be suggested. */
  noise: boolean;
}

export interface PlanContext {
  dictionary: Dictionary;
  acronyms: AcronymTable;
  /** Whether any paper holds these words side by side, as the stemmed index reads them ("modelings" → model). */
  knownStem(words: readonly string[]): boolean;
  /** How many papers are by the people these words name (each of them a part of the person's name); 0: nobody. */
  namedPapers(name: string): number;
  /** The names near a misspelt one, nearest first. */
  nearNames(name: string): string[];
  /** Whether any paper holds, for each list, one of its phrases (words as written, matched by their stems). */
  holdsAll(lists: readonly (readonly string[][])[]): boolean;
  /** Of phrases with the same stems, the one the first few papers holding those stems write word for word most
   * ("code generation", not "code general"); undefined when none writes any. */
  mostWrittenOf<T extends readonly string[]>(phrases: readonly T[]): T | undefined;
}
