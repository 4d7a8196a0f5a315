import { z } from "zod";
import { foldedWordsOf } from "./analyze.js";
import { joinedCompoundsOf } from "./compounds.js";

/** A paper's length as BM25 reads it. */
export interface AbstractLength {
  /** The words of its row in the index, as FTS5's bm25() counts them: the abstract's and its joined compounds'. */
  words: number;
  /** The abstract's different words. */
  distinct: number;
}

export const storedLengthSchema = z.object({ words: z.number().positive(), distinct: z.number().positive() });

/** Mean lengths are taken over this many papers at most: rowids follow a hash, so the first are a fair sample. */
export const LENGTH_SAMPLE = 2000;

/** The length of an abstract whose folded words are `words`. */
export function lengthOf(abstract: string, words: readonly string[]): AbstractLength {
  const compounds = joinedCompoundsOf(abstract);
  return {
    words: words.length + (compounds === "" ? 0 : compounds.split(" ").length),
    distinct: new Set(words).size,
  };
}

/** The mean length of these abstracts (at least 1 each, so that an empty corpus divides by nothing). */
export function meanLengthOf(abstracts: readonly string[]): AbstractLength {
  let papers = 0;
  let words = 0;
  let distinct = 0;
  for (const abstract of abstracts) {
    const length = lengthOf(abstract, foldedWordsOf(abstract));
    papers++;
    words += length.words;
    distinct += length.distinct;
  }
  return {
    words: Math.max(1, words / Math.max(1, papers)),
    distinct: Math.max(1, distinct / Math.max(1, papers)),
  };
}

// FTS5's bm25() constants, fixed in its source.
const k1 = 1.2;
const b = 0.75;
const normOf = (length: number, mean: number) => 1 + k1 * (1 - b + (b * length) / mean);

/**
 * What turns FTS5's BM25, which norms a paper by its words, into BM25 normed by its distinct words (as MiniSearch
 * does): a paper that says its own terms again is not the longer for it, and the chance of holding some word by
 * accident grows with how many different words a paper uses. Exact for a word said once, as a rare word is.
 */
export function distinctLengthFactor(length: AbstractLength, mean: AbstractLength): number {
  return normOf(length.words, mean.words) / normOf(length.distinct, mean.distinct);
}
