import type { AbstractLength } from "./lengths.js";
import { allOf, anyOf, phraseOf, without } from "./match.js";
import type { QueryPlan } from "./plan-types.js";
import { clauseOf, enoughToShow, type Matches, scoredMatchOf } from "./ranking.js";
import { type Match, rerankedOf, rerankWindow } from "./rerank.js";
import type { IndexStore, Ranked } from "./store-read.js";

/** Authors with at most this many papers are searched paper by paper: BM25 once, then a seek per paper and word. */
export const FEW_PAPERS = 2000;

/**
 * `matchesOf` among the papers of a few authors: the same bands (the query word for word, all the words, then most
 * of them), found with one BM25 ranking of any of the words and a lookup of each paper's words. Each band ranked
 * on its own would read the common words' whole lists again (94 ms → 22 ms for three common words at 100,000).
 */
export function matchesAmongFew(
  store: IndexStore,
  plan: QueryPlan,
  authors: readonly string[],
  /** `papers`: the authors' papers; `corpus`: all the papers. */
  options: {
    offset: number;
    limit: number;
    papers: number;
    corpus: number;
    lengths: AbstractLength;
    only?: ReadonlySet<number>;
  },
): Matches {
  const clauses = plan.groups.map(clauseOf);
  const phrases = plan.phrases.map(phraseOf);
  const excluded = plan.excluded.map(phraseOf);
  const n = clauses.length;
  const any = without(allOf(n === 0 ? phrases : [anyOf(clauses), ...phrases]), excluded);
  const { only } = options;
  // Papers of several people together: those by someone of each (`only`), among the papers of any of them.
  const scored = store
    .top({ match: scoredMatchOf(store, plan, any, options.corpus), authors }, options.papers)
    .filter((row) => only === undefined || only.has(row.rowid));
  const rowids = scored.map((r) => r.rowid);
  const held = clauses.map((clause) => store.holding(clause, rowids));
  const levelOf = (rowid: number) => held.filter((rows) => rows.has(rowid)).length;
  const run =
    plan.run === undefined
      ? new Set<number>()
      : store.holding(allOf([phraseOf(plan.run), ...phrases]), rowids);
  const byLevel = new Map<number, Ranked[]>();
  const first: Ranked[] = [];
  for (const row of scored) {
    if (run.has(row.rowid)) {
      first.push(row);
      continue;
    }
    const level = levelOf(row.rowid);
    const rows = byLevel.get(level);
    if (rows === undefined) byLevel.set(level, [row]);
    else rows.push(row);
  }
  const withAll = first.length + (byLevel.get(n)?.length ?? 0);
  // As matchesOf: fewer words only while a page is short, down to the fewest that fill it.
  const wanted = Math.min(enoughToShow, scored.length);
  const bands: { level: number; rows: Ranked[] }[] = [];
  if (first.length > 0) bands.push({ level: n, rows: first });
  let shown = first.length;
  // No words, only phrases: one band, every paper at level 0.
  for (let level = n; level >= Math.min(1, n); level--) {
    if (level < n && (n <= 1 || withAll >= enoughToShow || shown >= wanted)) break;
    const rows = byLevel.get(level) ?? [];
    if (rows.length > 0) bands.push({ level, rows });
    shown += rows.length;
  }
  const ranked: Match[] = [];
  const end = options.offset + options.limit;
  let before = 0;
  for (const band of bands) {
    // As matchesOf: a band's best by BM25, down to the page's end and a fixed window further, is reranked.
    const window = band.rows.slice(0, Math.max(end - before, rerankWindow));
    if (before < end && before + band.rows.length > options.offset) {
      const page = rerankedOf(store, plan, band.level, window, options.lengths);
      ranked.push(...page.slice(Math.max(0, options.offset - before), end - before));
    }
    before += band.rows.length;
  }
  return { total: shown, groups: n, least: bands.at(-1)?.level ?? 0, withAll, top: ranked };
}
