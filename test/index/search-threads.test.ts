import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { MESSAGES } from "../../src/bot/messages.js";
import { loadCorpus } from "../../src/corpus/load.js";
import type { OpenOrder } from "../../src/index/search-messages.js";
import { type OpenIndex, openSearchThreads, searchWorkerOpening } from "../../src/index/search-threads.js";
import { createSearchEngine, type OpenEngine } from "../../src/search/engine.js";
import { SearchUnavailableError } from "../../src/search/errors.js";
import { openIndexLookups } from "../../src/search/store-file.js";
import { writeIndexFileInLine } from "../helpers/index-file.js";
import { capturedLogger } from "../helpers/logs.js";

let dir: string;
let path: string;
let engine: OpenEngine;
const data = (): OpenOrder => ({ path, fingerprint: "test" });

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

/** A stand-in worker (CommonJS, evaluated): says it opened the index, then does what `onQuery` says. */
function standIn(onQuery: string): () => Worker {
  const code = `
    const { parentPort } = require("node:worker_threads");
    parentPort.postMessage({ kind: "ready" });
    parentPort.on("message", (message) => { ${onQuery} });`;
  return () => new Worker(code, { eval: true });
}

/** The seeds' index served by workers from `spawn` (real search workers unless given), each one counted. */
async function served(
  options: {
    spawn?: () => Worker;
    workers?: number;
    queryTimeoutMs?: number;
    onUnusable?: (r: string) => void;
  } = {},
) {
  const spawned: Worker[] = [];
  const { logger, lines } = capturedLogger();
  const index = await openSearchThreads(data(), openIndexLookups(path, "test"), {
    logger,
    ...options,
    spawn: (workerData) => {
      const worker = options.spawn?.() ?? searchWorkerOpening(workerData);
      spawned.push(worker);
      return worker;
    },
  });
  return { index, spawned, lines };
}

const botDeps = (index: OpenIndex) => ({
  index: () => index,
  random: () => 0.5,
  now: () => new Date("2025-03-03T08:00:00Z"),
  defaultTimeZone: "UTC",
});

describe("searches in worker threads", () => {
  it("answers every kind of query as the engine does, and the lookups on this thread", async () => {
    const { index } = await served({ workers: 2 });
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

  it("fails the queries of a worker that dies with a friendly answer, and answers the next from a new one", async () => {
    const { index, spawned, lines } = await served();
    try {
      const inFlight = index.search("reward model");
      await spawned[0]?.terminate();
      await expect(inFlight).rejects.toBeInstanceOf(SearchUnavailableError);
      const reply = await answer(botDeps(index), {
        source: "slash",
        text: "reward model",
        userId: "U0A",
        channelId: "C0A",
      });
      expect(reply.reply.kind).toBe("results");
      expect(spawned).toHaveLength(2);
      expect(lines.join("")).toContain("a search worker stopped; starting another");
    } finally {
      await index.close();
    }
  });

  it("tells the asker to try again when the worker crashes while answering", async () => {
    const { index } = await served({ spawn: standIn("process.exit(3);") });
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
    const { index, spawned, lines } = await served({ spawn: standIn(""), queryTimeoutMs: 200 });
    try {
      await expect(index.search("reward model")).rejects.toBeInstanceOf(SearchUnavailableError);
      expect(spawned).toHaveLength(2);
      expect(lines.join("")).toContain("a search took too long");
    } finally {
      await index.close();
    }
  });

  it("works through a backlog longer than the timeout without replacing a worker that keeps answering", async () => {
    const slowAnswer = `const until = Date.now() + 80; while (Date.now() < until) {}
      parentPort.postMessage({ kind: "answer", id: message.id, value: [] });`;
    const { index, spawned } = await served({ spawn: standIn(slowAnswer), queryTimeoutMs: 250 });
    try {
      const asked = Array.from({ length: 6 }, () => index.papersWithWords(["agents"]));
      expect(await Promise.all(asked)).toEqual(Array.from({ length: 6 }, () => []));
      expect(spawned).toHaveLength(1);
    } finally {
      await index.close();
    }
  });

  it("refuses a malformed answer instead of passing it on", async () => {
    const answerBogus = `parentPort.postMessage({ kind: "answer", id: message.id, value: { hits: "none" } });`;
    const { index } = await served({ spawn: standIn(answerBogus) });
    try {
      await expect(index.search("reward model")).rejects.toThrow(/malformed/);
    } finally {
      await index.close();
    }
  });

  it("stops starting workers that keep dying, says the index is unusable, and fails queries at once", async () => {
    const unusable: string[] = [];
    const { index, spawned } = await served({
      spawn: standIn("process.exit(3);"),
      onUnusable: (reason) => unusable.push(reason),
    });
    try {
      for (let i = 0; i < 6; i++)
        await expect(index.search("x")).rejects.toBeInstanceOf(SearchUnavailableError);
      expect(unusable).toHaveLength(1);
      const started = spawned.length;
      await expect(index.search("x")).rejects.toBeInstanceOf(SearchUnavailableError);
      expect(spawned).toHaveLength(started);
    } finally {
      await index.close();
    }
  });

  it("says the index is unusable when a worker's replacement cannot open the file another process removed", async () => {
    const copy = join(dir, "copy.sqlite");
    copyFileSync(path, copy);
    const unusable: string[] = [];
    const spawned: Worker[] = [];
    const { logger } = capturedLogger();
    const index = await openSearchThreads(
      { path: copy, fingerprint: "test" },
      openIndexLookups(copy, "test"),
      {
        logger,
        onUnusable: (reason) => unusable.push(reason),
        spawn: (workerData) => {
          const worker = searchWorkerOpening(workerData);
          spawned.push(worker);
          return worker;
        },
      },
    );
    try {
      rmSync(copy);
      // The open file still answers; a worker started now cannot open it.
      expect((await index.search("reward model")).total).toBeGreaterThan(0);
      await spawned[0]?.terminate();
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

  it("closes only when no query is in flight; later queries are refused", async () => {
    const { index } = await served();
    const inFlight = index.who("reward models");
    const closed = index.close();
    expect((await inFlight).people.length).toBeGreaterThan(0);
    await closed;
    await expect(index.search("reward model")).rejects.toBeInstanceOf(SearchUnavailableError);
  });
});
