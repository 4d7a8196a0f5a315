import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { indexFilePath, removeOtherIndexFiles, temporaryPathFor } from "../../src/index/cache-files.js";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const KEY_A = "a".repeat(64);
const KEY_B = "b".repeat(64);

describe("the cache folder", () => {
  it("keeps the index in use, a build still running and files not ours; removes old indexes and dead builds", async () => {
    const cache = mkdtempSync(join(tmpdir(), "paperbot-cache-"));
    temporary.push(cache);
    const current = indexFilePath(cache, KEY_A);
    const running = await temporaryPathFor(cache, KEY_B);
    const dead = `${indexFilePath(cache, KEY_B)}.999999999-abcd0123.tmp`;
    for (const path of [current, indexFilePath(cache, KEY_B), running, dead]) writeFileSync(path, "x");
    writeFileSync(join(cache, `index-${KEY_B}.snapshot`), "an index of an earlier version");
    writeFileSync(join(cache, "notes.txt"), "not ours");

    await removeOtherIndexFiles(cache, current);

    const left = readdirSync(cache).sort();
    expect(left).toEqual([`index-${KEY_A}.sqlite`, running.slice(cache.length + 1), "notes.txt"].sort());
  });

  it("refuses a key that could name a path outside the folder", () => {
    expect(() => indexFilePath("/tmp", "../../etc/passwd")).toThrow();
  });
});
