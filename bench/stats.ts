/** Latency-style summary of a sample; all fields are in the sample's unit. */
export interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile: the smallest value with at least p% of the sample at or below it; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError("percentile must be within 0..100");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export function summarize(values: readonly number[]): Summary {
  const mean = values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
  const max = values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length === 0 ? Number.NaN : max,
    mean,
  };
}

/** 1/rank of `target` within the first `k` of `ranked`, 0 when it is not there. */
export function reciprocalRank(ranked: readonly string[], target: string, k = 10): number {
  const at = ranked.slice(0, k).indexOf(target);
  return at < 0 ? 0 : 1 / (at + 1);
}

/** A number for a table cell: NaN and undefined show as "n/a". */
export function formatNumber(value: number | undefined, digits = 1): string {
  return value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(digits);
}

/** A plain-text table: first column left-aligned, the rest right-aligned, columns two spaces apart. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, col) =>
    Math.max(title.length, ...rows.map((row) => (row[col] ?? "").length)),
  );
  const line = (cells: readonly string[]): string =>
    widths
      .map((width, col) => {
        const cell = cells[col] ?? "";
        return col === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}

/** Two engines' scores on the same queries: the mean of each, their difference with a 95% interval, and counts. */
export interface PairedComparison {
  queries: number;
  mean: number;
  baseline: number;
  difference: number;
  /** 2.5th and 97.5th percentiles of the difference over bootstrap resamples of the queries. */
  interval: [number, number];
  better: number;
  worse: number;
}

/**
 * Compares `scores` with `baseline`, query by query (pairs with a NaN are left out). The interval comes from
 * resampling the queries with replacement (a seeded generator, so a run is repeatable): where it spans zero,
 * the sample cannot tell the two apart.
 */
export function pairedComparison(
  scores: readonly number[],
  baseline: readonly number[],
  random: () => number,
  resamples = 2000,
): PairedComparison {
  const pairs = scores.flatMap((score, at) => {
    const base = baseline[at];
    return base === undefined || Number.isNaN(score) || Number.isNaN(base) ? [] : [[score, base] as const];
  });
  const n = pairs.length;
  const mean = (values: readonly number[]) =>
    values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
  const differences = pairs.map(([a, b]) => a - b);
  const resampled = Array.from({ length: n === 0 ? 0 : resamples }, () => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[Math.floor(random() * n)] as number;
    return sum / n;
  });
  return {
    queries: n,
    mean: mean(pairs.map(([a]) => a)),
    baseline: mean(pairs.map(([, b]) => b)),
    difference: mean(differences),
    interval: [percentile(resampled, 2.5), percentile(resampled, 97.5)],
    better: differences.filter((d) => d > 0).length,
    worse: differences.filter((d) => d < 0).length,
  };
}
