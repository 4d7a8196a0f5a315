import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { CorpusError, statCorpusFolder } from "../../src/corpus/load.js";
import { type LoadedIndex, loadIndex } from "../../src/index/loader.js";
import type { LoadProgress } from "../../src/index/progress.js";
import type { SearchIndex } from "../../src/search/types.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { papersOf } from "../helpers/papers.js";

const temporary: string[] = [];
const opened: LoadedIndex[] = [];
function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-loader-"));
  temporary.push(dir);
  return dir;
}
afterEach(async () => {
  for (const loaded of opened.splice(0)) await loaded.index.close();
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the fixture corpus and an empty cache folder next to it. */
function scratchCorpus(): { corpusDir: string; cacheDir: string } {
  const root = scratchFolder();
  const corpusDir = join(root, "corpus");
  cpSync(FIXTURE_CORPUS, corpusDir, { recursive: true });
  return { corpusDir, cacheDir: join(root, "cache") };
}

/**
 * Loads as the bot does, but searching on the test's thread unless `queries` says otherwise: these tests
 * are about the files; the bot's search workers are started where a test asks for them.
 */
async function load(options: Parameters<typeof loadIndex>[0]): Promise<LoadedIndex> {
  const loaded = await loadIndex({ queries: "same-thread", ...options });
  opened.push(loaded);
  return loaded;
}

const indexFilesIn = (cacheDir: string): string[] =>
  readdirSync(cacheDir).filter((name) => name.endsWith(".sqlite"));
/** A wall clock a minute ahead: the corpus files then look settled long before they were read. */
const minuteLater = (): number => Date.now() + 60_000;
const STAMPS_LINE = "corpus files unchanged since the index was built";

/** What a user sees of a search: which papers, in which order, with which headline. */
async function shownFor(index: SearchIndex, query: string): Promise<string[]> {
  return (await index.search(query)).hits.map((hit) => `${hit.paper.id} ${hit.paper.headline}`);
}

const GRACE_PAPER =
  "Grace Hopper\n\nGrace Hopper, Ada Lovelace\n\nWe present a debugging method for relay computers that finds moths in the machine by tracing signals.\n";

describe("loadIndex", () => {
  it("builds on the first start and opens the stored file on the next, with the same answers", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    const first = await load({ corpusDir, cacheDir, logger });
    const second = await load({ corpusDir, cacheDir, logger });
    expect([first.source, second.source]).toEqual(["built", "stored"]);
    expect(indexFilesIn(cacheDir)).toHaveLength(1);
    for (const query of ["reward models", "compiler", "Ada Lovelace"]) {
      expect((await shownFor(first.index, query)).length).toBeGreaterThan(0);
      expect(await shownFor(second.index, query)).toEqual(await shownFor(first.index, query));
    }
    expect(papersOf(second.index)).toEqual(papersOf(first.index));
  });

  it("rebuilds when a file changes, and removes the older index file", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    await load({ corpusDir, cacheDir, logger });
    const before = indexFilesIn(cacheDir);
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);

    const changed = await load({ corpusDir, cacheDir, logger });

    expect(changed.source).toBe("built");
    expect((await shownFor(changed.index, "moths relay"))[0]).toMatch(/debugging method/i);
    const after = indexFilesIn(cacheDir);
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
    expect((await load({ corpusDir, cacheDir, logger })).source).toBe("stored");
  });

  it("finds a paper by the id it had before its export entry turned out to be an author file's paper", async () => {
    const root = scratchFolder();
    const corpusDir = join(root, "corpus");
    const cacheDir = join(root, "cache");
    mkdirSync(corpusDir);
    const { logger } = capturedLogger();
    // A Google Scholar entry (no abstract) with a slip in its title is a paper apart from Grace Hopper's author
    // file; once the title is mended it names her paper, and they are one paper with the author file's id.
    const scholarEntry = (title: string) =>
      `@article{hopper1947debugging, title={${title}}, author={Hopper, Grace and Lovelace, Ada}, year={1947}}\n`;
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);
    writeFileSync(join(corpusDir, "scholar.bib"), scholarEntry("A debugging method for relay calculators"));
    const apart = await load({ corpusDir, cacheDir, logger });
    const exportId = apart.index.paperIds().find((id) => apart.index.paper(id)?.year === 1947);
    const authorFileId = apart.index.paperIds().find((id) => id !== exportId);
    expect(apart.index.paperIds()).toHaveLength(2);

    writeFileSync(join(corpusDir, "scholar.bib"), scholarEntry("A debugging method for relay computers"));
    const merged = await load({ corpusDir, cacheDir, logger });
    expect(merged.index.paperIds()).toEqual([authorFileId]);
    // A reading list or a follow that saved the export's id still finds the paper.
    expect(merged.index.paper(exportId ?? "")).toMatchObject({ id: authorFileId, year: 1947 });

    // And after later reloads, which no longer see the entry apart.
    writeFileSync(
      join(corpusDir, "ada.txt"),
      GRACE_PAPER.replaceAll("relay computers", "analytical engines"),
    );
    const later = await load({ corpusDir, cacheDir, logger });
    expect(later.source).toBe("built");
    expect(later.index.paper(exportId ?? "")?.id).toBe(authorFileId);
  });

  it("skips reading the files when their stamps are unchanged, and still sees an edit", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    const first = await load({ corpusDir, cacheDir, logger, clock: minuteLater });
    const second = await load({ corpusDir, cacheDir, logger, clock: minuteLater });
    expect([first.source, second.source]).toEqual(["built", "stored"]);
    expect(lines.join("")).toContain(STAMPS_LINE);

    const [file] = readdirSync(corpusDir).filter((name) => name.endsWith(".txt"));
    const path = join(corpusDir, file ?? "");
    const text = readFileSync(path, "utf8");
    // Same length, one letter changed: only the stamps (change time) tell it apart without reading it.
    const swapped = text.replace(/[a-y]/, (letter) => String.fromCharCode(letter.charCodeAt(0) + 1));
    expect(swapped).toHaveLength(text.length);
    writeFileSync(path, swapped);
    lines.length = 0;
    const edited = await load({ corpusDir, cacheDir, logger, clock: minuteLater });
    expect(edited.source).toBe("built");
    expect(lines.join("")).not.toContain(STAMPS_LINE);
  });

  it("with the folder check left for later, opens the stored file by its stamps and names the files changed since", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    // Read just late enough for the copied files to look settled, and early enough for a file written next not to.
    const copiedMs = Math.max(...(await statCorpusFolder(corpusDir)).files.map((file) => file.changedMs));
    const clock = () => copiedMs + 2001;
    await load({ corpusDir, cacheDir, logger, clock });
    const unchanged = await load({ corpusDir, cacheDir, logger, clock, folderCheck: "after" });
    if (!("changedIn" in unchanged.folder)) throw new Error("the folder was stat-ed before opening");
    expect(unchanged.source).toBe("stored");
    expect(unchanged.folder.changedIn(await statCorpusFolder(corpusDir))).toBeUndefined();

    while (Date.now() < copiedMs + 20) await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);
    const stale = await load({ corpusDir, cacheDir, logger, clock, folderCheck: "after" });
    if (!("changedIn" in stale.folder)) throw new Error("the folder was stat-ed before opening");
    // Served at once from the last index (the watch reloads it); the check names the new file.
    expect(await shownFor(stale.index, "moths relay")).toEqual([]);
    expect(stale.folder.changedIn(await statCorpusFolder(corpusDir))).toEqual(["grace-hopper.txt"]);
    rmSync(join(corpusDir, "grace-hopper.txt"));
    // Back as it was but for a removal the stamps cannot name: still not the folder the stamps describe.
    const [file] = readdirSync(corpusDir).filter((name) => name.endsWith(".txt"));
    rmSync(join(corpusDir, file ?? ""));
    expect(stale.folder.changedIn(await statCorpusFolder(corpusDir))).toEqual([]);

    // Checked first (the default), the same folder is read and its index built before it is served.
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);
    const checked = await load({ corpusDir, cacheDir, logger, clock: minuteLater });
    expect(checked.source).toBe("built");
    expect((await shownFor(checked.index, "moths relay")).length).toBe(1);
  });

  it.each([
    ["truncated", (path: string) => writeFileSync(path, readFileSync(path).subarray(0, 8192))],
    ["overwritten with noise", (path: string) => writeFileSync(path, Buffer.alloc(65536, 0x5a))],
    [
      "another program's database",
      (path: string) => {
        rmSync(path);
        const foreign = new Database(path);
        foreign.exec("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES ('hello')");
        foreign.close();
      },
    ],
  ])("detects an index file %s, says so, rebuilds it and answers as before", async (_, spoil) => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    const good = await load({ corpusDir, cacheDir, logger });
    const expected = await shownFor(good.index, "compiler");
    const [name] = indexFilesIn(cacheDir);
    spoil(join(cacheDir, name ?? ""));

    const rebuilt = await load({ corpusDir, cacheDir, logger });

    expect(rebuilt.source).toBe("built");
    expect(lines.join("")).toContain("index file is unusable");
    expect(await shownFor(rebuilt.index, "compiler")).toEqual(expected);
    expect((await load({ corpusDir, cacheDir, logger })).source).toBe("stored");
  });

  it("checks a stored file page by page after opening it, and removes it when damaged inside", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger, lines } = capturedLogger();
    await load({ corpusDir, cacheDir, logger });
    const [name] = indexFilesIn(cacheDir);
    const path = join(cacheDir, name ?? "");
    // The papers' own pages lose their headers: opening the file never reads them, a page-by-page check does.
    const db = new Database(path, { readonly: true });
    const pageSize = db.pragma("page_size", { simple: true }) as number;
    const pages = db.prepare("SELECT pageno FROM dbstat WHERE name = 'papers'").pluck().all() as number[];
    db.close();
    const bytes = readFileSync(path);
    for (const page of pages) bytes.fill(0xff, (page - 1) * pageSize, (page - 1) * pageSize + 12);
    writeFileSync(path, bytes);

    const reason = await new Promise<string>((resolve) => {
      void load({ corpusDir, cacheDir, logger, onCorrupt: resolve, checkAfterMs: 0 });
    });

    expect(reason).not.toBe("ok");
    expect(lines.join("")).toContain("index file is corrupt");
    expect(indexFilesIn(cacheDir)).toEqual([]);
    expect((await load({ corpusDir, cacheDir, logger })).source).toBe("built");
  });

  it("lets two processes share one cache folder: both answer, one index file is left", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    const [a, b] = await Promise.all([
      load({ corpusDir, cacheDir, logger, build: "process" }),
      load({ corpusDir, cacheDir, logger, build: "process" }),
    ]);
    expect(await shownFor(a.index, "compiler")).toEqual(await shownFor(b.index, "compiler"));
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(indexFilesIn(cacheDir)).toHaveLength(1);
  });

  it("keeps answering from a file another process replaced and removed", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    // The bot's search worker holds the file open, as the bot does.
    const old = await load({ corpusDir, cacheDir, logger, queries: "worker" });
    const before = await shownFor(old.index, "compiler");
    writeFileSync(join(corpusDir, "grace-hopper.txt"), GRACE_PAPER);
    await load({ corpusDir, cacheDir, logger });
    expect(indexFilesIn(cacheDir)).toHaveLength(1);
    expect(await shownFor(old.index, "compiler")).toEqual(before);
    expect((await old.index.search("moths")).total).toBe(0);
  });

  it("still serves when the cache folder cannot be written, and says so", async () => {
    const { corpusDir } = scratchCorpus();
    const cacheDir = join(scratchFolder(), "cache");
    writeFileSync(cacheDir, "a file where the cache folder should be");
    const { logger, lines } = capturedLogger();

    const loaded = await load({ corpusDir, cacheDir, logger });

    expect(loaded.source).toBe("built");
    expect((await shownFor(loaded.index, "compiler")).length).toBeGreaterThan(0);
    expect(lines.join("")).toContain(
      `CACHE_DIR ${cacheDir} cannot be written (its path runs through a file, not a folder)`,
    );
    expect(loaded.cacheFault).toBe("its path runs through a file, not a folder");
    expect(loaded.index.stats().problems).toContainEqual(
      expect.objectContaining({ file: cacheDir, message: expect.stringContaining("temporary folder") }),
    );
  });

  it("builds in a process of its own the same index as on the main thread, searched by a search worker alike, and reports its progress", async () => {
    const { corpusDir, cacheDir } = scratchCorpus();
    const { logger } = capturedLogger();
    const progress: LoadProgress[] = [];
    const inline = await load({ corpusDir, cacheDir: join(cacheDir, "a"), logger });
    const worker = await load({
      corpusDir,
      cacheDir: join(cacheDir, "b"),
      logger,
      build: "process",
      queries: "worker",
      onProgress: (event) => progress.push(event),
    });
    expect(worker.source).toBe("built");
    for (const query of ["reward models", "punched cards"]) {
      expect(await shownFor(worker.index, query)).toEqual(await shownFor(inline.index, query));
    }
    expect(indexFilesIn(join(cacheDir, "b"))).toEqual(indexFilesIn(join(cacheDir, "a")));
    expect(progress.map((event) => event.phase)).toEqual(expect.arrayContaining(["parsing", "indexing"]));
    expect(progress.at(-1)).toEqual({ phase: "indexing", papers: 4, total: 4 });
  });

  it("rejects with a CorpusError when the folder holds no valid paper, in a process of its own or not", async () => {
    const corpusDir = scratchFolder();
    writeFileSync(join(corpusDir, "nobody.txt"), "");
    const cacheDir = join(scratchFolder(), "cache");
    const { logger } = capturedLogger();
    await expect(loadIndex({ corpusDir, cacheDir, logger })).rejects.toBeInstanceOf(CorpusError);
    await expect(loadIndex({ corpusDir, cacheDir, logger, build: "process" })).rejects.toThrow(
      /No valid paper in the corpus folder/,
    );
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("builds in a process of its own, which is gone once the build has failed", async () => {
    const corpusDir = scratchFolder();
    writeFileSync(join(corpusDir, "nobody.txt"), "");
    const cacheDir = join(scratchFolder(), "cache");
    const { logger } = capturedLogger();
    const seen = new Set<number>();
    const building = loadIndex({
      corpusDir,
      cacheDir,
      logger,
      build: "process",
      onProgress: () => {
        for (const pid of buildProcesses()) seen.add(pid);
      },
    });

    await expect(building).rejects.toBeInstanceOf(CorpusError);
    expect(seen.size).toBe(1);
    expect(buildProcesses()).toEqual([]);
    for (const pid of seen) expect(isRunning(pid)).toBe(false);
  });
});

/** This process's children that run the index build (as `ps` shows them to an operator). */
function buildProcesses(): number[] {
  const tasks = readdirSync(`/proc/${process.pid}/task`);
  // A thread may end between the listing and the read (a busy machine): it has no children then.
  const childrenOf = (task: string) => {
    try {
      return readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8");
    } catch {
      return "";
    }
  };
  const children = tasks.flatMap((task) => childrenOf(task).split(" ").filter(Boolean).map(Number));
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("build-child");
    } catch {
      return false;
    }
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
