import { mineAcronyms } from "./acronyms.js";
import { headlineOf } from "./headline.js";
import type { Acronym, Corpus, CorpusRead } from "./types.js";

/** What the abstracts of a corpus say, given its abstracts alone: each one's headline, and the acronyms defined. */
export interface AbstractFacts {
  /** `headlines[i]` is the headline of the i-th abstract. */
  headlines: string[];
  acronyms: Acronym[];
}

export function abstractFactsOf(abstracts: readonly string[]): AbstractFacts {
  return { headlines: abstracts.map(headlineOf), acronyms: mineAcronyms(abstracts) };
}

/** The corpus read, with what its abstracts say (`facts`, worked out from its papers' abstracts in order). */
export function completedCorpus(read: CorpusRead, facts: AbstractFacts): Corpus {
  const papers = read.papers.map((paper, at) => ({ ...paper, headline: facts.headlines[at] ?? "" }));
  return { ...read, papers, acronyms: facts.acronyms };
}
