import type { Worker } from "node:worker_threads";
import type { Logger } from "../logger.js";
import { SearchUnavailableError } from "../search/errors.js";
import type { EngineQueries, PaperLookups, SearchIndex, SearchQueries } from "../search/types.js";
import { answerSchemas, type OpenOrder, type SearchCall, workerReplySchema } from "./search-messages.js";
import { startWorker } from "./start-worker.js";

/** The index the bot serves; `close` lets its file go once no query is in flight on it. */
export interface OpenIndex extends SearchIndex {
  close(): Promise<void>;
}

/**
 * Search workers per index. One answers the bench's 20 queries a second at 100,000 papers with acks well
 * inside their target; a second one only shares the same two cores with it (docs/search.md has the figures).
 */
export const SEARCH_WORKERS = 1;
/**
 * A worker holding queries that answers none of them for this long hangs: it is replaced and they fail.
 * Counted from its last answer, not from each query's arrival, so a backlog after a burst is not a hang.
 */
export const QUERY_TIMEOUT_MS = 15_000;
/**
 * A search worker's old generation at most: twice what it keeps (the dictionary's trees, about 100 MB at
 * 100,000 papers and capped at 150 MB, and small caches), so V8 collects before its heap grows to two or three
 * times that between collections; a worker that still ran out would be replaced like any that dies.
 */
const SEARCH_WORKER_HEAP_MB = 256;
/** Workers that die this many times within a minute are not started again: the index is then unusable. */
const MAX_RESTARTS_PER_MINUTE = 5;

export interface SearchThreadsOptions {
  logger: Logger;
  workers?: number;
  queryTimeoutMs?: number;
  /** Called once when no worker can serve the index any more (its file is gone, workers keep dying). */
  onUnusable?: (reason: string) => void;
  /** Starts one worker (tests give stand-ins that crash or hang); the search worker of this folder by default. */
  spawn?: (data: OpenOrder) => Worker;
  /** A search worker started early (startSearchWorker): told to open the file, it is the first worker. */
  spare?: Worker;
  now?: () => number;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  alive: boolean;
  /** Settles once the worker has opened the index (or could not). */
  opening: Promise<void>;
  ready: boolean;
  /** Runs while the worker holds queries; restarted by each answer. */
  watchdog?: NodeJS.Timeout;
}

const UNAVAILABLE = "the search stopped while answering; ask again";
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A search worker, loading its modules (a second through tsx) while the caller works out which file it is to open:
 * the file is named by the first message it is sent.
 */
export function startSearchWorker(): Worker {
  return startWorker("search-worker", { resourceLimits: { maxOldGenerationSizeMb: SEARCH_WORKER_HEAP_MB } });
}

/** A search worker told to open the file of `order`: `worker` when given (one started early), else a new one. */
export function searchWorkerOpening(order: OpenOrder, worker: Worker = startSearchWorker()): Worker {
  worker.postMessage(order);
  return worker;
}

/** Waits for a worker's first word: it opened the index, or why it could not. */
function opened(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const reply = workerReplySchema.safeParse(message);
      if (!reply.success || (reply.data.kind !== "ready" && reply.data.kind !== "unusable")) return;
      worker.off("message", onMessage);
      if (reply.data.kind === "ready") resolve();
      else reject(new Error(reply.data.message));
    };
    worker.on("message", onMessage);
    worker.once("exit", (code) => reject(new Error(`the search worker stopped (exit code ${code})`)));
    worker.once("error", reject);
  });
}

/**
 * The index file's searches, each answered by one of a few worker threads that open the file read-only
 * themselves, and its cheap lookups answered here on `lookups` (a connection of this thread's own). A worker
 * that dies or hangs is replaced; the queries it held fail with SearchUnavailableError, never hang.
 * Resolves once every worker has opened the file; rejects (and stops them) when one cannot.
 */
export async function openSearchThreads(
  data: OpenOrder,
  lookups: PaperLookups & { close(): void },
  options: SearchThreadsOptions,
): Promise<OpenIndex> {
  const { logger } = options;
  let spare = options.spare;
  const spawnNew = options.spawn ?? ((order: OpenOrder) => searchWorkerOpening(order));
  // The spare is the first worker, whoever starts the others: never left running unused.
  const spawn = (order: OpenOrder) => {
    const worker = spare === undefined ? spawnNew(order) : searchWorkerOpening(order, spare);
    spare = undefined;
    return worker;
  };
  const timeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const threads: Thread[] = [];
  const deaths: number[] = [];
  let nextId = 1;
  let closing = false;
  let serving = false;
  let unusable: string | undefined;
  let drained: (() => void) | undefined;
  const inFlight = () => threads.reduce((sum, thread) => sum + thread.pending.size, 0);

  const watch = (thread: Thread) => {
    clearTimeout(thread.watchdog);
    thread.watchdog = undefined;
    if (thread.pending.size === 0 || !thread.alive) return;
    thread.watchdog = setTimeout(() => {
      logger.error(
        { ms: timeoutMs, held: thread.pending.size },
        "a search took too long; replacing its worker",
      );
      lost(thread, `a worker answered nothing for ${timeoutMs} ms`);
    }, timeoutMs);
    thread.watchdog.unref();
  };

  const settle = (thread: Thread, id: number, outcome: (pending: Pending) => void) => {
    const pending = thread.pending.get(id);
    if (pending === undefined) return;
    thread.pending.delete(id);
    outcome(pending);
    if (thread.alive) watch(thread);
    if (inFlight() === 0) drained?.();
  };

  const giveUp = (reason: string) => {
    if (unusable !== undefined) return;
    unusable = reason;
    logger.error({ path: data.path, reason }, "the search workers cannot serve this index");
    options.onUnusable?.(reason);
  };

  /** A worker gone (crashed, hung and stopped, or exited): its queries fail, another takes its place. */
  const lost = (thread: Thread, why: string) => {
    if (!thread.alive) return;
    thread.alive = false;
    clearTimeout(thread.watchdog);
    threads.splice(threads.indexOf(thread), 1);
    for (const id of [...thread.pending.keys()]) {
      settle(thread, id, (pending) => pending.reject(new SearchUnavailableError(UNAVAILABLE)));
    }
    void thread.worker.terminate();
    if (closing || unusable !== undefined) return;
    // One that could not even open the index would only fail again (at the start, the open itself fails).
    if (!thread.ready) return serving ? giveUp(why) : undefined;
    logger.warn({ path: data.path, reason: why }, "a search worker stopped; starting another");
    const at = now();
    deaths.push(at);
    while ((deaths[0] ?? at) < at - 60_000) deaths.shift();
    if (deaths.length > MAX_RESTARTS_PER_MINUTE)
      return giveUp(`search workers stopped ${deaths.length} times in a minute`);
    start().opening.catch(() => undefined);
  };

  const start = (): Thread => {
    const worker = spawn(data);
    const thread: Thread = { worker, pending: new Map(), alive: true, opening: opened(worker), ready: false };
    thread.opening = thread.opening.then(
      () => {
        thread.ready = true;
      },
      (error: unknown) => {
        lost(thread, reasonOf(error));
        throw error;
      },
    );
    worker.on("message", (message: unknown) => {
      const reply = workerReplySchema.safeParse(message);
      if (!reply.success) return logger.warn("a search worker sent an unreadable message");
      const said = reply.data;
      if (said.kind === "failed")
        settle(thread, said.id, (pending) => pending.reject(new Error(said.message)));
      if (said.kind === "answer") settle(thread, said.id, (pending) => pending.resolve(said.value));
    });
    worker.on("error", (error) => lost(thread, reasonOf(error)));
    worker.on("exit", (code) => lost(thread, `exit code ${code}`));
    threads.push(thread);
    return thread;
  };

  const ask = <M extends SearchCall["method"]>(
    method: M,
    call: SearchCall & { method: M },
  ): Promise<ReturnType<EngineQueries[M]>> => {
    if (closing || unusable !== undefined)
      return Promise.reject(new SearchUnavailableError(unusable ?? "the index was closed"));
    const thread = threads.reduce<Thread | undefined>(
      (best, t) => (best === undefined || t.pending.size < best.pending.size ? t : best),
      undefined,
    );
    if (thread === undefined) return Promise.reject(new SearchUnavailableError(UNAVAILABLE));
    const id = nextId++;
    const schema = answerSchemas[method];
    return new Promise((resolve, reject) => {
      thread.pending.set(id, {
        resolve: (value) => {
          const checked = schema.safeParse(value);
          if (checked.success) resolve(checked.data);
          else reject(new Error(`a search worker's answer to ${call.method} is malformed`));
        },
        reject,
      });
      if (thread.watchdog === undefined) watch(thread);
      thread.worker.postMessage({ id, call });
    });
  };

  const workers = Math.max(1, options.workers ?? SEARCH_WORKERS);
  for (let i = 0; i < workers; i++) start();
  try {
    await Promise.all(threads.map((thread) => thread.opening));
    serving = true;
  } catch (error) {
    closing = true;
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
    lookups.close();
    throw error;
  }

  const queries: SearchQueries = {
    search: (query, options) => ask("search", { method: "search", query, options }),
    who: (topic, options) => ask("who", { method: "who", topic, options }),
    author: (name) => ask("author", { method: "author", name }),
    authorByKey: (key) => ask("authorByKey", { method: "authorByKey", key }),
    similar: (id, options) => ask("similar", { method: "similar", id, options }),
    whoLike: (id, options) => ask("whoLike", { method: "whoLike", id, options }),
    papersWithWords: (words) => ask("papersWithWords", { method: "papersWithWords", words: [...words] }),
  };
  return {
    stats: () => lookups.stats(),
    paperIds: () => lookups.paperIds(),
    paper: (id) => lookups.paper(id),
    random: (random) => lookups.random(random),
    ...queries,
    async close() {
      closing = true;
      if (inFlight() > 0) await new Promise<void>((resolve) => (drained = resolve));
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
      lookups.close();
    },
  };
}
