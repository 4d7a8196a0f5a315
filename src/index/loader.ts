import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Piscina } from "piscina";
import { z } from "zod";
import { corpusFingerprint, type FileDigest, fileDigestOf } from "../corpus/fingerprint.js";
import { type FileStamp, readCorpusFolder, statCorpusFolder } from "../corpus/load.js";
import type { CorpusFile, Problem } from "../corpus/types.js";
import type { Logger } from "../logger.js";
import { openIndexFile, openIndexLookups } from "../search/store-file.js";
import { INDEX_VERSION } from "../search/store-schema.js";
import { buildIndexFile, buildInProcess, integrityInWorker } from "./build.js";
import {
  discardFile,
  indexFilePath,
  publishFile,
  readStampsFile,
  removeOtherIndexFiles,
  temporaryPathFor,
  writeStampsFile,
} from "./cache-files.js";
import type { LoadProgress } from "./progress.js";
import { sameThreadIndex } from "./same-thread.js";
import { type OpenIndex, openSearchThreads, startSearchPool } from "./search-threads.js";

export interface LoadIndexOptions {
  corpusDir: string;
  /** Where the index file is kept between starts (CACHE_DIR). */
  cacheDir: string;
  logger: Logger;
  /**
   * "process" builds in a process of its own, so the event loop stays free and the build's memory goes back to the
   * system when it ends (the bot); "inline" builds here.
   */
  build?: "process" | "inline";
  /** A reload beside the index served meanwhile: a build in a process runs below the bot's priority. */
  background?: boolean;
  /**
   * "worker" answers searches in worker threads, so the event loop stays free (the bot, the console);
   * "same-thread" answers them on this thread (the paperbot CLI, which answers one command and exits).
   */
  queries?: "worker" | "same-thread";
  /** Search workers (worker queries only); SEARCH_WORKERS unless given. */
  searchWorkers?: number;
  /** Called when the search workers can no longer serve the index (its file gone, workers dying). */
  onUnusable?: (reason: string) => void;
  /** Called while a corpus is read, parsed and indexed (only when it has to be built). */
  onProgress?: (progress: LoadProgress) => void;
  /**
   * When given, a stored file (opened after quick checks: ours, whole, finished) is then checked page by page
   * in a worker thread; when that finds damage the file is removed and this is called (a reload rebuilds it).
   */
  onCorrupt?: (reason: string) => void;
  /** How long after opening a stored file that check starts; CHECK_AFTER_MS unless given. */
  checkAfterMs?: number;
  /** Milliseconds from any fixed point, for the `ms` figure; performance.now when not given. */
  now?: () => number;
  /** Wall-clock milliseconds since the epoch, as file times count them; Date.now when not given. */
  clock?: () => number;
  /**
   * "before" (the default) stats every corpus file before a stored index is opened; "after" opens the one the stamps
   * file names at once and leaves the comparison to whoever watches the folder (the bot's watch, once it is ready).
   */
  folderCheck?: "before" | "after";
}

/** What the corpus folder's stats said at the load (the folder watch starts from it, so the folder is stat-ed once). */
export type FolderStamps = Awaited<ReturnType<typeof statCorpusFolder>>;

/** A stored index opened by its stamps file alone: the files that changed since its read, or undefined if none did. */
export interface UncheckedFolder {
  changedIn(now: FolderStamps): string[] | undefined;
}

export interface LoadedIndex {
  index: OpenIndex;
  folder: FolderStamps | UncheckedFolder;
  /** "stored": an index file from an earlier start; "built": the corpus was parsed and indexed. */
  source: "stored" | "built";
  /** How long loading took, in milliseconds. */
  ms: number;
  /** Why CACHE_DIR could not take the index file, when it could not: the index was built in a temporary folder. */
  cacheFault?: string;
}

/**
 * A stored file's page-by-page check (seconds of a core at 100,000 papers) waits until the start is over: nothing
 * needs it to answer, and it would compete for the cores with what does.
 */
export const CHECK_AFTER_MS = 30_000;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The key of a folder's index: its files' names and bytes, what was passed over or unreadable, our version. */
function keyOf(read: {
  files: readonly (CorpusFile | FileDigest)[];
  ignored: readonly string[];
  problems: readonly Problem[];
}): string {
  const none = new Uint8Array(0);
  const marks = [
    ...read.ignored.map((name) => ({ name: `\u0000ignored/${name}`, bytes: none })),
    ...read.problems.map((problem) => ({ name: `\u0000unreadable/${problem.file}`, bytes: none })),
  ];
  return corpusFingerprint([...read.files, ...marks], INDEX_VERSION);
}

/** The corpus's memory of its last load (ids by stable key, last good files), beside the index files. */
export const CORPUS_MEMORY_DIR = "corpus-memory";

/** The search workers started early, while they last: the first index opened takes them. */
type Spare = () => Piscina | undefined;

/** The index file at `path`, opened and checked, served as `options` ask. Throws IndexFileError. */
async function servedIndexOf(
  path: string,
  key: string,
  options: LoadIndexOptions,
  spare: Spare,
): Promise<OpenIndex> {
  if (options.queries === "same-thread") return sameThreadIndex(openIndexFile(path, key));
  const lookups = openIndexLookups(path, key);
  const workers = options.searchWorkers;
  const pool = spare() ?? startSearchPool(workers === undefined ? {} : { workers });
  const index = await openSearchThreads({ path, fingerprint: key }, lookups, {
    pool,
    logger: options.logger,
    ...(options.onUnusable === undefined ? {} : { onUnusable: options.onUnusable }),
  });
  // Read now (tens of ms at 100,000 papers) rather than by the first request that needs it.
  index.paperIds();
  return index;
}

/** The index stored under `key`, or undefined; an unusable file is logged and removed. */
async function storedIndexOf(
  cacheDir: string,
  key: string,
  options: LoadIndexOptions,
  spare: Spare,
): Promise<OpenIndex | undefined> {
  const { logger } = options;
  const path = indexFilePath(cacheDir, key);
  if (!existsSync(path)) return undefined;
  try {
    return await servedIndexOf(path, key, options, spare);
  } catch (error) {
    logger.warn({ path, reason: reasonOf(error) }, "index file is unusable; removed it, rebuilding");
    await discardFile(path).catch(() => undefined);
    return undefined;
  }
}

/** Files changed this close before the read that stamped them may have changed again within one clock tick. */
const STAMP_MARGIN_MS = 2000;

const stampsSchema = z.object({
  version: z.literal(INDEX_VERSION),
  corpusDir: z.string(),
  key: z.string(),
  readFromMs: z.number(),
  /** How many author files, and the hash of their names and stamps in order (filesDigestOf). */
  files: z.number(),
  digest: z.string(),
  ignored: z.array(z.string()),
});
type Stamps = z.infer<typeof stampsSchema>;

/**
 * One hash of the author files' names and stamps: a stamps file of 12,500 pairs took the main thread 0.2 s to
 * check with zod at every restart.
 */
function filesDigestOf(files: readonly { name: string; signature: string }[]): string {
  const hash = createHash("sha256");
  for (const { name, signature } of files) hash.update(`${name}\u0000${signature}\u0000`);
  return hash.digest("base64");
}

/** The stamps stored for this corpus folder, or undefined (none, another folder's, another version's). */
async function storedStampsOf(corpusDir: string, cacheDir: string): Promise<Stamps | undefined> {
  try {
    const text = await readStampsFile(cacheDir);
    if (text === undefined) return undefined;
    const stored = stampsSchema.safeParse(JSON.parse(text));
    return stored.success && stored.data.corpusDir === resolve(corpusDir) ? stored.data : undefined;
  } catch {
    // Whatever is wrong with the stamps, reading the files settles it.
    return undefined;
  }
}

/** The files changed since the stamps' read ([] when only a removal or a rename tells), or undefined if none did. */
function changedSince(stamps: Stamps, now: FolderStamps): string[] | undefined {
  const { files, digest, ignored, readFromMs } = stamps;
  const changed = now.files
    .filter((file) => file.changedMs >= readFromMs - STAMP_MARGIN_MS)
    .map((f) => f.name);
  const same =
    changed.length === 0 &&
    now.problems.length === 0 &&
    now.files.length === files &&
    now.ignored.length === ignored.length &&
    now.ignored.every((name, at) => name === ignored[at]) &&
    filesDigestOf(now.files) === digest;
  return same ? undefined : changed;
}

async function storeStamps(
  cacheDir: string,
  stamps: Omit<Stamps, "version" | "files" | "digest"> & {
    files: (FileStamp & { name: string })[];
    problems: Problem[];
  },
  logger: Logger,
): Promise<void> {
  // Unreadable files are read again at every start: they may have become readable.
  if (stamps.problems.length > 0) return;
  const stored: Stamps = {
    version: INDEX_VERSION,
    corpusDir: resolve(stamps.corpusDir),
    key: stamps.key,
    readFromMs: stamps.readFromMs,
    files: stamps.files.length,
    digest: filesDigestOf(stamps.files),
    ignored: stamps.ignored,
  };
  await writeStampsFile(cacheDir, JSON.stringify(stored)).catch((error: unknown) =>
    logger.warn(
      { cacheDir, reason: reasonOf(error) },
      "cannot store the corpus stamps; the next start reads every file",
    ),
  );
}

/**
 * The search index of a corpus folder: the index file in `cacheDir` when the folder is unchanged since it was
 * built, else built afresh (written aside, renamed into place, older files removed). Throws CorpusError, as
 * loadCorpus does, when the folder cannot give a single paper.
 */
export async function loadIndex(options: LoadIndexOptions): Promise<LoadedIndex> {
  // Started at once: through tsx its modules take a second to load, longer than the checks before it opens a file.
  const workers = options.searchWorkers;
  let early =
    options.queries === "same-thread" ? undefined : startSearchPool(workers === undefined ? {} : { workers });
  const spare = () => {
    const taken = early;
    early = undefined;
    return taken;
  };
  try {
    return await loadIndexWith(options, spare);
  } finally {
    void spare()?.destroy();
  }
}

async function loadIndexWith(options: LoadIndexOptions, spare: Spare): Promise<LoadedIndex> {
  const { corpusDir, cacheDir, logger } = options;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const clock = options.clock ?? Date.now;
  const onProgress = options.onProgress ?? (() => undefined);
  const loaded = async (
    index: OpenIndex,
    source: LoadedIndex["source"],
    key: string,
    folder: LoadedIndex["folder"],
  ): Promise<LoadedIndex> => {
    const path = indexFilePath(cacheDir, key);
    await removeOtherIndexFiles(cacheDir, path).catch(() => undefined);
    const onCorrupt = options.onCorrupt;
    if (source === "stored" && onCorrupt !== undefined) {
      const check = async () => {
        const integrity = await integrityInWorker(path);
        // A file replaced or removed meanwhile (another process's build) is not damage.
        if (integrity === "ok" || !existsSync(path)) return;
        logger.warn({ path, reason: integrity }, "index file is corrupt; removed it, rebuilding");
        await discardFile(path).catch(() => undefined);
        onCorrupt(integrity);
      };
      setTimeout(() => void check(), options.checkAfterMs ?? CHECK_AFTER_MS).unref();
    }
    return { index, folder, source, ms: Math.round(now() - started) };
  };

  const last = await storedStampsOf(corpusDir, cacheDir);
  if (last !== undefined) {
    // A restart's stats of every file (a third of it at 12,500 files) can wait for the watch when one follows.
    const folder =
      options.folderCheck === "after"
        ? { changedIn: (now: FolderStamps) => changedSince(last, now) }
        : await statCorpusFolder(corpusDir).catch(() => undefined);
    const unchanged =
      folder !== undefined && ("changedIn" in folder || changedSince(last, folder) === undefined);
    const opened = unchanged ? await storedIndexOf(cacheDir, last.key, options, spare) : undefined;
    if (folder !== undefined && opened !== undefined) {
      logger.debug({ corpusDir }, "corpus files unchanged since the index was built (by their stamps)");
      return loaded(opened, "stored", last.key, folder);
    }
  }

  // Each file is hashed as it is read. Its bytes are let go once an index of the same bytes is found, and are
  // otherwise what the build reads: the folder is read once, and the key is the hash of these very bytes.
  let files = 0;
  const counted = <T>(value: T): T => {
    files += 1;
    if (files % 200 === 0) onProgress({ phase: "reading", files });
    return value;
  };
  const readFromMs = clock();
  const { release, ...stamped } = await readCorpusFolder(corpusDir, (name, bytes, stamp) =>
    counted({ ...fileDigestOf(name, bytes), bytes, stamp }),
  );
  try {
    const key = keyOf(stamped);
    const stampsOfFiles = stamped.files.map(({ name, stamp }) => ({ name, ...stamp }));
    const { ignored, problems } = stamped;
    const stamps = { corpusDir, key, readFromMs, files: stampsOfFiles, ignored, problems };
    const folder = { files: stampsOfFiles, ignored, problems };
    const stored = await storedIndexOf(cacheDir, key, options, spare);
    if (stored !== undefined) {
      await storeStamps(cacheDir, stamps, logger);
      return loaded(stored, "stored", key, folder);
    }

    const read = { ...stamped, files: stamped.files.map(({ name, bytes }) => ({ name, bytes })) };
    const order = {
      dir: corpusDir,
      read,
      fingerprint: key,
      memoryDir: join(cacheDir, CORPUS_MEMORY_DIR),
      background: options.background === true,
    };
    const build = (path: string) =>
      options.build === "process"
        ? buildInProcess({ ...order, path }, onProgress)
        : buildIndexFile({ ...order, path }, onProgress);
    let path: string | undefined;
    try {
      path = await temporaryPathFor(cacheDir, key);
      await build(path);
      publishFile(path, indexFilePath(cacheDir, key));
    } catch (error) {
      if (path !== undefined) await discardFile(path).catch(() => undefined);
      const fault = cacheFaultOf(error);
      if (fault === undefined) throw error;
      const index = await builtAside(cacheDir, fault, build, (built) =>
        servedIndexOf(built, key, options, spare),
      );
      logger.warn(
        { cacheDir, reason: fault },
        `CACHE_DIR ${cacheDir} cannot be written (${fault}): serving an index built in a temporary folder; the next start builds it again`,
      );
      return { index, folder, source: "built", ms: Math.round(now() - started), cacheFault: fault };
    }
    await storeStamps(cacheDir, stamps, logger);
    const index = await servedIndexOf(indexFilePath(cacheDir, key), key, options, spare);
    return loaded(index, "built", key, folder);
  } finally {
    // The files' bytes (229 MB at 100,000 papers), once built from or not needed, go now, not at some collection.
    release();
  }
}

/** Why a build could not write its file, when the folder is at fault (full, read-only, no permission), not the corpus. */
function cacheFaultOf(error: unknown): string | undefined {
  // An error from the build process arrives as an Error that keeps its code.
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "SQLITE_FULL" || code === "ENOSPC") return "the disk is full";
  if (code === "EDQUOT") return "the disk quota is used up";
  if (code === "SQLITE_READONLY" || code === "EROFS") return "it is read-only";
  if (code === "SQLITE_CANTOPEN" || code === "EACCES" || code === "EPERM") {
    return "read-only, or no permission to create files there";
  }
  if (code === "ENOTDIR" || code === "EEXIST") return "its path runs through a file, not a folder";
  if (code.startsWith("SQLITE_IOERR") || code === "EIO") return "the disk failed a write";
  return undefined;
}

/**
 * The index built in a folder of its own under the system's temporary folder when CACHE_DIR cannot take it, and
 * opened; the folder is removed at once (the open file stays readable once its name is gone). /paper stats lists
 * why, with CACHE_DIR's path, among the loader's problems; the next start builds again.
 */
async function builtAside(
  cacheDir: string,
  fault: string,
  build: (path: string) => Promise<void>,
  open: (path: string) => Promise<OpenIndex>,
): Promise<OpenIndex> {
  const aside = await mkdtemp(join(tmpdir(), "paperbot-index-"));
  try {
    const path = join(aside, "index.sqlite");
    try {
      await build(path);
    } catch (error) {
      const asideFault = cacheFaultOf(error);
      if (asideFault === undefined) throw error;
      throw new Error(
        `cannot build the search index: CACHE_DIR ${cacheDir} cannot be written (${fault}), nor ${tmpdir()} (${asideFault})`,
        { cause: error },
      );
    }
    const index = await open(path);
    const message = `CACHE_DIR cannot be written (${fault}): this index was built in a temporary folder and is built again at each start`;
    return {
      ...index,
      stats: () => {
        const stats = index.stats();
        return { ...stats, problems: [...stats.problems, { file: cacheDir, line: 0, message }] };
      },
    };
  } finally {
    await rm(aside, { recursive: true, force: true });
  }
}
