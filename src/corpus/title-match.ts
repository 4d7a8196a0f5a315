import { eng } from "stopword/src/stopwords_eng.js";
import porter2 from "wink-porter2-stemmer";

/** English function words: no title word or acronym of their own ("No", "IT"). */
export const STOP_WORDS: ReadonlySet<string> = new Set([...eng, "via"]);
const stems = new Map<string, string>();

/** The content words of a text as Porter2 stems: accents and case folded, stop words gone, "LLMs" as "llm". */
export function contentStemsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .matchAll(/[\p{L}\p{N}]+/gu)) {
    const folded = (/^\p{Lu}{2,}s$/u.test(word) ? word.slice(0, -1) : word).toLowerCase();
    if (folded.length < 2 || STOP_WORDS.has(folded)) continue;
    let stem = stems.get(folded);
    if (stem === undefined) {
      stem = /\d/.test(folded) ? folded : porter2(folded);
      if (stems.size < 100_000) stems.set(folded, stem);
    }
    found.add(stem);
  }
  return found;
}

/** Titles with fewer content words ("RLHF: A Study Of Feedback") say too little to name one abstract. */
const MIN_TITLE_WORDS = 4;

/** "RMB: Comprehensively benchmarking…" → "RMB": the coined word a title starts with, as papers name a method. */
function coinedNameOf(title: string): string | undefined {
  const name = /^([\p{L}\p{N}][\p{L}\p{N}-]{1,39}):\s/u.exec(title)?.[1];
  // A capital or digit past the first letter ("AgentGym", "RMB", "Self-Polish", "R³"), unlike a plain word.
  return name !== undefined && /[\p{Lu}\p{N}]/u.test(name.slice(1)) ? name : undefined;
}

/** The one of `abstracts` holding all (or all but one of 7+) of a title's content words, the coined name too. */
export function abstractNamedBy(
  title: string,
  abstracts: readonly { text: string; stems: ReadonlySet<string> }[],
): number | undefined {
  const words = contentStemsOf(title);
  if (words.size < MIN_TITLE_WORDS) return undefined;
  const coined = coinedNameOf(title);
  let best: number | undefined;
  let bestFound = 0;
  let tie = false;
  abstracts.forEach((abstract, at) => {
    let found = 0;
    for (const word of words) if (abstract.stems.has(word)) found += 1;
    if (found === bestFound) tie = true;
    if (found <= bestFound) return;
    [best, bestFound, tie] = [at, found, false];
    if (coined !== undefined && !abstract.text.split(/[^\p{L}\p{N}-]+/u).includes(coined)) best = undefined;
  });
  const missing = words.size - bestFound;
  return tie || missing > (words.size >= 7 ? 1 : 0) + (coined === undefined ? 0 : 1) ? undefined : best;
}
