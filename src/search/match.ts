import { lightStemOf, stemOf } from "./analyze.js";
import type { SearchDefaults } from "./defaults.js";
import type { IndexStore, Ranked } from "./store-read.js";
import type { Plan, Term } from "./types.js";

// FTS5 query text, built only from words of letters and digits: nothing a user types reaches MATCH as syntax.

const wordOnly = /^[\p{L}\p{N}]+$/u;
const quoted = (words: readonly string[]) => `"${words.filter((word) => wordOnly.test(word)).join(" ")}"`;

/** A term: its stems (or those of the words it starts) in any column but `surface`; as written too; a compound joined. */
export function termMatch(
  term: Pick<Term, "words" | "joined" | "starts">,
  prefixFrom = 0,
  asWritten = true,
): string {
  const { words, joined, starts } = term;
  const light = words.map(lightStemOf);
  const prefix = words.length === 1 && (light[0] ?? "").length >= prefixFrom && prefixFrom > 0 ? "*" : "";
  const stems =
    starts === undefined
      ? quoted(words.map(stemOf))
      : `(${[...new Set(starts.map(stemOf))].map((stem) => quoted([stem])).join(" OR ")})`;
  const parts = [`{headline stems synonyms venue} : ${stems}`];
  if (asWritten) parts.push(`surface : ${quoted(light)}${prefix}`);
  if (joined !== undefined) parts.push(`{headline stems synonyms} : ${quoted([stemOf(joined)])}`);
  return `(${parts.join(" OR ")})`;
}

/** A quoted phrase: its stems side by side (stop words are in no column, so "learning from feedback" holds). */
export const phraseMatch = (words: readonly string[]) => `{headline stems} : ${quoted(words.map(stemOf))}`;

/** Words as one written term: side by side as written ("math reasoning" in "mathematical reasoning"), or a synonym. */
function writtenPhraseMatch(words: readonly string[], prefixFrom: number): string {
  const written = words
    .map(lightStemOf)
    .filter((word) => wordOnly.test(word))
    .map((word) => `"${word}"${word.length >= prefixFrom ? "*" : ""}`);
  return `(surface : ${written.join(" + ")} OR synonyms : ${quoted(words.map(stemOf))})`;
}

/** Papers writing these stems side by side in the title, the abstract or the synonyms (stems: letters and digits). */
export const stemsMatch = (stems: readonly string[]) => `{headline stems synonyms} : ${quoted(stems)}`;

export const anyOf = (parts: readonly string[]) =>
  parts.length === 1 ? parts.join("") : `(${parts.join(" OR ")})`;
const allOf = (parts: readonly string[]) =>
  parts.length === 1 ? parts.join("") : `(${parts.join(" AND ")})`;

/** The papers matching the policy among the candidates (or a page of them), best first by BM25. */
export interface Matches {
  total: number;
  top: Ranked[];
  /** Of `total`, the papers holding every term (where the plan has two or more). */
  holdingAll?: number;
  /** The words, read as one written term (`writtenTermWords`): what a snippet marks. */
  phrase?: string[];
  /** Only the best `candidates` papers were read: more may match than `total`. */
  orMore?: true;
}

export const noMatches: Matches = { total: 0, top: [] };

/** FTS5's bm25() fixes k1 at 1.2; weights scaled by s are BM25 with k1 / s (the same order otherwise). */
const FTS5_K1 = 1.2;

/** The bm25() weights of the `text` columns, in their order, scaled to give BM25 the k1 of the defaults. */
export const weightsOf = (d: SearchDefaults) =>
  [d.headlineWeight, d.stemWeight, d.surfaceWeight, d.synonymWeight, d.venueWeight].map(
    (weight) => (weight * FTS5_K1) / d.k1,
  );

/**
 * The FTS5 expression of a plan: any of its terms, every phrase, none of the exclusions. Beside a phrase the terms
 * are wanted, not required (the policy weighs them against the phrase's words): "any of its terms or a phrase".
 */
function expressionOf(plan: Plan, defaults: SearchDefaults): string | undefined {
  const { pairsUpTo, prefixFrom } = defaults;
  const parts: string[] = [];
  const words = plan.terms.map((term) => term.words);
  const adjacent =
    words.length <= pairsUpTo
      ? words.slice(1).map((next, at) => `stems : ${quoted([...(words[at] ?? []), ...next].map(stemOf))}`)
      : [];
  // Several words are read by their stems alone: `surface` weighs 0, and reading it doubled the query's time.
  const terms = plan.terms.map((term) => termMatch(term, prefixFrom, plan.terms.length === 1));
  const phrases = plan.phrases.map(phraseMatch);
  if (plan.terms.length > 0) parts.push(anyOf([...terms, ...adjacent, ...phrases]));
  parts.push(...phrases);
  if (parts.length === 0) return undefined;
  const wanted = allOf(parts);
  return plan.excluded.length === 0 ? wanted : `${wanted} NOT ${anyOf(plan.excluded.map(phraseMatch))}`;
}

/**
 * The match policy: a paper matches when the terms it holds weigh (IDF) at least `neededWeight`; words some paper
 * writes as one term ("continual learning") match only where they stand so. BM25 decides the order.
 */
export function matchesOf(
  store: IndexStore,
  plan: Plan,
  defaults: SearchDefaults,
  authors?: readonly string[],
): Matches {
  const match = expressionOf(plan, defaults);
  if (match === undefined) return noMatches;
  const candidates = store.top(match, defaults.candidates, weightsOf(defaults), authors);
  const rowids = candidates.map((c) => c.rowid);
  // A phrase is in every candidate (the match expression requires it): its words are held.
  const held = new Map<number, number>(rowids.map((rowid) => [rowid, plan.phraseWeight]));
  for (const term of plan.terms) {
    for (const rowid of store.holding(termMatch(term, defaults.prefixFrom), rowids)) {
      held.set(rowid, (held.get(rowid) ?? 0) + term.weight);
    }
  }
  const needed = neededWeight(plan, defaults) - 1e-9;
  let passing = candidates.filter((c) => (held.get(c.rowid) ?? 0) >= needed);
  const words = plan.terms.flatMap((term) => term.words);
  const written =
    plan.terms.length >= 2 && plan.terms.length <= defaults.writtenTermWords
      ? store.holding(writtenPhraseMatch(words, defaults.prefixFrom), rowids)
      : new Set<number>();
  if (written.size > 0) passing = passing.filter((c) => written.has(c.rowid));
  passing = datedAsAsked(store, passing, plan);
  const every = plan.terms.reduce((sum, term) => sum + term.weight, plan.phraseWeight) - 1e-9;
  const holdingAll = passing.filter((c) => (held.get(c.rowid) ?? 0) >= every).length;
  return {
    total: passing.length,
    top: passing,
    ...(plan.terms.length >= 2 ? { holdingAll } : {}),
    ...(written.size > 0 ? { phrase: words } : {}),
    ...(candidates.length >= defaults.candidates ? { orMore: true as const } : {}),
  };
}

/** Papers from the years the plan asks for (each then has a year), the newest first when it asks so, else as ranked. */
export function datedAsAsked<T extends { rowid: number }>(
  store: IndexStore,
  ranked: T[],
  { years, newest }: Pick<Plan, "years" | "newest">,
): T[] {
  if (years === undefined && !newest) return ranked;
  const yearOf = store.yearsOf(ranked.map((paper) => paper.rowid));
  const { from = 0, to = 9999 } = years ?? {};
  const inYears = (paper: T) => {
    const year = yearOf.get(paper.rowid);
    return year !== undefined && year >= from && year <= to;
  };
  const kept = years === undefined ? [...ranked] : ranked.filter(inYears);
  // Array sort is stable: papers of one year stay as ranked, papers without a year last.
  if (newest) kept.sort((a, b) => (yearOf.get(b.rowid) ?? 0) - (yearOf.get(a.rowid) ?? 0));
  return kept;
}

/**
 * The weight of the terms a paper must hold: `matchShare` of the query's, or of `matchWords` words' worth of it. A
 * quoted phrase's words count as typed words do: `"reward models" benchmark` lets "benchmark" go as `reward models
 * benchmark` does, and a reference pasted with its title in quotes still finds it beside a venue no paper names.
 */
export function neededWeight(plan: Plan, defaults: SearchDefaults): number {
  const count = plan.terms.length + plan.phrases.flat().length + plan.missing.length;
  const weight =
    plan.terms.reduce((sum, term) => sum + term.weight, 0) +
    plan.phraseWeight +
    plan.missing.length * plan.missingWeight;
  return defaults.matchShare * weight * Math.min(1, defaults.matchWords / Math.max(1, count));
}
