import type { Corpus } from "../corpus/types.js";
import { acronymTableOf } from "./analyze.js";
import { searchIndexOf } from "./engine.js";
import { indexDataOf } from "./postings.js";
import type { SearchIndex } from "./types.js";

/** Builds every structure search needs in one pass over the papers. */
export function createSearchIndex(corpus: Corpus): SearchIndex {
  return searchIndexOf(corpus, indexDataOf(corpus, acronymTableOf(corpus.acronyms)));
}
