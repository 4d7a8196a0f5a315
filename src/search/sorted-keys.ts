/**
 * Strings in code-unit order with a number each: prefix ranges by binary search; typo lookup through
 * the keys sharing enough two-letter pieces with the query (an edit breaks at most two of them),
 * or, for short queries where that rules nothing out, by walking the implicit trie the order forms.
 */
export interface SortedKeys {
  readonly keys: readonly string[];
  readonly values: Int32Array;
  /** Which keys hold each two-letter piece (stored in snapshots so a restart need not rebuild it). */
  readonly bigrams: BigramIndex;
  /** Every key starting with `prefix` (itself included), in order. */
  atPrefix(prefix: string): Iterable<[string, number]>;
  /** Keys within `maxDistance` edits (Levenshtein) of `query`, with their value and distance. */
  fuzzyGet(query: string, maxDistance: number): Map<string, [number, number]>;
}

/** Sorts distinct keys, each with its value. */
export function sortedKeysOf(keys: readonly string[], valueFor: (key: string) => number): SortedKeys {
  // The default sort compares strings by code units, natively: far faster than a comparator.
  const sorted = [...keys].sort();
  const values = new Int32Array(sorted.length);
  for (let at = 0; at < sorted.length; at++) values[at] = valueFor(sorted[at] as string);
  return sortedKeysFrom(sorted, values);
}

/** Levenshtein distance (as MiniSearch's fuzzy search counts), or `cap + 1` once it is certainly above `cap`. */
function levenshteinWithin(a: string, b: string, cap: number, row: Int32Array): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    let smallest = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      const value = Math.min(
        above + 1,
        (row[j - 1] as number) + 1,
        diagonal + (code === b.charCodeAt(j - 1) ? 0 : 1),
      );
      row[j] = value;
      diagonal = above;
      if (value < smallest) smallest = value;
    }
    if (smallest > cap) return cap + 1;
  }
  return Math.min(row[b.length] as number, cap + 1);
}

/** Distinct two-code-unit pieces of a string, as numbers. */
export function bigramsOf(text: string): Set<number> {
  const grams = new Set<number>();
  for (let i = 0; i + 1 < text.length; i++) grams.add(text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1));
  return grams;
}

/** Bigram `grams[s]` is held by the keys at `positions[offsets[s] .. offsets[s + 1])`, ascending. */
export interface BigramIndex {
  grams: Uint32Array;
  offsets: Int32Array;
  positions: Int32Array;
}

/** For each bigram, the positions of the keys holding it, built in two passes without sets. */
export function bigramIndexOf(keys: readonly string[]): BigramIndex {
  const slot = new Map<number, number>();
  let counts = new Int32Array(1024);
  let lastKey = new Int32Array(1024).fill(-1);
  const slotOf = (gram: number): number => {
    let found = slot.get(gram);
    if (found === undefined) {
      found = slot.size;
      slot.set(gram, found);
      if (found === counts.length) {
        const moreCounts = new Int32Array(found * 2);
        moreCounts.set(counts);
        counts = moreCounts;
        const moreLast = new Int32Array(found * 2).fill(-1);
        moreLast.set(lastKey);
        lastKey = moreLast;
      }
    }
    return found;
  };
  for (let position = 0; position < keys.length; position++) {
    const key = keys[position] as string;
    for (let i = 0; i + 1 < key.length; i++) {
      const s = slotOf(key.charCodeAt(i) * 0x10000 + key.charCodeAt(i + 1));
      if (lastKey[s] !== position) {
        lastKey[s] = position;
        counts[s] = (counts[s] as number) + 1;
      }
    }
  }
  const offsets = new Int32Array(slot.size + 1);
  for (let s = 0; s < slot.size; s++) offsets[s + 1] = (offsets[s] as number) + (counts[s] as number);
  const positions = new Int32Array(offsets[slot.size] as number);
  const cursor = offsets.slice(0, slot.size);
  lastKey.fill(-1);
  for (let position = 0; position < keys.length; position++) {
    const key = keys[position] as string;
    for (let i = 0; i + 1 < key.length; i++) {
      const s = slot.get(key.charCodeAt(i) * 0x10000 + key.charCodeAt(i + 1)) as number;
      if (lastKey[s] !== position) {
        lastKey[s] = position;
        positions[cursor[s] as number] = position;
        cursor[s] = (cursor[s] as number) + 1;
      }
    }
  }
  return { grams: Uint32Array.from(slot.keys()), offsets, positions };
}

/** Positions of the keys sharing at least `minShared` distinct bigrams with a query. */
export interface BigramFinder {
  candidates(query: string, minShared: number): number[];
}

export function bigramFinderOf(keys: readonly string[], index = bigramIndexOf(keys)): BigramFinder {
  const grams = { ...index, slot: new Map(Array.from(index.grams, (gram, s) => [gram, s])) };
  const shared = new Uint8Array(keys.length);
  return {
    candidates(query, minShared) {
      const touched: number[] = [];
      for (const gram of bigramsOf(query)) {
        const s = grams.slot.get(gram);
        if (s === undefined) continue;
        for (let i = grams.offsets[s] as number, end = grams.offsets[s + 1] as number; i < end; i++) {
          const position = grams.positions[i] as number;
          if (shared[position] === 0) touched.push(position);
          shared[position] = Math.min(255, (shared[position] as number) + 1);
        }
      }
      const found: number[] = [];
      for (const position of touched) {
        if ((shared[position] as number) >= minShared) found.push(position);
        shared[position] = 0;
      }
      return found.sort((a, b) => a - b);
    },
  };
}

/** Wraps keys already in code-unit order (as a snapshot stores them). */
export function sortedKeysFrom(
  keys: readonly string[],
  values: Int32Array,
  bigrams = bigramIndexOf(keys),
): SortedKeys {
  const finder = bigramFinderOf(keys, bigrams);
  /** Keys within `maxDistance` of `query` among those sharing enough bigrams; undefined when none can be ruled out. */
  const fuzzyByBigrams = (query: string, maxDistance: number): Map<string, [number, number]> | undefined => {
    const needed = bigramsOf(query).size - 2 * maxDistance;
    if (needed < 1) return undefined;
    const touched = finder.candidates(query, needed);
    const found: [number, number][] = [];
    const row = new Int32Array(query.length + maxDistance + 2);
    for (const position of touched) {
      const distance = levenshteinWithin(query, keys[position] as string, maxDistance, row);
      if (distance <= maxDistance) found.push([position, distance]);
    }
    return new Map(
      found.map(([position, distance]) => [keys[position] as string, [values[position] as number, distance]]),
    );
  };
  /** First position in [low, high) whose key's code unit at `depth` exceeds `code` (missing counts as -1). */
  const groupEnd = (low: number, high: number, depth: number, code: number): number => {
    let a = low;
    let b = high;
    while (a < b) {
      const mid = (a + b) >> 1;
      if ((keys[mid] as string).charCodeAt(depth) <= code) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  /** First position whose key is not below `key`. */
  const lowerBound = (key: string): number => {
    let a = 0;
    let b = keys.length;
    while (a < b) {
      const mid = (a + b) >> 1;
      if ((keys[mid] as string) < key) a = mid + 1;
      else b = mid;
    }
    return a;
  };

  function* atPrefix(prefix: string): Generator<[string, number]> {
    for (let i = lowerBound(prefix); i < keys.length && (keys[i] as string).startsWith(prefix); i++) {
      yield [keys[i] as string, values[i] as number];
    }
  }

  const fuzzyGet = (query: string, maxDistance: number): Map<string, [number, number]> => {
    const viaBigrams = fuzzyByBigrams(query, maxDistance);
    if (viaBigrams) return viaBigrams;
    const results = new Map<string, [number, number]>();
    const width = query.length + 1;
    const maxDepth = query.length + maxDistance;
    const rows = new Int32Array((maxDepth + 1) * width);
    for (let j = 0; j < width; j++) rows[j] = j;
    const visit = (low: number, high: number, depth: number): void => {
      let i = low;
      if ((keys[i] as string).length === depth) {
        const distance = rows[depth * width + query.length] as number;
        if (distance <= maxDistance) results.set(keys[i] as string, [values[i] as number, distance]);
        i++;
      }
      if (depth >= maxDepth) return;
      const previous = depth * width;
      const current = previous + width;
      while (i < high) {
        const code = (keys[i] as string).charCodeAt(depth);
        const end = groupEnd(i + 1, high, depth, code);
        rows[current] = depth + 1;
        let smallest = depth + 1;
        for (let j = 1; j < width; j++) {
          const cost = query.charCodeAt(j - 1) === code ? 0 : 1;
          const value = Math.min(
            (rows[previous + j] as number) + 1,
            (rows[current + j - 1] as number) + 1,
            (rows[previous + j - 1] as number) + cost,
          );
          rows[current + j] = value;
          if (value < smallest) smallest = value;
        }
        if (smallest <= maxDistance) visit(i, end, depth + 1);
        i = end;
      }
    };
    if (keys.length > 0) visit(0, keys.length, 0);
    return results;
  };

  return { keys, values, bigrams, atPrefix, fuzzyGet };
}
