import { randomBytes } from "node:crypto";
import { close, open as openFd, readFile as readFd } from "node:fs";
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

/**
 * The snapshot stored under `key` left open, with its bytes as read through that very descriptor (so a
 * snapshot replaced meanwhile cannot mix with them), or undefined when there is none. The caller closes `fd`.
 */
export async function openSnapshotFile(
  cacheDir: string,
  key: string,
): Promise<{ fd: number; bytes: Uint8Array } | undefined> {
  let fd: number;
  try {
    fd = await new Promise<number>((resolve, reject) =>
      openFd(snapshotPath(cacheDir, key), "r", (error, opened) => (error ? reject(error) : resolve(opened))),
    );
  } catch (error) {
    if (codeOf(error) === "ENOENT" || codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
  try {
    const bytes = await new Promise<Buffer>((resolve, reject) =>
      readFd(fd, (error, read) => (error ? reject(error) : resolve(read))),
    );
    return { fd, bytes };
  } catch (error) {
    close(fd);
    throw error;
  }
}

/** Closes a descriptor openSnapshotFile gave, once nothing reads from it. */
export function closeSnapshotFile(fd: number): void {
  close(fd);
}

const STAMPS_FILE = "corpus-stamps.json";

/** The text of the corpus stamps file (which files the current snapshot was keyed from), or undefined. */
export async function readStampsFile(cacheDir: string): Promise<string | undefined> {
  try {
    return await readFile(join(cacheDir, STAMPS_FILE), "utf8");
  } catch (error) {
    if (codeOf(error) === "ENOENT" || codeOf(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

/** Replaces the corpus stamps file atomically. */
export async function writeStampsFile(cacheDir: string, text: string): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await writeAtomically(join(cacheDir, STAMPS_FILE), new TextEncoder().encode(text));
}

async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
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
  await writeAtomically(path, bytes);
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
