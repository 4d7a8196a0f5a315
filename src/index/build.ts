import { type CorpusFolderRead, corpusReadOfFolderRead } from "../corpus/load.js";
import { writeIndexFileHelped } from "../search/store-file.js";
import { fromAbstractsInHelper } from "./abstracts-helper.js";
import type { LoadProgress } from "./progress.js";

/** What a build needs: the corpus folder as read, where to write the index, and what it was read from. */
export interface BuildOrder {
  dir: string;
  read: CorpusFolderRead;
  /** A new file (the caller renames it into place once finished). */
  path: string;
  fingerprint: string;
}

/**
 * Parses the corpus and writes its index file, what comes from the abstracts alone worked out on a second thread
 * meanwhile; rejects with CorpusError, as loadCorpus does, for an unusable corpus.
 */
export async function buildIndexFile(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  onProgress({ phase: "parsing", files: order.read.files.length });
  const corpus = corpusReadOfFolderRead(order.dir, order.read);
  const onPapers = (papers: number, total: number) => onProgress({ phase: "indexing", papers, total });
  await writeIndexFileHelped(order.path, corpus, { fingerprint: order.fingerprint, onPapers }, (abstracts) =>
    fromAbstractsInHelper(abstracts),
  );
}
