import { isStopWord } from "./analyze.js";
import type { AbstractLength } from "./lengths.js";
import { allOf, anyOf, anyPhraseOf, atLeast, phraseOf, without } from "./match.js";
import type { QueryPlan, WordGroup } from "./plan-types.js";
import { type Match, rerankedOf, rerankWindow } from "./rerank.js";
import type { IndexStore } from "./store-read.js";

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
/** Above this many matches, BM25 ranks a fair sample of about this many (rowids follow a hash): a common
 * word's best ten out of 4,000 or out of 90,000 are alike to a reader, and the cost is a tenth. */
const rankedSample = 4000;

/** The last rowid of the fair sample BM25 ranks among `matching` papers of `papers`; undefined: rank them all. */
export function sampleEndOf(matching: number, papers: number): number | undefined {
  return matching > rankedSample ? Math.ceil((papers * rankedSample) / matching) : undefined;
}
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
