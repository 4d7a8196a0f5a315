import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";

// CACHE_DIR holds one index file per corpus state, `index-<key>.sqlite`, and the stamps of the files it was
// read from. Files are written under a temporary name and renamed into place, so a reader sees a whole file
// or none; a reader keeps the file it opened even when a newer one replaces it or it is removed.

const PREFIX = "index-";
const SUFFIX = ".sqlite";
const TEMPORARY = /^(?:index-|corpus-stamps).+\.(\d+)-[0-9a-f]+\.tmp$/;
const KEY = /^[0-9a-z-]{8,128}$/;
/** Formats of earlier versions, removed on sight. */
const LEGACY = /^index-.+\.snapshot$/;
const STAMPS_FILE = "corpus-stamps.json";
/** A temporary file this old was left by a build that died (a running build touches its file constantly). */
const ABANDONED_MS = 60 * 60 * 1000;

export function indexFilePath(cacheDir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`not an index key: ${JSON.stringify(key)}`);
  return join(cacheDir, `${PREFIX}${key}${SUFFIX}`);
}

/** A fresh name beside the final one, for a file being built (this process's own). */
export async function temporaryPathFor(cacheDir: string, key: string): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  return `${indexFilePath(cacheDir, key)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
}

/** Flushes a finished file to disk and renames it into place (atomic: the old file or the new, never half). */
export function publishFile(temporary: string, path: string): void {
  const fd = openSync(temporary, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes every index file but `keep`, earlier formats, and temporary files whose build has died. Another
 * process still reading a removed file keeps it until it closes it.
 */
export async function removeOtherIndexFiles(
  cacheDir: string,
  keep: string,
  now = Date.now(),
): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    const path = join(cacheDir, name);
    const temporary = TEMPORARY.exec(name);
    let stale = false;
    if (temporary) {
      const pid = Number(temporary[1]);
      const age = now - (await stat(path).catch(() => ({ mtimeMs: now }))).mtimeMs;
      stale = !isRunning(pid) || age > ABANDONED_MS;
    } else {
      stale = (name.startsWith(PREFIX) && name.endsWith(SUFFIX) && path !== keep) || LEGACY.test(name);
    }
    if (stale) {
      await rm(path, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

export async function discardFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** The text of the corpus stamps file (which files the current index was keyed from), or undefined. */
export async function readStampsFile(cacheDir: string): Promise<string | undefined> {
  try {
    return await readFile(join(cacheDir, STAMPS_FILE), "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

/** Replaces the corpus stamps file atomically. */
export async function writeStampsFile(cacheDir: string, text: string): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const path = join(cacheDir, STAMPS_FILE);
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
