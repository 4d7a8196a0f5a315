import { rmSync } from "node:fs";
import type { Piscina } from "piscina";
import type { Logger } from "../logger.js";
import { SearchUnavailableError } from "../search/errors.js";
import type { EngineQueries, PaperLookups, SearchIndex } from "../search/types.js";
import type { Answer, SearchCall } from "./search-worker.js";
import { workerPool } from "./workers.js";

/** The index the bot serves; `close` lets its file go once no query is in flight on it. */
export interface OpenIndex extends SearchIndex {
  close(): Promise<void>;
}

/**
 * Search workers per index. At 100,000 papers and 20 signed /paper a second, one answered 478 of 600 within 5 s
 * and two 600 of 600 (55 MB more RSS): an answer in time comes first (docs/bench.md has the runs).
 */
export const SEARCH_WORKERS = 2;
/**
 * Queries in flight that get no answer for this long hang: the oldest is aborted (its worker stopped and replaced).
 * Counted from the last answer, not from each query's arrival, so a backlog after a burst is not a hang.
 */
export const QUERY_TIMEOUT_MS = 15_000;
/**
 * A search worker's heap at most: its engine keeps about 21 MB at 100,000 papers (measured after 400 searches; its
 * pages are in SQLite's cache, outside the heap), and with room to spare V8 grew the heap far past that between
 * collections, each megabyte of it in the bot's RSS. The bench's 400 /paper texts at 100,000 papers ran through in
 * one thread held to 56 MB (27 MB in use at the end); 48 MB with two workers and 8 MB of pages each (store-file.ts)
 * took 29 MB off the bot's RSS after the bench's load. A worker that still ran out would be replaced like any that dies.
 */
const SEARCH_WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };
/** Workers that die this many times within a minute are not started again: the index is then unusable. */
const MAX_RESTARTS_PER_MINUTE = 5;

const UNAVAILABLE = "the search stopped while answering; ask again";

/**
 * The search workers (piscina), loading their modules (a second through tsx) while the caller works out which
 * file they are to open: each opens the file named by the first task it is given. `module`: a stand-in (tests).
 */
export function startSearchPool(options: { workers?: number; module?: string } = {}): Piscina {
  const workers = Math.max(1, options.workers ?? SEARCH_WORKERS);
  return workerPool(options.module ?? "search-worker", {
    minThreads: workers,
    maxThreads: workers,
    resourceLimits: SEARCH_WORKER_LIMITS,
  });
}

export interface SearchThreadsOptions {
  logger: Logger;
  /** The pool to answer with (startSearchPool: started early, or a stand-in); a new one unless given. */
  pool?: Piscina;
  queryTimeoutMs?: number;
  /** Called once when no worker can serve the index any more (its file is gone, workers keep dying). */
  onUnusable?: (reason: string) => void;
  now?: () => number;
}

/**
 * The index file's searches, each answered by a worker of a piscina pool whose workers open the file read-only
 * themselves, and its cheap lookups answered here on `lookups` (a connection of this thread's own). A worker
 * that dies or hangs is replaced; the query it held fails with SearchUnavailableError, never hangs.
 * Resolves once the workers have opened the file; rejects (and stops them) when they cannot.
 */
export async function openSearchThreads(
  order: { path: string; fingerprint: string },
  lookups: PaperLookups & { close(): void },
  options: SearchThreadsOptions,
): Promise<OpenIndex> {
  const { logger } = options;
  const pool = options.pool ?? startSearchPool();
  const timeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const inFlight = new Set<AbortController>();
  /** The queries in flight, watched for a hang (a worker's opening, a second or so through tsx, is not). */
  const asked = new Set<AbortController>();
  const deaths: number[] = [];
  let watchdog: NodeJS.Timeout | undefined;
  let serving = false;
  let closing = false;
  let unusable: string | undefined;
  let drained: (() => void) | undefined;

  const giveUp = (reason: string, damaged = false) => {
    if (unusable !== undefined || closing) return;
    unusable = reason;
    logger.error({ path: order.path, reason }, "the search workers cannot serve this index");
    // A damaged file is built again, not opened again by the reload and every restart after it.
    if (damaged) rmSync(order.path, { force: true });
    for (const query of inFlight) query.abort();
    void pool.destroy();
    options.onUnusable?.(reason);
  };

  const watch = () => {
    clearTimeout(watchdog);
    watchdog = undefined;
    if (asked.size === 0) return;
    watchdog = setTimeout(() => {
      logger.error({ ms: timeoutMs, held: asked.size }, "a search took too long; replacing its worker");
      const [oldest] = asked;
      oldest?.abort();
    }, timeoutMs);
    watchdog.unref();
  };

  const run = async <T>(call?: SearchCall): Promise<Answer<T>> => {
    if (closing || unusable !== undefined)
      throw new SearchUnavailableError(unusable ?? "the index was closed");
    const query = new AbortController();
    inFlight.add(query);
    if (call !== undefined) asked.add(query);
    if (watchdog === undefined) watch();
    try {
      return await pool.run({ ...order, call }, { signal: query.signal });
    } catch {
      // The worker died, hung and was stopped, or ran out of memory: asking again meets a new one.
      throw new SearchUnavailableError(unusable ?? UNAVAILABLE);
    } finally {
      inFlight.delete(query);
      if (asked.delete(query)) watch();
      if (inFlight.size === 0) drained?.();
    }
  };

  const ask = async <M extends keyof EngineQueries>(
    call: SearchCall & { method: M },
  ): Promise<ReturnType<EngineQueries[M]>> => {
    const answered = await run<ReturnType<EngineQueries[M]>>(call);
    if ("value" in answered) return answered.value;
    if ("failed" in answered) throw new Error(answered.failed);
    giveUp(answered.unusable, answered.damaged);
    throw new SearchUnavailableError(answered.unusable);
  };

  /** Each worker opens the file (one task each, so each worker takes one); rejects with why it cannot. */
  const opened = async (workers: number) => {
    const answers = await Promise.all(Array.from({ length: workers }, () => run()));
    for (const answered of answers) if ("unusable" in answered) throw new Error(answered.unusable);
  };

  pool.on("error", (error: unknown) => logger.warn({ reason: String(error) }, "a search worker failed"));
  pool.on("workerDestroy", () => {
    if (!serving || closing || unusable !== undefined) return;
    logger.warn({ path: order.path }, "a search worker stopped; starting another");
    const at = now();
    deaths.push(at);
    while ((deaths[0] ?? at) < at - 60_000) deaths.shift();
    if (deaths.length > MAX_RESTARTS_PER_MINUTE)
      giveUp(`search workers stopped ${deaths.length} times in a minute`);
  });
  // A replacement opens the file at once: one that cannot (the file was removed meanwhile) makes it unusable.
  pool.on("workerCreate", () => {
    if (serving) opened(1).catch((error: unknown) => giveUp(String(error)));
  });

  try {
    await opened(pool.options.maxThreads);
    serving = true;
  } catch (error) {
    closing = true;
    await pool.destroy();
    lookups.close();
    throw error;
  }

  return {
    stats: () => lookups.stats(),
    paperIds: () => lookups.paperIds(),
    paper: (id) => lookups.paper(id),
    random: (random) => lookups.random(random),
    search: (...args) => ask({ method: "search", args }),
    who: (...args) => ask({ method: "who", args }),
    author: (...args) => ask({ method: "author", args }),
    authorByKey: (...args) => ask({ method: "authorByKey", args }),
    similar: (...args) => ask({ method: "similar", args }),
    whoLike: (...args) => ask({ method: "whoLike", args }),
    papersWithWords: (...args) => ask({ method: "papersWithWords", args }),
    async close() {
      closing = true;
      if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve));
      clearTimeout(watchdog);
      await pool.destroy();
      lookups.close();
    },
  };
}
