import type { Paper } from "../corpus/types.js";
import { foldedWordsOf, termOf } from "./analyze.js";
import { type AbstractLength, distinctLengthFactor, lengthOf } from "./lengths.js";
import type { QueryPlan, WordGroup } from "./plan-types.js";
import type { IndexStore, Ranked } from "./store-read.js";
import { numberFormsOf } from "./terms.js";
import { hasRun } from "./word-runs.js";

/** A ranked paper; `level` is how many of the query's words (groups) it holds. */
export interface Match extends Ranked {
  level: number;
  /** The paper itself: ranking reads it for the boosts, so nothing reads it again. */
  paper: Paper;
}

/** Papers re-ranked for exact forms and adjacency (fixed, so that pages agree with each other). */
export const rerankWindow = 50;

/** A paper without some word that holds a longer or shorter form of it ("mathematical" for "math"). */
const nearMissBoost = 1;
const adjacentBoost = 1.5;
/** Words in a query this short are read pair by pair for words typed side by side. */
const shortQuery = 3;

/**
 * Papers of one band (holding `level` of the words) in their order: a word matched only by its stem or another
 * reading below the same word held as typed elsewhere, then BM25 (its length in distinct words, `lengths` the
 * corpus's mean) lifted where the typed words stand side by side or a missing word's longer form is held.
 */
export function rerankedOf(
  store: IndexStore,
  plan: QueryPlan,
  level: number,
  ranked: readonly Ranked[],
  lengths: AbstractLength,
): Match[] {
  // The boosts read the candidates' own words: one fetch, no further index query per paper.
  const fetched = store.papers(ranked.map((r) => r.rowid));
  const readings = plan.groups.map(groupReadingOf);
  const related = new Set(level < plan.groups.length ? plan.groups.flatMap((g) => g.related()) : []);
  const runs = typedRunsOf(plan.groups);
  /** Which words the paper holds as typed, which only otherwise (a stem-mate, another reading), and its boost. */
  const liftOf = (paper: Paper) => {
    const abstractWords = foldedWordsOf(paper.abstract);
    const held = new Set(abstractWords);
    let factor = distinctLengthFactor(lengthOf(paper.abstract, abstractWords, held.size), lengths);
    const headlineWords = foldedWordsOf(paper.headline);
    for (const word of headlineWords) held.add(word);
    const words = abstractWords.concat(headlineWords);
    const typed = readings.map((reading) => reading.holds(held, words));
    // A paper holding as many words as typed as its band's level holds none otherwise.
    const allTyped = typed.filter(Boolean).length >= level;
    const otherwise = readings.map((reading, at) => !allTyped && !typed[at] && reading.heldOtherwise(words));
    readings.forEach(({ forms }, at) => {
      if (typed[at] && forms !== undefined) factor *= typedShareFactor(words, forms);
    });
    if ([...related].some((form) => held.has(form))) factor *= 1 + nearMissBoost;
    for (const run of runs) if (hasRun(words, run)) factor *= adjacentBoost;
    return { typed, otherwise, factor };
  };
  const lifted = ranked.flatMap((r) => {
    // A rowid with no paper row (never, in an index writeIndex finished) cannot be shown.
    const paper = fetched.get(r.rowid);
    return paper === undefined ? [] : [{ rowid: r.rowid, score: r.score, paper, ...liftOf(paper) }];
  });
  // A word held only otherwise ranks below the same word held as typed in another paper ("generative" below
  // "generation"), and only then: a paper holding another word of the query is not the lower for it.
  const typedSomewhere = plan.groups.map((_, at) => lifted.some((c) => c.typed[at]));
  return lifted
    .map((c) => ({
      match: { rowid: c.rowid, score: c.score * c.factor, level, paper: c.paper },
      below: c.otherwise.filter((held, at) => held && typedSomewhere[at]).length,
    }))
    .sort((a, b) => a.below - b.below || b.match.score - a.match.score || a.match.rowid - b.match.rowid)
    .map(({ match }) => match);
}

/** A word's forms as typed, their stems, and how those stems start (worked out once per query). */
interface TypedForms {
  /** The word as typed. */
  literal: string;
  /** It and its plural or singular: each holds the word. */
  forms: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  starts: ReadonlySet<string>;
  /** How a longer word built on the typed one starts ("evaluat" of evaluate: evaluation); none when short. */
  base: string | undefined;
}

/** A Porter stem starts like its words, give or take its last letters: only words starting so are stemmed. */
const startOf = (word: string) => word.slice(0, 3);

function typedFormsOf(exact: readonly string[]): TypedForms {
  const stems = new Set(exact.flatMap((form) => termOf(form) ?? []));
  const starts = new Set([...stems].map(startOf));
  const literal = exact[0] ?? "";
  const base = literal.endsWith("e") ? literal.slice(0, -1) : literal;
  return { literal, forms: new Set(exact), stems, starts, base: base.length >= 4 ? base : undefined };
}

/** A word of the same stem as the typed word (its starting letters checked first: stemming costs more). */
const isStemMate = (word: string, { stems, starts }: TypedForms): boolean =>
  starts.has(startOf(word)) && stems.has(termOf(word) ?? "");

/**
 * A stem-mate built on the typed word holds it too ("evaluation" of evaluate, "alignment" of align); one it is
 * built on does not ("continue" of continual), nor one that only shares the stem ("generative" of generation).
 */
const isBuiltOn = (word: string, forms: TypedForms): boolean =>
  forms.base !== undefined &&
  word.length > forms.base.length + 1 &&
  word.startsWith(forms.base) &&
  isStemMate(word, forms);

/** How to tell a paper holds a group: as typed (its word or plural, `forms` for the share factor; else a phrase
 * of it word for word, the last word maybe plural: "LLMs" for LLM), or otherwise (every stem of one reading). */
function groupReadingOf(group: WordGroup): {
  forms?: TypedForms;
  holds(held: ReadonlySet<string>, words: readonly string[]): boolean;
  heldOtherwise(words: readonly string[]): boolean;
} {
  const alternatives = group.alternatives.map((words) => words.flatMap((w) => termOf(w) ?? []));
  const starts = new Set(alternatives.flat().map(startOf));
  const heldOtherwise = (words: readonly string[]) => {
    const stems = new Set<string>();
    for (const word of words) {
      const stem = starts.has(startOf(word)) ? termOf(word) : undefined;
      if (stem !== undefined) stems.add(stem);
    }
    return alternatives.some((alt) => alt.length > 0 && alt.every((stem) => stems.has(stem)));
  };
  if (group.exact.length > 0) {
    const forms = typedFormsOf(group.exact);
    const holds = (held: ReadonlySet<string>, words: readonly string[]) =>
      [...forms.forms].some((form) => held.has(form)) || words.some((word) => isBuiltOn(word, forms));
    return { forms, holds, heldOtherwise };
  }
  const phrases = group.alternatives.map((words) =>
    words.map((word, i) => (i === words.length - 1 ? numberFormsOf(word) : new Set([word]))),
  );
  return { holds: (_, words) => phrases.some((run) => hasRun(words, run)), heldOtherwise };
}

/**
 * BM25 counts every word of a stem alike; a word as typed counts more than its stem-mates: the paper's score
 * goes by the share of those it writes as typed ("reasonableness" twice above "reasonableness" and "reasoning"),
 * its plural or singular counting half and a stem-mate nothing ("studies" above "study", which is above "studying").
 */
function typedShareFactor(words: readonly string[], typedForms: TypedForms): number {
  const { literal, forms } = typedForms;
  let typed = 0;
  let variants = 0;
  let mates = 0;
  for (const word of words) {
    if (word === literal) typed++;
    else if (forms.has(word) || isBuiltOn(word, typedForms)) variants++;
    else if (isStemMate(word, typedForms)) mates++;
  }
  const held = typed + variants;
  return held === 0 ? 1 : (1 + (typed + variants / 2) / (held + mates)) / 2;
}

/** Words held side by side count: every pair typed in a short query ("process supervision" in "process
 * supervision math" names a term), the whole query in a longer one (where a pair may stand side by side by chance). */
function typedRunsOf(groups: readonly WordGroup[]): Set<string>[][] {
  if (groups.length < 2 || !groups.every((g) => g.alternatives.length === 1 && g.exact.length > 0)) return [];
  const forms = groups.map((g) => new Set(g.exact));
  if (groups.length > shortQuery) return [forms];
  return forms.slice(1).map((second, i) => [forms[i] ?? second, second]);
}
