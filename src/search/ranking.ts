import type { Paper } from "../corpus/types.js";
import { foldedWordsOf, isStopWord, termOf } from "./analyze.js";
import { type AbstractLength, distinctLengthFactor, lengthOf } from "./lengths.js";
import { allOf, anyOf, anyPhraseOf, atLeast, phraseOf, without } from "./match.js";
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

export interface Matches {
  /** Papers in the answer: those holding at least `least` of the `groups` words. */
  total: number;
  groups: number;
  least: number;
  /** Papers holding every word. */
  withAll: number;
  /** The answer from `offset`, best first. */
  top: Match[];
}

/** A page of results should not be short when a few more words would fill it: then most words suffice. */
export const enoughToShow = 10;
/** Papers re-ranked for exact forms and adjacency (fixed, so that pages agree with each other). */
export const rerankWindow = 50;
/** Above this many matches, BM25 ranks a fair sample of about this many (rowids follow a hash): a common
 * word's best ten out of 4,000 or out of 90,000 are alike to a reader, and the cost is a tenth. */
const rankedSample = 4000;

/** The last rowid of the fair sample BM25 ranks among `matching` papers of `papers`; undefined: rank them all. */
export function sampleEndOf(matching: number, papers: number): number | undefined {
  return matching > rankedSample ? Math.ceil((papers * rankedSample) / matching) : undefined;
}
/** A paper without some word that holds a longer or shorter form of it ("mathematical" for "math"). */
const nearMissBoost = 1;
const adjacentBoost = 1.5;
/** Words in a query this short are read pair by pair for words typed side by side. */
const shortQuery = 3;

export const clauseOf = (group: WordGroup) => anyPhraseOf(group.alternatives);

interface Band {
  match: string;
  level: number;
  size: number;
  /** Papers of the bands above, left out once ranked (see fewAbove). */
  above: ReadonlySet<number>;
}

/** Up to this many papers above a band are left out after ranking it, not with a NOT: BM25 would weigh each
 * phrase of the NOT over the whole index again (a third of the time of "bc re" at 100,000 papers). */
const fewAbove = rerankWindow;

/** The answer's bands: papers with all words, then with one fewer, … down to the fewest the answer needs. */
function bandsOf(store: IndexStore, plan: QueryPlan, authors: readonly string[] | undefined): Band[] {
  const clauses = plan.groups.map(clauseOf);
  const phrases = plan.phrases.map(phraseOf);
  const excluded = plan.excluded.map(phraseOf);
  const n = clauses.length;
  /** Papers with at least m of the words and every phrase; undefined when that takes too many combinations. */
  const positive = (m: number): string | undefined => {
    if (n === 0) return allOf(phrases);
    const words = atLeast(clauses, m);
    return words === undefined ? undefined : allOf([words, ...phrases]);
  };
  const queryOf = (match: string) => ({ match: without(match, excluded), ...(authors ? { authors } : {}) });
  const count = (match: string) => store.count(queryOf(match));
  /** A level's papers, and their rowids when few enough to leave out of the bands below. */
  const counted = (match: string): { total: number; rowids?: number[] } => {
    const rowids = store.rowidsUpTo(queryOf(match), fewAbove + 1);
    return rowids.length <= fewAbove ? { total: rowids.length, rowids } : { total: count(match) };
  };
  // All the words is always one clause per word (never too many combinations), and so is any of them.
  const all = allOf(n === 0 ? phrases : [allOf(clauses), ...phrases]);
  const levels: { level: number; match: string; total: number; rowids?: number[] }[] = [];
  // The query word for word: a phrase remembered from the paper finds it among thousands holding the words.
  if (plan.run !== undefined) {
    const run = allOf([phraseOf(plan.run), ...phrases]);
    const found = counted(run);
    if (found.total > 0) levels.push({ level: n, match: run, ...found });
  }
  const found = counted(all);
  const withAll = found.total;
  if (withAll > (levels.at(-1)?.total ?? 0)) levels.push({ level: n, match: all, ...found });
  if (n > 1 && withAll < enoughToShow) {
    const anyMatch = allOf([anyOf(clauses), ...phrases]);
    const any = count(anyMatch);
    const wanted = Math.min(enoughToShow, any);
    for (let m = n - 1; m >= 1; m--) {
      const match = m === 1 ? anyMatch : positive(m);
      if (match === undefined) continue;
      const level = m === 1 ? { total: any } : counted(match);
      if (level.total > (levels.at(-1)?.total ?? 0)) levels.push({ level: m, match, ...level });
      if (level.total >= wanted) break;
    }
  }
  return levels.map(({ level, match, total }, at) => {
    const above = levels[at - 1];
    const few = above?.rowids;
    const band = without(match, above === undefined || few ? excluded : [above.match, ...excluded]);
    return { match: band, level, size: total - (above?.total ?? 0), above: new Set(few) };
  });
}

/**
 * `match`, with the stop words typed in the query scored too: they never find a paper, but among those found,
 * BM25 counts them ("primarily most" puts first the paper that says both), as MiniSearch would. Every word of
 * the match then counts twice, and a stop word once. One in half the papers or more tells nothing (BM25 gives
 * it no weight): it is left out.
 */
export function scoredMatchOf(store: IndexStore, plan: QueryPlan, match: string, papers: number): string {
  // Each once, and none a word of the match already: BM25 weighs a phrase again each time it is written.
  const searched = new Set(plan.groups.flatMap((g) => g.alternatives.flat()));
  const stopWords = [...new Set(plan.ignored)].filter(
    (word) =>
      word.length > 1 && isStopWord(word) && !searched.has(word) && store.wordPapers(word) * 2 < papers,
  );
  if (stopWords.length === 0 || plan.groups.length === 0) return match;
  return allOf([match, anyOf([...plan.groups.map(clauseOf), ...stopWords.map((word) => phraseOf([word]))])]);
}

/** Ranks one band: its best by BM25 (over a fair sample where many match), reranked. */
function rankedBand(
  store: IndexStore,
  plan: QueryPlan,
  band: Band,
  need: number,
  corpus: { papers: number; lengths: AbstractLength },
  authors: readonly string[] | undefined,
): Match[] {
  const { papers } = corpus;
  let maxRowid = sampleEndOf(band.size, papers);
  // Where so many match that a sample is ranked, a stop word decides nothing and doubles the work.
  const match = maxRowid === undefined ? scoredMatchOf(store, plan, band.match, papers) : band.match;
  const query = { match, ...(authors ? { authors } : {}) };
  const limit = Math.max(need, rerankWindow);
  const { above } = band;
  const rankedUpTo = (last: number | undefined) =>
    store
      .top(query, limit + above.size, last)
      .filter((r) => !above.has(r.rowid))
      .slice(0, limit);
  let ranked = rankedUpTo(maxRowid);
  while (maxRowid !== undefined && ranked.length < Math.min(limit, band.size)) {
    maxRowid = maxRowid * 2 >= papers ? undefined : maxRowid * 2;
    ranked = rankedUpTo(maxRowid);
  }
  return rerankedOf(store, plan, band.level, ranked, corpus.lengths);
}

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
  const typedTests = plan.groups.map(typedTestOf);
  const groupStems = plan.groups.map((g) =>
    g.alternatives.map((words) => words.flatMap((w) => termOf(w) ?? [])),
  );
  // A Porter stem starts like its words: only a paper's words starting as these stems do are stemmed.
  const groupStarts = groupStems.map((alternatives) => new Set(alternatives.flat().map(startOf)));
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
    const typed = typedTests.map((test) => test.holds(held, words));
    // A paper holding as many words as typed as its band's level holds none otherwise.
    const allTyped = typed.filter(Boolean).length >= level;
    const otherwise = groupStems.map((alternatives, at) => {
      const starts = groupStarts[at];
      if (allTyped || typed[at] || starts === undefined) return false;
      const stems = new Set<string>();
      for (const word of words) {
        const stem = starts.has(startOf(word)) ? termOf(word) : undefined;
        if (stem !== undefined) stems.add(stem);
      }
      return alternatives.some((alt) => alt.length > 0 && alt.every((stem) => stems.has(stem)));
    });
    typedTests.forEach((test, at) => {
      if (typed[at] && test.forms !== undefined) factor *= typedShareFactor(words, test.forms);
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
}

const startOf = (word: string) => word.slice(0, 3);

function typedFormsOf(exact: readonly string[]): TypedForms {
  const stems = new Set(exact.flatMap((form) => termOf(form) ?? []));
  // A Porter stem starts like its words, give or take its last letters: only those are stemmed.
  const starts = new Set([...stems].map(startOf));
  return { literal: exact[0] ?? "", forms: new Set(exact), stems, starts };
}

/** How to tell a paper holds a group as typed: its word or plural (`forms`, for the share factor), else a phrase
 * of it word for word, the last word maybe plural ("LLMs" for LLM, "large language models"). */
function typedTestOf(group: WordGroup): {
  forms?: TypedForms;
  holds(held: ReadonlySet<string>, words: readonly string[]): boolean;
} {
  if (group.exact.length > 0) {
    const forms = typedFormsOf(group.exact);
    return { forms, holds: (held) => [...forms.forms].some((form) => held.has(form)) };
  }
  const phrases = group.alternatives.map((words) =>
    words.map((word, i) => (i === words.length - 1 ? numberFormsOf(word) : new Set([word]))),
  );
  return { holds: (_, words) => phrases.some((run) => hasRun(words, run)) };
}

/**
 * BM25 counts every word of a stem alike; a word as typed counts more than its stem-mates: the paper's score
 * goes by the share of those it writes as typed ("reasonableness" twice above "reasonableness" and "reasoning"),
 * its plural or singular counting half and a stem-mate nothing ("studies" above "study", which is above "studying").
 */
function typedShareFactor(words: readonly string[], { literal, forms, stems, starts }: TypedForms): number {
  let typed = 0;
  let variants = 0;
  let mates = 0;
  for (const word of words) {
    if (word === literal) typed++;
    else if (forms.has(word)) variants++;
    else if (starts.has(startOf(word)) && stems.has(termOf(word) ?? "")) mates++;
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

/** The papers a plan finds, paged: more words held first, then BM25 lifted by exact forms. */
export function matchesOf(
  store: IndexStore,
  plan: QueryPlan,
  options: {
    offset: number;
    limit: number;
    papers: number;
    lengths: AbstractLength;
    authors?: readonly string[];
  },
): Matches {
  const { offset, limit, authors } = options;
  const bands = bandsOf(store, plan, authors);
  const top: Match[] = [];
  let before = 0;
  for (const band of bands) {
    const from = Math.max(0, offset - before);
    const to = offset + limit - before;
    if (to > 0 && from < band.size)
      top.push(...rankedBand(store, plan, band, to, options, authors).slice(from, to));
    before += band.size;
    if (before >= offset + limit) break;
  }
  const total = bands.reduce((sum, band) => sum + band.size, 0);
  const withAll = bands.filter((band) => band.level === plan.groups.length).reduce((n, b) => n + b.size, 0);
  return { total, groups: plan.groups.length, least: bands.at(-1)?.level ?? 0, withAll, top };
}
