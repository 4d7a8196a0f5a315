const ABBREVIATION_END =
  /(?:\be\.g|\bi\.e|\bet al|\bvs|\bcf|\bFigs?|\bEqs?|\bSec|\bapprox|\bresp|\bNo|(?:^|[\s(])\p{Lu})\.\s*$/u;
const SENTENCE_START = /^\s*[\p{Lu}\p{N}“"([]/u;

// ICU's sentence rules with its English abbreviation list ("ss-standard": "Fig.", "Dr." end no sentence).
const SEGMENTER = new Intl.Segmenter("en-u-ss-standard", { granularity: "sentence" });

/** More letters than the longest ending ABBREVIATION_END matches ("approx.", white space left out). */
const ABBREVIATION_READ = 16;

/**
 * Whether text.slice(start, end) ends with an abbreviation: only its last letters are read (the pattern, tried at
 * every place of a long sentence, was half a second at 100,000 papers). A match cannot begin at the first of them, so
 * the text before never counts.
 */
function endsWithAbbreviation(text: string, start: number, end: number): boolean {
  let last = end;
  while (last > start && /\s/.test(text[last - 1] ?? "")) last--;
  return ABBREVIATION_END.test(text.slice(Math.max(start, last - ABBREVIATION_READ), last));
}

/** Where a sentence stands in its text: `text.slice(start, end)`, without the white space around it. */
export interface SentenceSpan {
  start: number;
  end: number;
}

/**
 * Intl.Segmenter's sentences, keeping "e.g.", "et al." and initials inside and no lower-case start, one at a time:
 * a reader that stops at the sentence it wants segments no further.
 */
export function* sentenceSpansIn(text: string): Generator<SentenceSpan> {
  const spanOf = (start: number, end: number): SentenceSpan | undefined => {
    const slice = text.slice(start, end);
    const trimmed = slice.trimStart();
    const from = start + slice.length - trimmed.length;
    const to = from + trimmed.trimEnd().length;
    return to > from ? { start: from, end: to } : undefined;
  };
  let pendingStart = 0;
  let pendingEnd = 0;
  for (const { segment, index } of SEGMENTER.segment(text)) {
    if (
      pendingEnd > pendingStart &&
      (endsWithAbbreviation(text, pendingStart, pendingEnd) || !SENTENCE_START.test(segment))
    ) {
      pendingEnd = index + segment.length;
      continue;
    }
    const span = spanOf(pendingStart, pendingEnd);
    if (span !== undefined) yield span;
    pendingStart = index;
    pendingEnd = index + segment.length;
  }
  const span = spanOf(pendingStart, pendingEnd);
  if (span !== undefined) yield span;
}

/** Every sentence's span (sentenceSpansIn). */
export const sentenceSpansOf = (text: string): SentenceSpan[] => [...sentenceSpansIn(text)];

/** The sentences of a text, one at a time, each without the white space around it. */
export function* sentencesIn(text: string): Generator<string> {
  for (const { start, end } of sentenceSpansIn(text)) yield text.slice(start, end);
}
