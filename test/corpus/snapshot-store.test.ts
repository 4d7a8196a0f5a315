import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  discardSnapshotFile,
  listSnapshotFiles,
  readSnapshotFile,
  writeSnapshotFile,
} from "../../src/corpus/snapshot-store.js";

const KEY_A = "a".repeat(64);
const KEY_B = "b".repeat(64);

const temporary: string[] = [];
function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-cache-"));
  temporary.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("snapshot store", () => {
  it("gives back the bytes it stored, creating the cache folder", async () => {
    const cache = join(scratchFolder(), "data", "cache");
    await writeSnapshotFile(cache, KEY_A, new Uint8Array([1, 2, 3, 250]));
    expect([...((await readSnapshotFile(cache, KEY_A)) ?? [])]).toEqual([1, 2, 3, 250]);
  });

  it("has nothing for a key never stored, nor in a folder that does not exist", async () => {
    const cache = scratchFolder();
    expect(await readSnapshotFile(cache, KEY_A)).toBeUndefined();
    expect(await readSnapshotFile(join(cache, "missing"), KEY_A)).toBeUndefined();
  });

  it("keeps only the newest snapshot and leaves no temporary file behind", async () => {
    const cache = scratchFolder();
    writeFileSync(join(cache, "notes.txt"), "not ours");
    await writeSnapshotFile(cache, KEY_A, new Uint8Array([1]));
    await writeSnapshotFile(cache, KEY_B, new Uint8Array([2]));
    expect(await listSnapshotFiles(cache)).toEqual([`index-${KEY_B}.snapshot`]);
    expect(readdirSync(cache).sort()).toEqual([`index-${KEY_B}.snapshot`, "notes.txt"]);
    expect(await readSnapshotFile(cache, KEY_A)).toBeUndefined();
  });

  it("replaces a snapshot stored under the same key", async () => {
    const cache = scratchFolder();
    await writeSnapshotFile(cache, KEY_A, new Uint8Array([1]));
    await writeSnapshotFile(cache, KEY_A, new Uint8Array([9, 9]));
    expect([...((await readSnapshotFile(cache, KEY_A)) ?? [])]).toEqual([9, 9]);
  });

  it("discards a snapshot, and discarding one that is gone is no error", async () => {
    const cache = scratchFolder();
    await writeSnapshotFile(cache, KEY_A, new Uint8Array([1]));
    await discardSnapshotFile(cache, KEY_A);
    await discardSnapshotFile(cache, KEY_A);
    expect(await listSnapshotFiles(cache)).toEqual([]);
  });

  it("refuses a key that could name a path outside the cache folder", async () => {
    await expect(writeSnapshotFile(scratchFolder(), "../../etc/x", new Uint8Array([1]))).rejects.toThrow(
      /not a snapshot key/,
    );
  });

  it("fails to store into a cache path that is a file", async () => {
    const file = join(scratchFolder(), "cache");
    writeFileSync(file, "");
    await expect(writeSnapshotFile(file, KEY_A, new Uint8Array([1]))).rejects.toThrow();
  });
});
