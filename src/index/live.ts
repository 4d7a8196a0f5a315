import type { Logger } from "../logger.js";
import type { SearchIndex } from "../search/types.js";

/** The index being served, and a reload that builds a new one aside and swaps it in whole. */
export interface LiveIndex {
  current(): SearchIndex;
  /** Resolves to a one-line outcome; a failed build keeps serving the old index. */
  reload(): Promise<string>;
  /** Closes the index served and those replaced but not yet closed (their queries in flight answered first). */
  close(): Promise<void>;
}

/** An index that may hold a file and workers: closed once replaced, when no query is in flight on it. */
type Closable = SearchIndex & { close?: () => Promise<void> | void };

/**
 * How long a replaced index keeps answering: an answer started on it (several queries, some seconds apart)
 * finishes on it. Its close then waits for the queries still in flight.
 */
export const RETIRE_AFTER_MS = 60_000;

export function createLiveIndex(
  initial: Closable,
  build: () => Promise<Closable>,
  logger: Logger,
  later: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms).unref(),
): LiveIndex {
  let index = initial;
  let running: Promise<string> | undefined;
  const retiring = new Set<Closable>();
  const retire = async (replaced: Closable) => {
    if (!retiring.delete(replaced)) return;
    await replaced.close?.();
  };
  const rebuild = async (): Promise<string> => {
    try {
      const next = await build();
      const replaced = index;
      index = next;
      if (replaced !== next) {
        retiring.add(replaced);
        later(() => void retire(replaced), RETIRE_AFTER_MS);
      }
      const { papers, people, problems } = next.stats();
      // A file that became unreadable or lost papers is named: a reload must never quietly make things worse.
      const notices = problems
        .filter((problem) => problem.notice === true)
        .map((p) => `${p.file} ${p.message}`);
      if (notices.length === 0) {
        logger.info({ papers, people }, "corpus reloaded");
        return `Reloaded: ${papers} papers, ${people} people.`;
      }
      logger.warn({ papers, people, notices }, "corpus reloaded; some files are worse than at the last load");
      return `Reloaded: ${papers} papers, ${people} people. ${notices.join("; ")}.`;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      logger.error({ reason }, "reload failed; still serving the previous corpus");
      return `Reload failed, still serving the previous corpus: ${reason}`;
    }
  };
  return {
    current: () => index,
    reload() {
      // Two reloads at once share one build rather than racing to swap.
      running ??= rebuild().finally(() => {
        running = undefined;
      });
      return running;
    },
    async close() {
      await running;
      await Promise.all([...retiring].map(retire));
      await index.close?.();
    },
  };
}
