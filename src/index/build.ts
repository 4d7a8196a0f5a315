import { type CorpusFolderRead, corpusOfFolderRead } from "../corpus/load.js";
import { writeIndexFile } from "../search/store-file.js";
import type { LoadProgress } from "./progress.js";

/** What a build needs: the corpus folder as read, where to write the index, and what it was read from. */
export interface BuildOrder {
  dir: string;
  read: CorpusFolderRead;
  /** A new file (the caller renames it into place once finished). */
  path: string;
  fingerprint: string;
}

/** Parses the corpus and writes its index file; throws CorpusError, as loadCorpus does, for an unusable corpus. */
export function buildIndexFile(order: BuildOrder, onProgress: (progress: LoadProgress) => void): void {
  onProgress({ phase: "parsing", files: order.read.files.length });
  const corpus = corpusOfFolderRead(order.dir, order.read);
  writeIndexFile(order.path, corpus, {
    fingerprint: order.fingerprint,
    onPapers: (papers, total) => onProgress({ phase: "indexing", papers, total }),
  });
}
