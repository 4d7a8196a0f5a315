import { z } from "zod";
import { foldedWordsOf } from "./analyze.js";
import { joinedCompoundsOf, wordUnitBit } from "./compounds.js";

/** A paper's length as BM25 reads it. */
export interface AbstractLength {
  /** The words of its row in the index (its abstract and its compounds written joined), as bm25() counts them. */
  words: number;
  /** The abstract's different words. */
  distinct: number;
}

export const storedLengthSchema = z.object({ words: z.number().positive(), distinct: z.number().positive() });

/** Different words are counted in this many abstracts, spread over the corpus: a mean within a percent. */
const DISTINCT_SAMPLE = 2000;

/** The length of a paper whose abstract's folded words are `abstractWords` (`distinct` of them different). */
export function lengthOf(
  abstract: string,
  abstractWords: readonly string[],
  distinct: number,
): AbstractLength {
  return { words: abstractWords.length + wordCountOf(joinedCompoundsOf(abstract)), distinct };
}

/** How many words a text has, without making them (a pass over 100,000 abstracts takes about half a second). */
function wordCountOf(text: string): number {
  let count = 0;
  let inWord = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = wordUnitBit(text.charCodeAt(at));
    count += unit & (inWord ^ 1);
    inWord = unit;
  }
  return count;
}

/**
 * The mean length of a paper: its words over every row, as FTS5 averages them (its norm is cancelled exactly),
 * and its different words over a sample (a Set per abstract would take seconds). At least 1 each, so that an empty
 * corpus divides by nothing.
 */
export function meanLengthOf(rows: readonly { abstract: string; compounds: string }[]): AbstractLength {
  let words = 0;
  for (const { abstract, compounds } of rows) words += wordCountOf(abstract) + wordCountOf(compounds);
  const step = Math.max(1, Math.ceil(rows.length / DISTINCT_SAMPLE));
  let distinct = 0;
  let sampled = 0;
  for (let at = 0; at < rows.length; at += step, sampled++)
    distinct += new Set(foldedWordsOf(rows[at]?.abstract ?? "")).size;
  return {
    words: Math.max(1, words / Math.max(1, rows.length)),
    distinct: Math.max(1, distinct / Math.max(1, sampled)),
  };
}

// FTS5's bm25() constants, fixed in its source.
const k1 = 1.2;
const b = 0.75;
const normOf = (length: number, mean: number) => 1 + k1 * (1 - b + (b * length) / mean);

/**
 * What turns FTS5's BM25, which norms a paper by its words, into BM25 normed by its different words (as MiniSearch
 * does): a paper that says its own terms again is not the longer for it, and the chance of holding some word by
 * accident grows with how many different words a paper uses. Exact for a word said once, as a rare word is.
 */
export function distinctLengthFactor(length: AbstractLength, mean: AbstractLength): number {
  // Between papers of as many different words, the one with fewer words (a hair of length, never a whole word).
  const distinct = length.distinct + length.words / 10_000;
  return normOf(length.words, mean.words) / normOf(distinct, mean.distinct);
}
