import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { createLiveIndex } from "../../src/index/live.js";
import { loadIndex } from "../../src/index/loader.js";
import { sameThreadIndex } from "../../src/index/same-thread.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { SearchUnavailableError } from "../../src/search/errors.js";
import { startServedIndex } from "../../src/start/index-lifecycle.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { servedIndexOf } from "../helpers/served-index.js";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fixtureIndex = async () => sameThreadIndex(createSearchEngine(await loadCorpus(FIXTURE_CORPUS)));
const servedFixture = async () => servedIndexOf(await loadCorpus(FIXTURE_CORPUS));

describe("createLiveIndex", () => {
  it("swaps a freshly built index in whole on reload", async () => {
    const first = await fixtureIndex();
    const second = await fixtureIndex();
    const live = createLiveIndex(first, async () => second, capturedLogger().logger);
    expect(live.current()).toBe(first);
    // Ada Lovelace, Charles Babbage, Grace Hopper and Alan Turing.
    expect(await live.reload()).toBe("Reloaded: 4 papers, 4 people.");
    expect(live.current()).toBe(second);
  });

  it("keeps serving the old index when the rebuild fails, and says why", async () => {
    const first = await fixtureIndex();
    const { logger, lines } = capturedLogger();
    const live = createLiveIndex(
      first,
      () => loadCorpus("test/fixtures/no-such-folder").then(createSearchEngine).then(sameThreadIndex),
      logger,
    );
    const outcome = await live.reload();
    expect(outcome).toMatch(/^Reload failed, still serving the previous corpus: .+/);
    expect(live.current()).toBe(first);
    expect(lines.join("")).toContain("reload failed");
  });

  it("closes the replaced index once the grace period is over and its queries in flight are answered", async () => {
    const first = await servedFixture();
    const second = await servedFixture();
    const pending: (() => void)[] = [];
    const live = createLiveIndex(
      first,
      async () => second,
      capturedLogger().logger,
      (run) => pending.push(run),
    );
    await live.reload();
    expect((await first.search("compiler")).total).toBeGreaterThan(0);
    // A query still running on the old index when it is closed gets its answer; later ones are refused.
    const inFlight = first.search("compiler");
    for (const run of pending) run();
    expect((await inFlight).total).toBeGreaterThan(0);
    await expect(first.search("compiler")).rejects.toBeInstanceOf(SearchUnavailableError);
    expect((await live.current().search("compiler")).total).toBeGreaterThan(0);
  });

  it("builds once when two reloads overlap", async () => {
    let builds = 0;
    const first = await fixtureIndex();
    const live = createLiveIndex(
      first,
      async () => {
        builds += 1;
        return fixtureIndex();
      },
      capturedLogger().logger,
    );
    const [a, b] = await Promise.all([live.reload(), live.reload()]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
  });

  // Three loads, each starting workers through tsx: seconds apiece on a busy machine.
  it("reloads through a worker thread: a changed folder is swapped in, an emptied one keeps the old index", async () => {
    const root = mkdtempSync(join(tmpdir(), "paperbot-live-"));
    temporary.push(root);
    const corpusDir = join(root, "corpus");
    const cacheDir = join(root, "cache");
    cpSync(FIXTURE_CORPUS, corpusDir, { recursive: true });
    const { logger, lines } = capturedLogger();
    const built: { close(): Promise<void> }[] = [];
    const build = async () => {
      const { index } = await loadIndex({ corpusDir, cacheDir, logger, build: "process" });
      built.push(index);
      return index;
    };
    const live = createLiveIndex(await build(), build, logger);
    expect((await live.current().search("moths")).hits).toHaveLength(0);

    writeFileSync(
      join(corpusDir, "grace-hopper.txt"),
      "Grace Hopper\n\nGrace Hopper\n\nWe present a debugging method that finds moths in relay computers.\n",
    );
    expect(await live.reload()).toBe("Reloaded: 5 papers, 4 people.");
    expect((await live.current().search("moths")).hits.map((hit) => hit.paper.owners)).toEqual([
      ["Grace Hopper"],
    ]);
    const reloaded = live.current();

    for (const name of readdirSync(corpusDir)) rmSync(join(corpusDir, name));
    const outcome = await live.reload();
    expect(outcome).toBe(
      `Reload failed, still serving the previous corpus: The corpus folder ${corpusDir} holds no author files (.txt) or exports (.bib, .json, .jsonl).`,
    );
    expect(live.current()).toBe(reloaded);
    expect(lines.join("")).toContain("reload failed");
    for (const index of built) await index.close();
  }, 60_000);
});

describe("the index a bot in Slack serves", () => {
  it("opens the stored index at a restart without reading the files, and a reload reads them again", async () => {
    const root = mkdtempSync(join(tmpdir(), "paperbot-served-"));
    temporary.push(root);
    const corpusDir = join(root, "corpus");
    cpSync(FIXTURE_CORPUS, corpusDir, { recursive: true });
    const config = {
      corpusDir,
      cacheDir: join(root, "cache"),
      mode: { kind: "socket", botToken: "xoxb-1", appToken: "xapp-1", healthPort: 0 } as const,
    };
    const progress = () => ({ onProgress: () => undefined, end: () => undefined });
    const { logger } = capturedLogger();
    const first = await startServedIndex(config, logger, progress);
    await first.live.close();
    writeFileSync(
      join(corpusDir, "grace-hopper.txt"),
      "Grace Hopper\n\nGrace Hopper, Ada Lovelace\n\nWe present a debugging method for relay computers that finds moths in the machine.\n",
    );

    const restarted = await startServedIndex(config, logger, progress);
    try {
      // Until the folder watch's first look, the index of the files as they were.
      expect("changedIn" in restarted.folder).toBe(true);
      expect((await restarted.live.current().search("moths relay")).hits).toEqual([]);
      expect(await restarted.reload()).toMatch(/^Reloaded: 5 papers/);
      const found = await restarted.live.current().search("moths relay");
      expect(found.hits.map((hit) => hit.paper.authors[0])).toEqual(["Grace Hopper"]);
    } finally {
      await restarted.live.close();
    }
  });
});
