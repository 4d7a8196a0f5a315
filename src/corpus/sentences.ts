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

/** Intl.Segmenter's sentences, keeping "e.g.", "et al." and initials inside and no lower-case start. */
export function sentenceSpansOf(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const close = (start: number, end: number) => {
    const slice = text.slice(start, end);
    const trimmed = slice.trimStart();
    const from = start + slice.length - trimmed.length;
    const to = from + trimmed.trimEnd().length;
    if (to > from) spans.push({ start: from, end: to });
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
    close(pendingStart, pendingEnd);
    pendingStart = index;
    pendingEnd = index + segment.length;
  }
  close(pendingStart, pendingEnd);
  return spans;
}

/** The sentences of a text (sentenceSpansOf), each without the white space around it. */
export function sentencesOf(text: string): string[] {
  return sentenceSpansOf(text).map(({ start, end }) => text.slice(start, end));
}
