import { mineAcronyms } from "./acronyms.js";
import { headlineOf } from "./headline.js";
import { indexedTextOf } from "./indexed-text.js";
import type { Acronym, Corpus, CorpusRead, PaperRead } from "./types.js";

/** What the abstracts of a corpus say, given its papers' text alone: each one's headline, and the acronyms defined. */
export interface AbstractFacts {
  /** `headlines[i]` is the headline of the i-th paper. */
  headlines: string[];
  acronyms: Acronym[];
}

/**
 * A paper's headline is its title; one is made up from the abstract only for a paper without a title (a seeds
 * abstract): at 100,000 titled papers that was 4 s of a cold start for headlines nobody sees.
 */
export function abstractFactsOf(
  papers: readonly Pick<PaperRead, "title" | "venue" | "abstract">[],
): AbstractFacts {
  const texts = papers.map(indexedTextOf);
  const headlines = papers.map((paper) => paper.title?.trim() || headlineOf(paper.abstract));
  return { headlines, acronyms: mineAcronyms(texts) };
}

/** The corpus read, with what its abstracts say (`facts`, worked out from its papers' abstracts in order). */
export function completedCorpus(read: CorpusRead, facts: AbstractFacts): Corpus {
  const papers = read.papers.map((paper, at) => ({ ...paper, headline: facts.headlines[at] ?? "" }));
  return { ...read, papers, acronyms: facts.acronyms };
}
