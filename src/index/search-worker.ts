import type { OpenEngine } from "../search/engine.js";
import { openIndexFile } from "../search/store-file.js";
import type { EngineQueries } from "../search/types.js";

// A search worker: the engine over one index file, on a read-only connection of its own, answering one query
// at a time. The main thread's event loop never waits for a search.

/** One query: the engine's method and its arguments. */
export type SearchCall = {
  [M in keyof EngineQueries]: { method: M; args: Parameters<EngineQueries[M]> };
}[keyof EngineQueries];

/** What a worker is asked: the file to answer from (opened on first use), and the query, if any. */
export interface SearchTask {
  path: string;
  fingerprint: string;
  call?: SearchCall;
}

/**
 * What a worker answers: the engine's value, the engine's error, or why the file cannot be opened. A thrown error
 * would cross to the main thread as a bare message, and a rejected task means the worker itself failed.
 */
export type Answer<T = unknown> =
  | { value: T }
  | { failed: string }
  | { unusable: string /** The file itself is damaged: none may open it again. */; damaged?: true };

/** SQLite's word for a file whose pages are not what it wrote: a damaged disk, a torn copy. */
const isDamage = (error: unknown) =>
  error instanceof Error && "code" in error && /^SQLITE_(?:CORRUPT|NOTADB)/.test(String(error.code));

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The worker is started (its modules loaded) before the file is known; the first task names it.
let opened: { path: string; engine?: OpenEngine; reason?: string } | undefined;

function engineFor(path: string, fingerprint: string): { engine?: OpenEngine; reason?: string } {
  if (opened?.path !== path) {
    opened?.engine?.close();
    try {
      const engine = openIndexFile(path, fingerprint);
      opened = { path, engine };
      // Once the opening is answered (the pool is ready sooner), before any query: the first typo need not wait.
      setImmediate(() => {
        try {
          if (opened?.engine === engine) engine.warm();
        } catch {
          // What failed fails again in the query that needs it, which answers with why.
        }
      });
    } catch (error) {
      opened = { path, reason: reasonOf(error) };
    }
  }
  return opened;
}

export default function answer({ path, fingerprint, call }: SearchTask): Answer {
  const { engine, reason = "" } = engineFor(path, fingerprint);
  if (engine === undefined) return { unusable: reason };
  try {
    return { value: call === undefined ? undefined : Reflect.apply(engine[call.method], engine, call.args) };
  } catch (error) {
    // Damage deep in the file passes the check at opening and meets a query only: that file serves no more.
    if (isDamage(error)) return { unusable: `the index file is damaged: ${reasonOf(error)}`, damaged: true };
    return { failed: reasonOf(error) };
  }
}
