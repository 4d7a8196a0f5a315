// How likely a typed word is one slip of the keyboard away from a word of the corpus: the "channel" half of a
// noisy-channel speller (the other half is how common the word is). People swap two letters, drop one, double
// one or hit a key next to the one meant; a letter replaced by one across the keyboard is a rarer slip.

const rows = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

/** Keys next to each key on a QWERTY keyboard (same row, and the rows above and below, offset as on a keyboard). */
const neighbours: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const map = new Map<string, Set<string>>();
  const at = (row: number, column: number) => rows[row]?.[column];
  rows.forEach((keys, row) => {
    [...keys].forEach((key, column) => {
      const near = [
        at(row, column - 1),
        at(row, column + 1),
        at(row - 1, column),
        at(row - 1, column + 1),
        at(row + 1, column),
        at(row + 1, column - 1),
      ];
      map.set(key, new Set(near.filter((k): k is string => k !== undefined)));
    });
  });
  return map;
})();

/** Whether `a` is `b` or a key next to it; characters off the keyboard (accents, scripts) are not judged. */
function nearKey(a: string, b: string): boolean {
  const around = neighbours.get(a);
  return a === b || around === undefined || !neighbours.has(b) || around.has(b);
}

/** How much less likely a far slip is than a near one. */
export const farSlip = 0.1;

/**
 * The likelihood (1, or `farSlip`) that `typed` is `word` mistyped once: a swap, a dropped letter, a doubled
 * or neighbouring extra letter, or a neighbouring key are near slips; a far key or a stray letter are not.
 * Words further apart than one edit are not judged (1).
 */
export function slipLikelihood(typed: string, word: string): number {
  // A slip at the first letter is rarer than one after it (it is right in about 93 % of misspellings).
  const swapped = typed.charAt(0) === word.charAt(1) && typed.charAt(1) === word.charAt(0);
  const atFirst = typed.charAt(0) !== word.charAt(0) && !swapped;
  return (atFirst ? firstLetterSlip : 1) * keyboardLikelihood(typed, word);
}

/** How much less likely a slip at the first letter is than one after it. */
export const firstLetterSlip = 0.5;

function keyboardLikelihood(typed: string, word: string): number {
  if (typed.length === word.length) {
    const differ: number[] = [];
    for (let i = 0; i < typed.length && differ.length <= 2; i++) if (typed[i] !== word[i]) differ.push(i);
    const [first, second] = differ;
    if (first === undefined) return 1;
    if (second === undefined) return nearKey(typed.charAt(first), word.charAt(first)) ? 1 : farSlip;
    // Two letters differ: a swap (a near slip) or two edits (not judged).
    return 1;
  }
  if (typed.length === word.length - 1) return 1;
  if (typed.length !== word.length + 1) return 1;
  for (let i = 0; i < typed.length; i++) {
    if (typed.slice(0, i) + typed.slice(i + 1) !== word) continue;
    const extra = typed.charAt(i);
    const before = typed[i - 1];
    const after = typed[i + 1];
    if ((before !== undefined && nearKey(extra, before)) || (after !== undefined && nearKey(extra, after)))
      return 1;
  }
  return farSlip;
}
