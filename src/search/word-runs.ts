import { foldedWordsOf } from "./analyze.js";
import { phraseOf } from "./match.js";
import type { IndexStore } from "./store-read.js";

/** Papers read to see how words whose stems stand side by side are written. */
const papersRead = 20;

/** Of phrases with the same stems, the one the first papers holding those stems write word for word most. */
export function mostWrittenOf<T extends readonly string[]>(
  store: IndexStore,
  phrases: readonly T[],
): T | undefined {
  const first = phrases[0];
  if (first === undefined) return undefined;
  const rowids = store.top({ match: phraseOf(first) }, papersRead).map((row) => row.rowid);
  const texts = [...store.papers(rowids).values()].map((paper) => foldedWordsOf(paper.abstract));
  let most: { phrase: T; papers: number } | undefined;
  for (const phrase of phrases) {
    const run = phrase.map((word) => new Set([word]));
    const papers = texts.filter((words) => hasRun(words, run)).length;
    if (papers > (most?.papers ?? 0)) most = { phrase, papers };
  }
  return most?.phrase;
}

/** Whether `words` holds, side by side and in order, one form of each of `run`. */
export function hasRun(words: readonly string[], run: readonly Set<string>[]): boolean {
  for (let i = 0; i + run.length <= words.length; i++) {
    if (run.every((forms, j) => forms.has(words[i + j] ?? ""))) return true;
  }
  return false;
}
