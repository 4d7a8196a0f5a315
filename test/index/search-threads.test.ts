import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Piscina } from "piscina";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { MESSAGES } from "../../src/bot/messages.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { type OpenIndex, openSearchThreads, startSearchPool } from "../../src/index/search-threads.js";
import { createSearchEngine, type OpenEngine } from "../../src/search/engine.js";
import { SearchUnavailableError } from "../../src/search/errors.js";
import { openIndexLookups } from "../../src/search/store-file.js";
import { writeIndexFileInLine } from "../helpers/index-file.js";
import { capturedLogger } from "../helpers/logs.js";
import { corpusOf } from "../search/fixture-corpus.js";

let dir: string;
let path: string;
let engine: OpenEngine;
let standIns = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paperbot-threads-"));
  path = join(dir, "index.sqlite");
  const corpus = await loadCorpus("seeds");
  await writeIndexFileInLine(path, corpus);
  engine = createSearchEngine(corpus);
});
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stand-in worker module: opens nothing, says it did, then answers a query as `onQuery` says. */
function standIn(onQuery: string): string {
  const module = join(dir, `stand-in-${standIns++}.mjs`);
  writeFileSync(
    module,
    `export default function (task) { if (task.call === undefined) return { value: undefined }; ${onQuery} }`,
  );
  return module;
}

/** The workers of `module` (real search workers unless given), each one started counted. */
function poolOf(options: { module?: string; workers?: number } = {}) {
  const pool = startSearchPool(options);
  const started: number[] = [];
  pool.on("workerCreate", () => started.push(started.length));
  return { pool, started };
}

/** The seeds' index served by `pool`'s workers. */
async function served(
  pool: Piscina,
  options: { queryTimeoutMs?: number; onUnusable?: (reason: string) => void; file?: string } = {},
) {
  const { logger, lines } = capturedLogger();
  const file = options.file ?? path;
  const index = await openSearchThreads({ path: file, fingerprint: "test" }, openIndexLookups(file, "test"), {
    logger,
    pool,
    ...options,
  });
  return { index, lines };
}
const botDeps = (index: OpenIndex) => ({
  index: () => index,
  random: () => 0.5,
  now: () => new Date("2025-03-03T08:00:00Z"),
  defaultTimeZone: "UTC",
});

describe("searches in worker threads", () => {
  it("answers every kind of query as the engine does, and the lookups on this thread", async () => {
    const { index } = await served(poolOf({ workers: 2 }).pool);
    try {
      expect(await index.search("reward model", { limit: 5 })).toEqual(
        engine.search("reward model", { limit: 5 }),
      );
      expect(await index.who("reward models")).toEqual(engine.who("reward models"));
      expect(await index.author("Enyu Zhou")).toEqual(engine.author("Enyu Zhou"));
      const [id = ""] = engine.paperIds();
      expect(await index.similar(id)).toEqual(engine.similar(id));
      expect(await index.whoLike(id, { others: true })).toEqual(engine.whoLike(id, { others: true }));
      expect(await index.who("reward models with Rui Zheng")).toEqual(
        engine.who("reward models with Rui Zheng"),
      );
      expect(await index.papersWithWords(["agents", "the", "zzzq"])).toEqual(
        engine.papersWithWords(["agents", "the", "zzzq"]),
      );
      expect(index.paperIds()).toEqual(engine.paperIds());
      expect(index.paper(id)).toEqual(engine.paper(id));
      expect(index.stats()).toEqual(engine.stats());
    } finally {
      await index.close();
    }
  });

  it("fails the query of a worker that dies with a friendly answer, and answers the next from a new one", async () => {
    const { pool, started } = poolOf();
    const { index, lines } = await served(pool);
    try {
      const inFlight = index.search("reward model");
      await pool.threads[0]?.terminate();
      await expect(inFlight).rejects.toBeInstanceOf(SearchUnavailableError);
      const reply = await answer(botDeps(index), {
        source: "slash",
        text: "reward model",
        userId: "U0A",
        channelId: "C0A",
      });
      expect(reply.reply.kind).toBe("results");
      expect(started).toHaveLength(2);
      expect(lines.join("")).toContain("a search worker stopped; starting another");
    } finally {
      await index.close();
    }
  });

  it("tells the asker to try again when the worker crashes while answering", async () => {
    const { index } = await served(poolOf({ module: standIn("process.exit(3);") }).pool);
    try {
      const reply = await answer(botDeps(index), {
        source: "slash",
        text: "reward model",
        userId: "U0A",
        channelId: "C0A",
      });
      expect(reply.reply).toEqual({ kind: "error", message: MESSAGES.searchUnavailable });
    } finally {
      await index.close();
    }
  });

  it("gives up on a worker that hangs: the query fails after the timeout and another worker starts", async () => {
    const { pool, started } = poolOf({ module: standIn("while (true) {}") });
    const { index, lines } = await served(pool, { queryTimeoutMs: 200 });
    try {
      await expect(index.search("reward model")).rejects.toBeInstanceOf(SearchUnavailableError);
      await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 10_000 });
      expect(lines.join("")).toContain("a search took too long");
    } finally {
      await index.close();
    }
  });

  it("works through a backlog longer than the timeout without replacing a worker that keeps answering", async () => {
    const slowAnswer = "const until = Date.now() + 300; while (Date.now() < until) {} return { value: [] };";
    // One worker, so that six answers of 300 ms are a backlog longer than the timeout.
    const { pool, started } = poolOf({ module: standIn(slowAnswer), workers: 1 });
    const { index } = await served(pool, { queryTimeoutMs: 1000 });
    try {
      const asked = Array.from({ length: 6 }, () => index.papersWithWords(["agents"]));
      expect(await Promise.all(asked)).toEqual(Array.from({ length: 6 }, () => []));
      expect(started).toHaveLength(1);
    } finally {
      await index.close();
    }
  });

  it("passes on the engine's own error as it is, not as a worker that stopped", async () => {
    const { index } = await served(poolOf({ module: standIn('return { failed: "no such column" };') }).pool);
    try {
      await expect(index.search("reward model")).rejects.toThrow("no such column");
      await expect(index.search("reward model")).rejects.not.toBeInstanceOf(SearchUnavailableError);
    } finally {
      await index.close();
    }
  });

  it("stops starting workers that keep dying, says the index is unusable, and fails queries at once", async () => {
    const unusable: string[] = [];
    const { pool, started } = poolOf({ module: standIn("process.exit(3);") });
    const { index } = await served(pool, { onUnusable: (reason) => unusable.push(reason) });
    try {
      for (let i = 0; i < 6; i++)
        await expect(index.search("x")).rejects.toBeInstanceOf(SearchUnavailableError);
      await vi.waitFor(() => expect(unusable).toHaveLength(1));
      const before = started.length;
      await expect(index.search("x")).rejects.toBeInstanceOf(SearchUnavailableError);
      expect(started).toHaveLength(before);
    } finally {
      await index.close();
    }
  });

  it("says the index is unusable when a worker's replacement cannot open the file another process removed", async () => {
    const copy = join(dir, "copy.sqlite");
    copyFileSync(path, copy);
    const unusable: string[] = [];
    // One worker: with it gone and no replacement able to open the file, nothing can search.
    const { pool } = poolOf({ workers: 1 });
    const { index } = await served(pool, { file: copy, onUnusable: (reason) => unusable.push(reason) });
    try {
      rmSync(copy);
      // The open file still answers; a worker started now cannot open it.
      expect((await index.search("reward model")).total).toBeGreaterThan(0);
      await pool.threads[0]?.terminate();
      await vi.waitFor(() => expect(unusable).toHaveLength(1), { timeout: 10_000 });
      await expect(index.search("reward model")).rejects.toBeInstanceOf(SearchUnavailableError);
      expect(index.paper(engine.paperIds()[0] ?? "")).toBeDefined();
    } finally {
      await index.close();
    }
  });

  it("does not open when the worker cannot open the file", async () => {
    const { logger } = capturedLogger();
    const lookups = openIndexLookups(path, "test");
    await expect(
      openSearchThreads({ path: join(dir, "missing.sqlite"), fingerprint: "test" }, lookups, { logger }),
    ).rejects.toThrow();
  });

  it("corrects a misspelt word over a corpus that writes 200,000 different words, in a worker of bounded memory", async () => {
    // Each of 4,000 papers writes 50 words no other paper does (names, symbols, typos: most words of a big corpus),
    // and a few of them "reinforcement learning".
    const letters = (n: number) =>
      n.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));
    const papers = Array.from({ length: 4000 }, (_, i) => ({
      id: `w${i}`,
      authors: [`Author ${letters(i)}`],
      owners: [`Author ${letters(i)}`],
      abstract: `${i % 50 === 0 ? "We study reinforcement learning. " : "We study agents. "}${Array.from(
        { length: 50 },
        (_, k) => `zq${letters(i * 50 + k)}`,
      ).join(" ")}.`,
    }));
    const wide = join(dir, "wide.sqlite");
    await writeIndexFileInLine(wide, corpusOf(papers));
    const { index } = await served(poolOf().pool, { file: wide });
    try {
      const found = await index.search("reinforcment learning", { limit: 3 });
      expect(found.showingFor).toBe("reinforcement learning");
      expect(found.total).toBe(80);
    } finally {
      await index.close();
    }
  });

  it("knows a member by a misspelt name among 100,000 people of 200,000 different name parts", async () => {
    const letters = (n: number) =>
      n.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));
    const name = (n: number) => `Qa${letters(2 * n)} Qe${letters(2 * n + 1)}`;
    const papers = Array.from({ length: 2000 }, (_, i) => {
      const authors = Array.from({ length: 50 }, (_, k) => name(i * 50 + k));
      return {
        id: `n${i}`,
        authors: i === 0 ? ["Ada Lovelace", ...authors] : authors,
        owners: i === 0 ? ["Ada Lovelace"] : [],
        abstract: "We study agents.",
      };
    });
    const crowded = join(dir, "crowded.sqlite");
    await writeIndexFileInLine(crowded, corpusOf(papers));
    const { index } = await served(poolOf().pool, { file: crowded });
    try {
      const found = await index.author("Ada Lovelase");
      expect(found.kind).toBe("notFound");
      expect(found.kind === "notFound" ? found.slipOf?.name : undefined).toBe("Ada Lovelace");
    } finally {
      await index.close();
    }
  });

  it("closes only when no query is in flight; later queries are refused", async () => {
    const { index } = await served(poolOf().pool);
    const inFlight = index.who("reward models");
    const closed = index.close();
    expect((await inFlight).people.length).toBeGreaterThan(0);
    await closed;
    await expect(index.search("reward model")).rejects.toBeInstanceOf(SearchUnavailableError);
  });
});
