import type { Paper } from "../../src/corpus/types.js";
import type { PaperLookups } from "../../src/search/types.js";

/** Every paper an index serves, in its id order. */
export function papersOf(index: PaperLookups): Paper[] {
  return index.paperIds().flatMap((id) => index.paper(id) ?? []);
}

/** The first paper whose abstract holds these words; throws when none does. */
export function paperWith(index: PaperLookups, words: string): Paper {
  const paper = papersOf(index).find((p) => p.abstract.includes(words));
  if (!paper) throw new Error(`no paper mentions ${words}`);
  return paper;
}
