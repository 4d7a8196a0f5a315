import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";

const PREFIX = "index-";
const SUFFIX = ".snapshot";
const KEY = /^[0-9a-z-]{8,128}$/;

function snapshotPath(cacheDir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`not a snapshot key: ${JSON.stringify(key)}`);
  return join(cacheDir, `${PREFIX}${key}${SUFFIX}`);
}

function codeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The bytes of the snapshot stored under `key`, or undefined when there is none. */
export async function readSnapshotFile(cacheDir: string, key: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(snapshotPath(cacheDir, key));
  } catch (error) {
    if (codeOf(error) === "ENOENT" || codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

/** Removes the snapshot stored under `key`; nothing happens when there is none. */
export async function discardSnapshotFile(cacheDir: string, key: string): Promise<void> {
  await rm(snapshotPath(cacheDir, key), { force: true });
}

/**
 * Stores a snapshot atomically: written to a temporary file, flushed to disk, renamed over the final name,
 * so a crash leaves either the old file or the new one. Older snapshots are removed afterwards.
 */
export async function writeSnapshotFile(cacheDir: string, key: string, bytes: Uint8Array): Promise<void> {
  const path = snapshotPath(cacheDir, key);
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    const handle = await open(temporary, "w", 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  const finalName = `${PREFIX}${key}${SUFFIX}`;
  for (const name of await readdir(cacheDir)) {
    if (name !== finalName && name.startsWith(PREFIX) && name.endsWith(SUFFIX)) {
      await rm(join(cacheDir, name), { force: true });
    }
  }
}

/** Names of the snapshot files in a cache folder (for status lines and tests). */
export async function listSnapshotFiles(cacheDir: string): Promise<string[]> {
  try {
    return (await readdir(cacheDir))
      .filter((name) => name.startsWith(PREFIX) && name.endsWith(SUFFIX))
      .sort();
  } catch (error) {
    if (codeOf(error) === "ENOENT") return [];
    throw error;
  }
}
