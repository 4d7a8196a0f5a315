import type { Histogram } from "prom-client";
import type { SearchIndex } from "../search/types.js";

function timed(index: SearchIndex, histogram: Histogram<"operation">): SearchIndex {
  // A lookup answers at once, a query with a promise: either is timed until it settles.
  const timedCall = <A extends unknown[], R>(operation: string, call: (...args: A) => R) => {
    return (...args: A): R => {
      const end = histogram.startTimer({ operation });
      try {
        const result = call(...args);
        // end() takes labels: it is called with none, never with the query's outcome.
        const stop = () => void end();
        if (result instanceof Promise) result.then(stop, stop);
        else stop();
        return result;
      } catch (error) {
        end();
        throw error;
      }
    };
  };
  return {
    stats: () => index.stats(),
    paperIds: () => index.paperIds(),
    paper: timedCall("paper", (id) => index.paper(id)),
    random: timedCall("random", (random) => index.random(random)),
    search: timedCall("search", (...args) => index.search(...args)),
    who: timedCall("who", (...args) => index.who(...args)),
    author: timedCall("author", (...args) => index.author(...args)),
    authorByKey: timedCall("authorByKey", (...args) => index.authorByKey(...args)),
    similar: timedCall("similar", (...args) => index.similar(...args)),
    whoLike: timedCall("whoLike", (...args) => index.whoLike(...args)),
    papersWithWords: timedCall("papersWithWords", (...args) => index.papersWithWords(...args)),
  };
}

/** One wrapper per index, so a reload gets a fresh one. */
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
