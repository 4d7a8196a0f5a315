import { mineAcronyms } from "./acronyms.js";
import { headlineFor } from "./headline.js";
import { indexedTextOf } from "./indexed-text.js";
import type { Acronym, Corpus, CorpusRead, PaperRead } from "./types.js";

/** What the abstracts of a corpus say together, given its papers' text alone: the acronyms defined. */
export interface AbstractFacts {
  acronyms: Acronym[];
}

export function abstractFactsOf(
  papers: readonly Pick<PaperRead, "title" | "venue" | "abstract">[],
): AbstractFacts {
  return { acronyms: mineAcronyms(papers.map(indexedTextOf)) };
}

/** The corpus read, with what its abstracts say (`facts`) and each paper's headline. */
export function completedCorpus(read: CorpusRead, facts: AbstractFacts): Corpus {
  const papers = read.papers.map((paper) => ({ ...paper, headline: headlineFor(paper) }));
  return { ...read, papers, acronyms: facts.acronyms };
}
