import { resolve } from "node:path";
import { z } from "zod";
import { corpusFingerprint, type FileDigest, fileDigestOf } from "./corpus/fingerprint.js";
import {
  type CorpusFile,
  corpusOfFolderRead,
  type FileStamp,
  readCorpusFolder,
  statCorpusFolder,
} from "./corpus/load.js";
import {
  closeSnapshotFile,
  discardSnapshotFile,
  openSnapshotFile,
  readStampsFile,
  writeSnapshotFile,
  writeStampsFile,
} from "./corpus/snapshot-store.js";
import type { Problem } from "./corpus/types.js";
import { buildSnapshotInWorker } from "./index-worker-client.js";
import type { Logger } from "./logger.js";
import type { EngineIndex } from "./search/engine.js";
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
  /** Wall-clock milliseconds since the epoch, as file times count them; Date.now when not given. */
  clock?: () => number;
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
function snapshotKeyOf(read: {
  files: readonly (CorpusFile | FileDigest)[];
  ignored: readonly string[];
  problems: readonly Problem[];
}): string {
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
  let opened: { fd: number; bytes: Uint8Array } | undefined;
  try {
    opened = await openSnapshotFile(cacheDir, key);
  } catch (error) {
    logger.warn({ cacheDir, reason: reasonOf(error) }, "cannot read the index snapshot; rebuilding");
    return undefined;
  }
  if (opened === undefined) return undefined;
  try {
    // The abstracts stay in the file, read as hits are shown: the index holds them off the heap.
    return indexFromSnapshot(opened.bytes, { fd: opened.fd });
  } catch (error) {
    closeSnapshotFile(opened.fd);
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
): Promise<boolean> {
  try {
    await writeSnapshotFile(cacheDir, key, bytes);
    return true;
  } catch (error) {
    logger.warn(
      { cacheDir, reason: reasonOf(error) },
      "cannot store the index snapshot; serving anyway, the next start rebuilds",
    );
    return false;
  }
}

/** Files changed this close before the read that stamped them may have changed again within one clock tick. */
const STAMP_MARGIN_MS = 2000;

const stampsSchema = z.object({
  format: z.literal(INDEX_FORMAT_VERSION),
  corpusDir: z.string(),
  key: z.string(),
  readFromMs: z.number(),
  files: z.array(z.tuple([z.string(), z.string()])),
  ignored: z.array(z.string()),
});

/**
 * The key the snapshot was stored under when every author file still has the size, inode and change times it
 * had when last hashed (and had not changed just before): then nothing need be read. Else undefined.
 */
async function unchangedKeyOf(corpusDir: string, cacheDir: string): Promise<string | undefined> {
  try {
    const text = await readStampsFile(cacheDir);
    if (text === undefined) return undefined;
    const stored = stampsSchema.safeParse(JSON.parse(text));
    if (!stored.success || stored.data.corpusDir !== resolve(corpusDir)) return undefined;
    const { files, ignored, readFromMs, key } = stored.data;
    const now = await statCorpusFolder(corpusDir);
    if (now.problems.length > 0 || now.files.length !== files.length) return undefined;
    if (now.ignored.length !== ignored.length || now.ignored.some((name, at) => name !== ignored[at])) {
      return undefined;
    }
    const unchanged = now.files.every((file, at) => {
      const [name, signature] = files[at] ?? [];
      return (
        file.name === name && file.signature === signature && file.changedMs < readFromMs - STAMP_MARGIN_MS
      );
    });
    return unchanged ? key : undefined;
  } catch {
    // Whatever is wrong with the stamps, reading the files settles it.
    return undefined;
  }
}

async function storeStamps(
  cacheDir: string,
  stamps: {
    corpusDir: string;
    key: string;
    readFromMs: number;
    read: { files: (FileStamp & { name: string })[]; ignored: string[]; problems: Problem[] };
  },
  logger: Logger,
): Promise<void> {
  // Unreadable files are read again at every start: they may have become readable.
  if (stamps.read.problems.length > 0) return;
  const stored: z.infer<typeof stampsSchema> = {
    format: INDEX_FORMAT_VERSION,
    corpusDir: resolve(stamps.corpusDir),
    key: stamps.key,
    readFromMs: stamps.readFromMs,
    files: stamps.read.files.map((file) => [file.name, file.signature]),
    ignored: stamps.read.ignored,
  };
  try {
    await writeStampsFile(cacheDir, JSON.stringify(stored));
  } catch (error) {
    logger.warn(
      { cacheDir, reason: reasonOf(error) },
      "cannot store the corpus stamps; the next start reads every file",
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
  const clock = options.clock ?? Date.now;
  const loaded = (index: SearchIndex, source: LoadedIndex["source"]): LoadedIndex => ({
    index,
    source,
    ms: Math.round(now() - started),
  });

  const unchangedKey = await unchangedKeyOf(corpusDir, cacheDir);
  if (unchangedKey !== undefined) {
    const stored = await storedIndexOf(cacheDir, unchangedKey, logger);
    if (stored !== undefined) {
      logger.debug({ corpusDir }, "corpus files unchanged since the snapshot was stored (by their stamps)");
      return loaded(stored, "snapshot");
    }
  }

  // Each file is hashed as it is read and its bytes dropped: on an unchanged corpus none of it stays in memory.
  let readFromMs = clock();
  const digests = await readCorpusFolder(corpusDir, (name, bytes, stamp) => ({
    ...fileDigestOf(name, bytes),
    ...stamp,
  }));
  const digestKey = snapshotKeyOf(digests);
  const stored = await storedIndexOf(cacheDir, digestKey, logger);
  if (stored !== undefined) {
    await storeStamps(cacheDir, { corpusDir, key: digestKey, readFromMs, read: digests }, logger);
    return loaded(stored, "snapshot");
  }

  // Read again for the build; the key is taken from these very bytes in case a file changed meanwhile.
  readFromMs = clock();
  const stamped = await readCorpusFolder(corpusDir, (name, bytes, stamp) => ({ name, bytes, stamp }));
  const read = { ...stamped, files: stamped.files.map(({ name, bytes }) => ({ name, bytes })) };
  const key = snapshotKeyOf(read);
  let index: EngineIndex;
  let bytes: Uint8Array;
  if (options.build === "worker") {
    bytes = await buildSnapshotInWorker(corpusDir, read);
    index = indexFromSnapshot(bytes);
  } else {
    index = createSearchIndex(corpusOfFolderRead(corpusDir, read));
    bytes = snapshotOf(index);
  }
  if (await storeSnapshot(cacheDir, key, bytes, logger)) {
    const files = stamped.files.map(({ name, stamp }) => ({ name, ...stamp }));
    await storeStamps(cacheDir, { corpusDir, key, readFromMs, read: { ...stamped, files } }, logger);
  }
  return loaded(index, "built");
}
