import { type CorpusFolderRead, corpusOfFolderRead } from "./corpus/load.js";
import { createSearchIndex } from "./search/index.js";
import { snapshotOf } from "./search/snapshot.js";

/** The snapshot bytes of the index over what was read from a corpus folder; throws CorpusError as loadCorpus does. */
export function indexSnapshotOfRead(dir: string, read: CorpusFolderRead): Uint8Array {
  return snapshotOf(createSearchIndex(corpusOfFolderRead(dir, read)));
}
