import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CorpusError } from "../src/corpus/load.js";
import { loadIndex } from "../src/index-loader.js";
import type { SearchIndex } from "../src/search/types.js";
import { FIXTURE_CORPUS } from "./helpers/bot.js";
import { capturedLogger } from "./helpers/logs.js";
import { papersOf } from "./helpers/papers.js";

const temporary: string[] = [];
function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-loader-"));
  temporary.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture corpus and an empty cache folder next to it. */
function scratchCorpus(): { corpusDir: string; cacheDir: string } {
  const root = scratchFolder();
  const corpusDir = join(root, "corpus");
  cpSync(FIXTURE_CORPUS, corpusDir, { recursive: true });
  return { corpusDir, cacheDir: join(root, "cache") };
}

/** The index snapshots kept in a cache folder (next to them sits the corpus stamps file). */
const snapshotsIn = (cacheDir: string): string[] =>
  readdirSync(cacheDir).filter((name) => name.endsWith(".snapshot"));

/** A wall clock a minute ahead: the corpus files then look settled long before they were read. */
const minuteLater = (): number => Date.now() + 60_000;
const STAMPS_LINE = "corpus files unchanged since the snapshot was stored";

/** What a user sees of a search: which papers, in which order, with which headline. */
function shownFor(index: SearchIndex, query: string): string[] {
  return index.search(query).hits.map((hit) => `${hit.paper.id} ${hit.paper.headline}`);
}

const GRACE_PAPER =
  "Grace Hopper\n\nGrace Hopper, Ada Lovelace\n\nWe present a debugging method for relay computers that finds moths in the machine by tracing signals.\n";

describe("loadIndex", () => {
  it("builds on the first start and loads the snapshot on the next, with the same search results", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    const first = await loadIndex({ corpusDir, cacheDir, logger });
    const second = await loadIndex({ corpusDir, cacheDir, logger });
    expect(first.source).toBe("built");
    expect(second.source).toBe("snapshot");
    expect(second.ms).toBeGreaterThanOrEqual(0);
    expect(snapshotsIn(cacheDir)).toHaveLength(1);
    for (const query of ["reward models", "compiler", "Ada Lovelace"]) {
      expect(shownFor(first.index, query).length).toBeGreaterThan(0);
      expect(shownFor(second.index, query)).toEqual(shownFor(first.index, query));
    }
    expect(second.index.paperIds().length).toBe(first.index.paperIds().length);
    // The restored abstracts are read from the snapshot file as they are shown.
    expect(papersOf(second.index).map((paper) => paper.abstract)).toEqual(
      papersOf(first.index).map((paper) => paper.abstract),
    );
    const snippets = (index: SearchIndex) => index.search("compiler").hits.map((hit) => hit.snippet);
    expect(snippets(second.index)).toEqual(snippets(first.index));
  });

  it("rebuilds when a file changes and replaces the snapshot, leaving only one", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    await loadIndex({ corpusDir, cacheDir, logger });
    const before = snapshotsIn(cacheDir);
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);

    const changed = await loadIndex({ corpusDir, cacheDir, logger });

    expect(changed.source).toBe("built");
    expect(shownFor(changed.index, "moths relay")[0]).toMatch(/debugging method/i);
    const after = snapshotsIn(cacheDir);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect((await loadIndex({ corpusDir, cacheDir, logger })).source).toBe("snapshot");
  });

  it("skips reading the files when their stamps are unchanged, and still sees an edit", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    const first = await loadIndex({ corpusDir, cacheDir, logger, clock: minuteLater });
    const second = await loadIndex({ corpusDir, cacheDir, logger, clock: minuteLater });
    expect([first.source, second.source]).toEqual(["built", "snapshot"]);
    expect(lines.join("")).toContain(STAMPS_LINE);
    expect(shownFor(second.index, "compiler")).toEqual(shownFor(first.index, "compiler"));

    const [file] = readdirSync(corpusDir).filter((name) => name.endsWith(".txt"));
    const path = join(corpusDir, file ?? "");
    const text = readFileSync(path, "utf8");
    // Same length, one letter changed: only the stamps (change time) tell it apart without reading it.
    const swapped = text.replace(/[a-y]/, (letter) => String.fromCharCode(letter.charCodeAt(0) + 1));
    expect(swapped).toHaveLength(text.length);
    writeFileSync(path, swapped);
    lines.length = 0;
    const edited = await loadIndex({ corpusDir, cacheDir, logger, clock: minuteLater });
    expect(edited.source).toBe("built");
    expect(lines.join("")).not.toContain(STAMPS_LINE);
  });

  it("reads the files again when they changed just before the stamps were taken", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    await loadIndex({ corpusDir, cacheDir, logger });
    const again = await loadIndex({ corpusDir, cacheDir, logger });
    expect(again.source).toBe("snapshot");
    expect(lines.join("")).not.toContain(STAMPS_LINE);
  });

  it("discards a corrupt snapshot with a log line, rebuilds and stores a good one", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    const good = await loadIndex({ corpusDir, cacheDir, logger });
    const [name] = snapshotsIn(cacheDir);
    const path = join(cacheDir, name ?? "");
    const stored = readFileSync(path);
    writeFileSync(path, stored.subarray(0, Math.floor(stored.length / 2)));

    const rebuilt = await loadIndex({ corpusDir, cacheDir, logger });

    expect(rebuilt.source).toBe("built");
    expect(lines.join("")).toContain("index snapshot is corrupt");
    expect(shownFor(rebuilt.index, "compiler")).toEqual(shownFor(good.index, "compiler"));
    expect(readFileSync(path).equals(stored)).toBe(true);
    expect((await loadIndex({ corpusDir, cacheDir, logger })).source).toBe("snapshot");
  });

  it("still serves when the cache folder cannot be written, and says so", async () => {
    const { corpusDir } = scratchCorpus();
    const cacheDir = join(scratchFolder(), "cache");
    writeFileSync(cacheDir, "a file where the cache folder should be");
    const { logger, lines } = capturedLogger();

    const loaded = await loadIndex({ corpusDir, cacheDir, logger });

    expect(loaded.source).toBe("built");
    expect(shownFor(loaded.index, "compiler").length).toBeGreaterThan(0);
    expect(lines.join("")).toContain("cannot store the index snapshot");
  });

  it("builds in a worker thread the same index as on the main thread", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    const inline = await loadIndex({ corpusDir, cacheDir: join(cacheDir, "a"), logger });
    const worker = await loadIndex({ corpusDir, cacheDir: join(cacheDir, "b"), logger, build: "worker" });
    expect(worker.source).toBe("built");
    for (const query of ["reward models", "punched cards"]) {
      expect(shownFor(worker.index, query)).toEqual(shownFor(inline.index, query));
    }
    expect(readdirSync(join(cacheDir, "b"))).toEqual(readdirSync(join(cacheDir, "a")));
  });

  it("rejects with a CorpusError when the folder holds no valid paper, in a worker or not", async () => {
    const corpusDir = scratchFolder();
    writeFileSync(join(corpusDir, "nobody.txt"), "");
    const cacheDir = join(scratchFolder(), "cache");
    const { logger } = capturedLogger();
    await expect(loadIndex({ corpusDir, cacheDir, logger })).rejects.toBeInstanceOf(CorpusError);
    await expect(loadIndex({ corpusDir, cacheDir, logger, build: "worker" })).rejects.toThrow(
      /No valid paper in the corpus folder/,
    );
    await expect(loadIndex({ corpusDir, cacheDir, logger, build: "worker" })).rejects.toBeInstanceOf(
      CorpusError,
    );
  });
});
