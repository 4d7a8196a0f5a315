import type SearchableMap from "minisearch/SearchableMap";

// Three reusable rows (the one before last is for swaps); grown on demand, never shared across calls.
let rows = new Int32Array(3 * 64);

/** Optimal-string-alignment distance (a swap of two letters counts once), capped: returns `cap + 1` beyond it. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width * 2);
  let prevPrev = 0;
  let prev = width;
  let row = 2 * width;
  for (let j = 0; j < width; j++) rows[prev + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[row] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let value = Math.min(
        (rows[prev + j] ?? 0) + 1,
        (rows[row + j - 1] ?? 0) + 1,
        (rows[prev + j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, (rows[prevPrev + j - 2] ?? 0) + 1);
      }
      rows[row + j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > cap) return cap + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = row;
    row = spare;
  }
  return Math.min(rows[prev + b.length] ?? 0, cap + 1);
}

/** What a slip of `typed` may stand for: `kept`'s entries within `edits`, and the index's that start as it does. */
export function slipCandidates<T>(
  kept: SearchableMap<T>,
  typed: string,
  edits: number,
  prefix: number,
  startingWith: (start: string) => Iterable<readonly [string, T]>,
): Map<string, T> {
  const near = new Map<string, T>();
  for (const [key, [value]] of kept.fuzzyGet(typed, edits + 1)) near.set(key, value);
  if (typed.length <= prefix) return near;
  for (const [key, value] of startingWith(typed.slice(0, prefix)))
    if (Math.abs(key.length - typed.length) <= edits) near.set(key, value);
  return near;
}
