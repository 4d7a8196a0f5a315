import type { Corpus } from "../corpus/types.js";
import { acronymTableOf } from "./analyze.js";
import { type EngineIndex, searchIndexOf } from "./engine.js";
import { indexDataOf } from "./postings.js";

/** Builds every structure search needs in one pass over the papers. */
export function createSearchIndex(corpus: Corpus): EngineIndex {
  return searchIndexOf(corpus, indexDataOf(corpus, acronymTableOf(corpus.acronyms)));
}
