import { z } from "zod";
import { wordUnitBit } from "./compounds.js";

/** The mean length of an abstract, in words and different words: recorded with the index, as the corpus's size. */
export interface AbstractLength {
  words: number;
  distinct: number;
}

export const storedLengthSchema = z.object({ words: z.number().positive(), distinct: z.number().positive() });

/** How many words a text has, without making them. */
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

/** The mean length of the abstracts (at least 1, so that an empty corpus divides by nothing). */
export function meanLengthOf(abstracts: readonly string[]): AbstractLength {
  let words = 0;
  for (const abstract of abstracts) words += wordCountOf(abstract);
  const mean = Math.max(1, words / Math.max(1, abstracts.length));
  return { words: mean, distinct: mean };
}
