import { corpusFingerprint } from "./corpus/fingerprint.js";
import { type CorpusFolderRead, corpusOfFolderRead, readCorpusFiles } from "./corpus/load.js";
import { discardSnapshotFile, readSnapshotFile, writeSnapshotFile } from "./corpus/snapshot-store.js";
import { buildSnapshotInWorker } from "./index-worker-client.js";
import type { Logger } from "./logger.js";
import { createSearchIndex } from "./search/index.js";
import { INDEX_FORMAT_VERSION, indexFromSnapshot, snapshotOf } from "./search/snapshot.js";
import type { SearchIndex } from "./search/types.js";

export interface LoadIndexOptions {
  corpusDir: string;
  /** Where the index snapshot is kept between starts (CACHE_DIR). */
  cacheDir: string;
  logger: Logger;
  /** "worker" builds in a worker thread so the event loop stays free (the bot); "inline" builds here. */
  build?: "worker" | "inline";
  /** Milliseconds from any fixed point, for the `ms` figure; performance.now when not given. */
  now?: () => number;
}

export interface LoadedIndex {
  index: SearchIndex;
  source: "snapshot" | "built";
  /** How long loading took, in milliseconds. */
  ms: number;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The key of a folder's snapshot: its files' names and bytes, and also what was passed over or unreadable. */
function snapshotKeyOf(read: CorpusFolderRead): string {
  const none = new Uint8Array(0);
  const marks = [
    ...read.ignored.map((name) => ({ name: `\u0000ignored/${name}`, bytes: none })),
    ...read.problems.map((problem) => ({ name: `\u0000unreadable/${problem.file}`, bytes: none })),
  ];
  return corpusFingerprint([...read.files, ...marks], INDEX_FORMAT_VERSION);
}

/** The index stored under `key`, or undefined; an unreadable or corrupt snapshot is logged (and a corrupt one removed). */
async function storedIndexOf(
  cacheDir: string,
  key: string,
  logger: Logger,
): Promise<SearchIndex | undefined> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readSnapshotFile(cacheDir, key);
  } catch (error) {
    logger.warn({ cacheDir, reason: reasonOf(error) }, "cannot read the index snapshot; rebuilding");
    return undefined;
  }
  if (bytes === undefined) return undefined;
  try {
    return indexFromSnapshot(bytes);
  } catch (error) {
    logger.warn(
      { cacheDir, key, reason: reasonOf(error) },
      "index snapshot is corrupt; discarded it, rebuilding",
    );
    await discardSnapshotFile(cacheDir, key).catch((discardError: unknown) => {
      logger.warn({ cacheDir, reason: reasonOf(discardError) }, "cannot remove the corrupt index snapshot");
    });
    return undefined;
  }
}

async function storeSnapshot(
  cacheDir: string,
  key: string,
  bytes: Uint8Array,
  logger: Logger,
): Promise<void> {
  try {
    await writeSnapshotFile(cacheDir, key, bytes);
  } catch (error) {
    logger.warn(
      { cacheDir, reason: reasonOf(error) },
      "cannot store the index snapshot; serving anyway, the next start rebuilds",
    );
  }
}

/**
 * The search index of a corpus folder: loaded from the snapshot in `cacheDir` when the folder is unchanged
 * since it was stored, else built (and the snapshot replaced). Throws CorpusError, as loadCorpus does, when
 * the folder cannot give a single paper.
 */
export async function loadIndex(options: LoadIndexOptions): Promise<LoadedIndex> {
  const { corpusDir, cacheDir, logger } = options;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const read = await readCorpusFiles(corpusDir);
  const key = snapshotKeyOf(read);
  const stored = await storedIndexOf(cacheDir, key, logger);
  if (stored !== undefined) return { index: stored, source: "snapshot", ms: Math.round(now() - started) };

  let index: SearchIndex;
  let bytes: Uint8Array;
  if (options.build === "worker") {
    bytes = await buildSnapshotInWorker(corpusDir, read);
    index = indexFromSnapshot(bytes);
  } else {
    index = createSearchIndex(corpusOfFolderRead(corpusDir, read));
    bytes = snapshotOf(index);
  }
  await storeSnapshot(cacheDir, key, bytes, logger);
  return { index, source: "built", ms: Math.round(now() - started) };
}
