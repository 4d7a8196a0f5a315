import {
  type AcronymTable,
  type AcronymTerms,
  expandAcronyms,
  foldedText,
  type TermGroup,
  termOf,
  termSequenceOf,
  wordsOf,
} from "./analyze.js";
import type { ParsedQuery } from "./query.js";

/** A parsed query in index terms: what must match, what must not, and what to tell the user. */
export interface QueryPlan {
  /** Free words: every group must match (or, as a fallback, any). Typos and prefixes allowed. */
  groups: TermGroup[];
  /** Quoted phrases as term runs: exact terms, adjacent. */
  phrases: string[][];
  /** Term runs a paper must not contain. */
  excluded: string[][];
  /** Raw author:… values. */
  authors: string[];
  /** Acronyms the free words were widened with. */
  expansions: AcronymTerms[];
  /** Each free word's term → the word as typed (folded), to correct typos against real words. */
  typed: Map<string, string>;
  /** The free words as typed (folded, stop words included, each once): an abstract holding them exactly ranks higher. */
  surface: string[];
}

export function queryPlanOf(parsed: ParsedQuery, acronyms: AcronymTable): QueryPlan {
  const groups = expandAcronyms(parsed.words.flatMap(termSequenceOf), acronyms);
  const typed = new Map<string, string>();
  for (const word of parsed.words.flatMap(wordsOf)) {
    const term = termOf(word.text);
    if (term !== undefined) typed.set(term, foldedText(word.text));
  }
  const surface = [...new Set(parsed.words.flatMap(wordsOf).map((word) => foldedText(word.text)))];
  const nonEmpty = (runs: string[][]) => runs.filter((run) => run.length > 0);
  return {
    groups,
    phrases: nonEmpty(parsed.phrases.map(termSequenceOf)),
    excluded: nonEmpty(parsed.excluded.map(termSequenceOf)),
    authors: parsed.authors,
    expansions: groups.flatMap((group) => group.expansions),
    typed,
    surface,
  };
}

/** True when the plan asks for something to be present (words or phrases). */
export function hasPositiveTerms(plan: QueryPlan): boolean {
  return plan.groups.length > 0 || plan.phrases.length > 0;
}
