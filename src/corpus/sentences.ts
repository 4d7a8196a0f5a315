const ABBREVIATION_END =
  /(?:\be\.g|\bi\.e|\bet al|\bvs|\bcf|\bFigs?|\bEqs?|\bSec|\bapprox|\bresp|\bNo|(?:^|[\s(])\p{Lu})\.$/u;
const SENTENCE_START = /[\p{Lu}\p{N}“"([]/u;

/** Whether a UTF-16 unit is whitespace as `\s` in a regular expression sees it. */
function isSpaceUnit(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Index of the next ".", "!" or "?" at or after `from`, given the last found position of each (or -1). */
class StopFinder {
  private readonly at = [-2, -2, -2];
  constructor(private readonly text: string) {}

  next(from: number): number {
    let best = -1;
    for (let k = 0; k < 3; k++) {
      let p = this.at[k] ?? -1;
      if (p !== -1 && p < from) {
        p = this.text.indexOf(k === 0 ? "." : k === 1 ? "!" : "?", from);
        this.at[k] = p;
      }
      if (p !== -1 && (best === -1 || p < best)) best = p;
    }
    return best;
  }
}

/** Splits an abstract into sentences, keeping "e.g." and "et al." inside theirs. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  const stops = new StopFinder(text);
  let start = 0;
  // Same boundaries as scanning /[.!?]\s+/g, but by indexOf: a stop, then a run of whitespace.
  for (let stop = stops.next(0); stop !== -1; ) {
    let after = stop + 1;
    while (after < text.length && isSpaceUnit(text.charCodeAt(after))) after += 1;
    if (after === stop + 1) {
      stop = stops.next(after);
      continue;
    }
    const end = stop + 1;
    const next = text.charAt(after);
    stop = stops.next(after);
    if (!SENTENCE_START.test(next) || ABBREVIATION_END.test(text.slice(Math.max(start, end - 12), end)))
      continue;
    const sentence = text.slice(start, end).trim();
    if (sentence.length > 0) sentences.push(sentence);
    start = end;
  }
  const last = text.slice(start).trim();
  if (last.length > 0) sentences.push(last);
  return sentences;
}
