import { seededRandom } from "../src/search/seeded-random.js";

/** nDCG at `depth` with linear gains (trec_eval's and BEIR's): the ranking against the ideal order of the grades. */
export function ndcgAt(
  ranked: readonly string[],
  judgments: ReadonlyMap<string, number>,
  depth = 10,
): number {
  const dcg = ranked
    .slice(0, depth)
    .reduce((sum, id, i) => sum + (judgments.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...judgments.values()]
    .sort((a, b) => b - a)
    .slice(0, depth)
    .reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of the relevant (grade > 0) docs found in the first `depth`. */
export function recallAt(
  ranked: readonly string[],
  judgments: ReadonlyMap<string, number>,
  depth = 100,
): number {
  const relevant = [...judgments.values()].filter((grade) => grade > 0).length;
  if (relevant === 0) return 0;
  const found = ranked.slice(0, depth).filter((id) => (judgments.get(id) ?? 0) > 0).length;
  return found / relevant;
}

export function reciprocalRank(ranked: readonly string[], judgments: ReadonlyMap<string, number>): number {
  const at = ranked.findIndex((id) => (judgments.get(id) ?? 0) > 0);
  return at === -1 ? 0 : 1 / (at + 1);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/** The nearest-rank percentile `p` (0–100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/**
 * The 95% paired bootstrap interval of mean(a − b) over the same queries (`rounds` resamples of the queries, with a
 * fixed seed), and on how many queries a is ahead of b and behind it.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  rounds = 2000,
): { low: number; high: number; ahead: number; behind: number } {
  const differences = a.map((value, i) => value - (b[i] ?? 0));
  const random = seededRandom(34);
  const means: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let sum = 0;
    for (let i = 0; i < differences.length; i++) {
      sum += differences[Math.floor(random() * differences.length)] ?? 0;
    }
    means.push(differences.length === 0 ? 0 : sum / differences.length);
  }
  return {
    low: percentile(means, 2.5),
    high: percentile(means, 97.5),
    ahead: differences.filter((d) => d > 1e-9).length,
    behind: differences.filter((d) => d < -1e-9).length,
  };
}
