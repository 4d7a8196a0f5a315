const ABBREVIATION_END =
  /(?:\be\.g|\bi\.e|\bet al|\bvs|\bcf|\bFigs?|\bEqs?|\bSec|\bapprox|\bresp|\bNo|(?:^|[\s(])\p{Lu})\.\s*$/u;
const SENTENCE_START = /^[\p{Lu}\p{N}“"([]/u;

// ICU's sentence rules with its English abbreviation list ("ss-standard": "Fig.", "Dr." end no sentence).
const SEGMENTER = new Intl.Segmenter("en-u-ss-standard", { granularity: "sentence" });

/**
 * Splits an abstract into sentences (Intl.Segmenter), keeping "e.g.", "et al." and initials inside theirs, and
 * never starting a sentence with a lower-case word.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let pending = "";
  for (const { segment } of SEGMENTER.segment(text)) {
    if (pending.length > 0 && (ABBREVIATION_END.test(pending) || !SENTENCE_START.test(segment.trimStart()))) {
      pending += segment;
      continue;
    }
    const sentence = pending.trim();
    if (sentence.length > 0) sentences.push(sentence);
    pending = segment;
  }
  const last = pending.trim();
  if (last.length > 0) sentences.push(last);
  return sentences;
}
