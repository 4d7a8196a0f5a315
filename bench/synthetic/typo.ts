import type { Random } from "./random.js";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The word with one slip of the keyboard (swap, drop or replace one inner letter); short words are left alone. */
export function withTypo(word: string, random: Random): string {
  if (word.length < 4) return word;
  const at = 1 + random.int(word.length - 2);
  const kind = random.int(3);
  if (kind === 0 && word[at] !== word[at + 1] && at + 1 < word.length) {
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  }
  if (kind === 1) return word.slice(0, at) + word.slice(at + 1);
  const current = (word[at] ?? "a").toLowerCase();
  const replacement = LETTERS.replace(current, "")[random.int(25)] as string;
  return word.slice(0, at) + replacement + word.slice(at + 1);
}
