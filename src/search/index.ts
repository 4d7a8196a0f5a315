import type { Corpus } from "../corpus/types.js";
import { acronymTableOf } from "./analyze.js";
import { searchIndexOf } from "./engine.js";
import { indexDataOf } from "./postings.js";
import { indexFromSnapshot, snapshotOf } from "./snapshot.js";
import type { SearchIndex } from "./types.js";

/** Builds every structure search needs in one pass over the papers. */
export function createSearchIndex(corpus: Corpus): SearchIndex {
  return searchIndexOf(corpus, indexDataOf(corpus, acronymTableOf(corpus.acronyms)));
}

/** The names bench/engines.ts looks for; the snapshot holds its own corpus, so `corpus` is unused. */
export function snapshotSearchIndex(index: SearchIndex): Uint8Array {
  return snapshotOf(index);
}

export function restoreSearchIndex(_corpus: Corpus, snapshot: string | Uint8Array): SearchIndex {
  if (typeof snapshot === "string") throw new TypeError("an index snapshot is bytes, not text");
  return indexFromSnapshot(snapshot);
}
