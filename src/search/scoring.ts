import type { FieldPostings } from "./postings.js";

/** An index term a query word reaches, weighted (1 exact, less for a prefix or typo match). */
export interface DerivedTerm {
  id: number;
  weight: number;
}

/** A query tree, scored as MiniSearch scores its query trees (BM25+, matched-term count as a multiplier). */
export type QueryNode =
  | { kind: "term"; source: string; derived: DerivedTerm[]; boost: number }
  | { kind: "and" | "or"; children: QueryNode[] };

/** Matching documents ascending, with their summed scores and a bit per distinct query word matched. */
export interface Scored {
  docs: Int32Array;
  scores: Float64Array;
  sources: Uint32Array;
}

const k = 1.2;
const b = 0.7;
const d = 0.5;
const emptyScored: Scored = {
  docs: new Int32Array(0),
  scores: new Float64Array(0),
  sources: new Uint32Array(0),
};

/** Per field, `k * (1 - b + b * length / average)` of every document: the BM25 length normalisation. */
export function lengthNormsOf(field: FieldPostings): Float64Array {
  return Float64Array.from(field.lengths, (length) => k * (1 - b + (b * length) / field.averageLength));
}

export interface ScoringField {
  postings: FieldPostings;
  norms: Float64Array;
}

/** Dense per-document scratch space, reused by every query (one query runs at a time). */
export class Accumulator {
  readonly scores: Float64Array;
  readonly sources: Uint32Array;
  readonly counts: Uint8Array;
  readonly touched: Int32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;
  size = 0;

  constructor(documents: number) {
    this.scores = new Float64Array(documents);
    this.sources = new Uint32Array(documents);
    this.counts = new Uint8Array(documents);
    this.touched = new Int32Array(documents);
    this.stamp = new Uint32Array(documents);
  }

  reset(): void {
    this.size = 0;
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
  }

  add(doc: number, score: number, sources: number): void {
    if (this.stamp[doc] !== this.generation) {
      this.stamp[doc] = this.generation;
      this.touched[this.size++] = doc;
      this.scores[doc] = score;
      this.sources[doc] = sources;
      this.counts[doc] = 1;
    } else {
      this.scores[doc] = (this.scores[doc] as number) + score;
      this.sources[doc] = (this.sources[doc] as number) | sources;
      this.counts[doc] = (this.counts[doc] as number) + 1;
    }
  }

  /** The touched documents, ascending. */
  sortedDocs(): Int32Array {
    return this.touched.slice(0, this.size).sort();
  }
}

/** The documents of one term in one field: a view, not a copy. */
export function postingsRange(postings: FieldPostings, id: number): { start: number; end: number } {
  if (id < 0 || id + 1 >= postings.offsets.length) return { start: 0, end: 0 };
  return { start: postings.offsets[id] as number, end: postings.offsets[id + 1] as number };
}

/** The number of documents holding a term in a field. */
export function documentFrequencyOf(postings: FieldPostings, id: number): number {
  const { start, end } = postingsRange(postings, id);
  return end - start;
}

/** Whether a document holds a term in a field (binary search in its postings). */
export function holdsTerm(postings: FieldPostings, id: number, doc: number): boolean {
  let { start: low, end: high } = postingsRange(postings, id);
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((postings.docs[mid] as number) < doc) low = mid + 1;
    else high = mid;
  }
  return postings.docs[low] === doc && low < (postings.offsets[id + 1] as number);
}

/** Adds one term's BM25+ contribution in one field to the accumulator, as MiniSearch's termResults does. */
export function accumulateTerm(
  field: ScoringField,
  id: number,
  weight: number,
  documents: number,
  accumulator: Accumulator,
  sources: number,
): void {
  const { postings, norms } = field;
  const { start, end } = postingsRange(postings, id);
  if (start === end) return;
  const matching = end - start;
  const idf = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
  const { docs, counts } = postings;
  for (let i = start; i < end; i++) {
    const doc = docs[i] as number;
    const tf = counts[i] as number;
    accumulator.add(doc, weight * (idf * (d + (tf * (k + 1)) / (tf + (norms[doc] as number)))), sources);
  }
}

function scoredFromAccumulator(accumulator: Accumulator): Scored {
  const docs = accumulator.sortedDocs();
  const scores = new Float64Array(docs.length);
  const sources = new Uint32Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i] as number;
    scores[i] = accumulator.scores[doc] as number;
    sources[i] = accumulator.sources[doc] as number;
  }
  return { docs, scores, sources };
}

function intersection(a: Scored, c: Scored): Scored {
  const size = Math.min(a.docs.length, c.docs.length);
  const docs = new Int32Array(size);
  const scores = new Float64Array(size);
  const sources = new Uint32Array(size);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.docs.length && j < c.docs.length) {
    const x = a.docs[i] as number;
    const y = c.docs[j] as number;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      docs[n] = x;
      scores[n] = (a.scores[i] as number) + (c.scores[j] as number);
      sources[n] = (a.sources[i] as number) | (c.sources[j] as number);
      n++;
      i++;
      j++;
    }
  }
  return { docs: docs.slice(0, n), scores: scores.slice(0, n), sources: sources.slice(0, n) };
}

function union(a: Scored, c: Scored): Scored {
  const size = a.docs.length + c.docs.length;
  const docs = new Int32Array(size);
  const scores = new Float64Array(size);
  const sources = new Uint32Array(size);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.docs.length || j < c.docs.length) {
    const x = i < a.docs.length ? (a.docs[i] as number) : Number.MAX_SAFE_INTEGER;
    const y = j < c.docs.length ? (c.docs[j] as number) : Number.MAX_SAFE_INTEGER;
    if (x < y) {
      docs[n] = x;
      scores[n] = a.scores[i] as number;
      sources[n] = a.sources[i] as number;
      i++;
    } else if (y < x) {
      docs[n] = y;
      scores[n] = c.scores[j] as number;
      sources[n] = c.sources[j] as number;
      j++;
    } else {
      docs[n] = x;
      scores[n] = (a.scores[i] as number) + (c.scores[j] as number);
      sources[n] = (a.sources[i] as number) | (c.sources[j] as number);
      i++;
      j++;
    }
    n++;
  }
  return { docs: docs.slice(0, n), scores: scores.slice(0, n), sources: sources.slice(0, n) };
}

export interface Scorer {
  fields: readonly ScoringField[];
  documents: number;
  accumulator: Accumulator;
  /** Bit of each distinct query word, assigned as met (words past the 32nd share the last bit). */
  sourceBits: Map<string, number>;
}

function termScored(scorer: Scorer, node: Extract<QueryNode, { kind: "term" }>): Scored {
  let bit = scorer.sourceBits.get(node.source);
  if (bit === undefined) {
    bit = 2 ** Math.min(31, scorer.sourceBits.size);
    scorer.sourceBits.set(node.source, bit);
  }
  const { accumulator } = scorer;
  accumulator.reset();
  for (const { id, weight } of node.derived) {
    for (const field of scorer.fields) {
      accumulateTerm(field, id, weight * node.boost, scorer.documents, accumulator, bit >>> 0);
    }
  }
  return scoredFromAccumulator(accumulator);
}

/** The documents matching a query tree, with MiniSearch's raw scores (before the matched-word multiplier). */
export function scoredOf(scorer: Scorer, node: QueryNode): Scored {
  if (node.kind === "term") return termScored(scorer, node);
  const parts = node.children.map((child) => scoredOf(scorer, child));
  const [first, ...rest] = parts;
  if (!first) return emptyScored;
  return rest.reduce(node.kind === "and" ? intersection : union, first);
}

/** Number of set bits: the distinct query words a document matched. */
export function bitCount(value: number): number {
  let v = value >>> 0;
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Positions (into `scores`) of the best `limit` entries by score, then by `tieBreak` ascending,
 * best first: a bounded heap, never a sort of every match.
 */
export function topPositionsOf(
  count: number,
  scoreAt: (i: number) => number,
  tieAt: (i: number) => number,
  limit: number,
): number[] {
  if (limit <= 0 || count === 0) return [];
  // `worse(x, y)`: x ranks below y.
  const worse = (x: number, y: number) => {
    const sx = scoreAt(x);
    const sy = scoreAt(y);
    return sx < sy || (sx === sy && tieAt(x) > tieAt(y));
  };
  const heap: number[] = [];
  const down = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < heap.length && worse(heap[left] as number, heap[worst] as number)) worst = left;
      if (right < heap.length && worse(heap[right] as number, heap[worst] as number)) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
      i = worst;
    }
  };
  for (let i = 0; i < count; i++) {
    if (heap.length < limit) {
      heap.push(i);
      let c = heap.length - 1;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (!worse(heap[c] as number, heap[parent] as number)) break;
        [heap[c], heap[parent]] = [heap[parent] as number, heap[c] as number];
        c = parent;
      }
    } else if (worse(heap[0] as number, i)) {
      heap[0] = i;
      down(0);
    }
  }
  return heap.sort((x, y) => (worse(x, y) ? 1 : worse(y, x) ? -1 : 0));
}
