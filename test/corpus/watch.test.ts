import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { loadCorpus, statCorpusFolder } from "../../src/corpus/load.js";
import { loadIndex } from "../../src/index/loader.js";
import { watchCorpusFolder } from "../../src/start/corpus-watch.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

const AUTHOR_FILE =
  "Ann Lee\n\nAnn Lee, Bo Li\n\nWe study how agents learn from rewards in many environments.\n";
const entry = (key: string, title: string) =>
  `@article{${key},\n  title = {${title}},\n  author = {Lee, Ann},\n}\n`;

/** The messages the watcher logged, by the last folder watched. */
let logged: string[] = [];

/** `dir` watched with a short quiet period from `initial`; `reloads` holds the titles each reload served. */
async function watching(dir: string, initial?: Parameters<typeof watchCorpusFolder>[0]["initial"]) {
  const reloads: string[][] = [];
  const messages: string[] = [];
  logged = messages;
  const watcher = await watchCorpusFolder({
    dir,
    ...(initial === undefined ? {} : { initial }),
    logger: pino({ level: "info" }, { write: (line: string) => void messages.push(JSON.parse(line).msg) }),
    quietMs: 150,
    recheckMs: 400,
    reload: async () => {
      const corpus = await loadCorpus(dir);
      reloads.push(corpus.papers.flatMap((paper) => paper.title ?? []).sort());
      return `Reloaded: ${corpus.papers.length} papers.`;
    },
  });
  cleanups.push(() => {
    watcher.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return reloads;
}

/** A corpus folder watched as at start: from the load's stats, then whatever changed before the watch began. */
async function watchedFolder(changedBeforeWatching?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-watch-"));
  writeFileSync(join(dir, "ann-lee.txt"), AUTHOR_FILE);
  const initial = changedBeforeWatching === undefined ? undefined : await statCorpusFolder(dir);
  changedBeforeWatching?.(dir);
  return { dir, reloads: await watching(dir, initial) };
}

/**
 * As the bot restarts: an index built and its stamps stored, then `whileStopped`, then the index opened by its stamps
 * alone and the folder watched from that; `reloads` as above.
 */
async function restartedOver(whileStopped: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-watch-"));
  const cacheDir = mkdtempSync(join(tmpdir(), "paperbot-watch-cache-"));
  writeFileSync(join(dir, "ann-lee.txt"), AUTHOR_FILE);
  const logger = pino({ level: "silent" });
  const options = { corpusDir: dir, cacheDir, logger, queries: "same-thread" as const };
  // Read a minute on: the file written just before looks settled to the stamps.
  const clock = () => Date.now() + 60_000;
  await (await loadIndex({ ...options, clock })).index.close();
  whileStopped(dir);
  const restarted = await loadIndex({ ...options, folderCheck: "after" });
  cleanups.push(() => {
    void restarted.index.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  return { restarted, reloads: await watching(dir, restarted.folder) };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 15_000; waited += 50) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the watched corpus folder", () => {
  it("loads a file added after the index's load stat-ed the folder but before the watch began", async () => {
    const { reloads } = await watchedFolder((dir) =>
      writeFileSync(join(dir, "library.bib"), entry("a", "Agents That Learn From Rewards")),
    );
    await until(() => reloads.length > 0, "a reload");
    expect(reloads[0]).toEqual(["Agents That Learn From Rewards"]);
  });

  it("loads a .bib saved through a temporary file and a rename, once, without a restart", async () => {
    const { dir, reloads } = await watchedFolder();
    writeFileSync(join(dir, ".library.bib.tmp"), entry("a", "Agents That Learn From Rewards"));
    renameSync(join(dir, ".library.bib.tmp"), join(dir, "library.bib"));
    await until(() => reloads.length > 0, "a reload");
    expect(reloads[0]).toEqual(["Agents That Learn From Rewards"]);
    // Several quiet periods and periodic looks later, the same change has not been loaded again.
    await pause(1500);
    expect(reloads).toHaveLength(1);
  });

  it("waits for a half-written .bib to be finished before loading it", async () => {
    const { dir, reloads } = await watchedFolder();
    writeFileSync(
      join(dir, "library.bib"),
      `${entry("a", "First Paper About Agents")}@article{b,\n  title = {Second`,
    );
    await pause(1000);
    expect(reloads).toEqual([]);
    // Said once, naming the file, though the folder was looked at again and again.
    expect(logged.filter((message) => message.includes("half-written"))).toEqual([
      "a corpus file looks half-written; waiting for it (library.bib)",
    ]);
    writeFileSync(
      join(dir, "library.bib"),
      entry("a", "First Paper About Agents") + entry("b", "Second Paper About Rewards"),
    );
    await until(() => reloads.length > 0, "a reload");
    expect(reloads.at(-1)).toEqual(["First Paper About Agents", "Second Paper About Rewards"]);
  });

  it("after a restart served from the stamps alone, loads once a file added while the bot was stopped", async () => {
    const { restarted, reloads } = await restartedOver((dir) =>
      writeFileSync(join(dir, "library.bib"), entry("a", "Agents That Learn From Rewards")),
    );
    expect(restarted.source).toBe("stored");
    await until(() => reloads.length > 0, "a reload");
    expect(reloads[0]).toEqual(["Agents That Learn From Rewards"]);
    await pause(1000);
    expect(reloads).toHaveLength(1);
  });

  it("after a restart served from the stamps alone, does not reload a folder that did not change", async () => {
    const { restarted, reloads } = await restartedOver(() => undefined);
    expect(restarted.source).toBe("stored");
    // The first look (a quiet period after the start) and two periodic looks.
    await pause(1000);
    expect(reloads).toEqual([]);
  });

  it("reloads when a file is removed", async () => {
    const { dir, reloads } = await watchedFolder();
    writeFileSync(join(dir, "library.bib"), entry("a", "A Paper That Will Go Away"));
    await until(() => reloads.length === 1, "the first reload");
    unlinkSync(join(dir, "library.bib"));
    await until(() => reloads.length === 2, "the second reload");
    expect(reloads[1]).toEqual([]);
  });
});
