import type { Histogram } from "prom-client";
import type { SearchIndex } from "../search/types.js";

/** The same index with the time of each lookup observed by operation. */
function timed(index: SearchIndex, histogram: Histogram<"operation">): SearchIndex {
  const now = <A extends unknown[], R>(operation: string, lookup: (...args: A) => R) => {
    return (...args: A): R => {
      const end = histogram.startTimer({ operation });
      try {
        return lookup(...args);
      } finally {
        end();
      }
    };
  };
  const later = <A extends unknown[], R>(operation: string, query: (...args: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      const end = histogram.startTimer({ operation });
      try {
        return await query(...args);
      } finally {
        end();
      }
    };
  };
  return {
    stats: () => index.stats(),
    paperIds: () => index.paperIds(),
    paper: now("paper", (id) => index.paper(id)),
    random: now("random", (random) => index.random(random)),
    search: later("search", (...args) => index.search(...args)),
    who: later("who", (...args) => index.who(...args)),
    author: later("author", (...args) => index.author(...args)),
    authorByKey: later("authorByKey", (...args) => index.authorByKey(...args)),
    similar: later("similar", (...args) => index.similar(...args)),
    whoLike: later("whoLike", (...args) => index.whoLike(...args)),
    papersWithWords: later("papersWithWords", (...args) => index.papersWithWords(...args)),
  };
}

/** `current` with every index it returns timed; one wrapper per index, so a reload gets a fresh one. */
export function timedIndexSource(
  current: () => SearchIndex,
  histogram: Histogram<"operation">,
): () => SearchIndex {
  const wrapped = new WeakMap<SearchIndex, SearchIndex>();
  return () => {
    const index = current();
    let timedIndex = wrapped.get(index);
    if (timedIndex === undefined) {
      timedIndex = timed(index, histogram);
      wrapped.set(index, timedIndex);
    }
    return timedIndex;
  };
}
