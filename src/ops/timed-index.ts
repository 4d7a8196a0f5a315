import type { Histogram } from "prom-client";
import type { SearchIndex } from "../search/types.js";

const TIMED = new Set([
  "search",
  "who",
  "author",
  "authorByKey",
  "paper",
  "similar",
  "whoLike",
  "random",
  "papersWithWords",
]);

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof Reflect.get(value, "then") === "function";
}

/** The same index with the time of each lookup observed by operation (sync or async lookups alike). */
function timed(index: SearchIndex, histogram: Histogram<"operation">): SearchIndex {
  return new Proxy(index, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !TIMED.has(property) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const end = histogram.startTimer({ operation: property });
        let result: unknown;
        try {
          result = Reflect.apply(value, target, args);
        } catch (error) {
          end();
          throw error;
        }
        if (isThenable(result))
          result.then(
            () => end(),
            () => end(),
          );
        else end();
        return result;
      };
    },
  });
}

/** `current` with every index it returns timed; one wrapper per index, so a reload gets a fresh one. */
export function timedIndexSource(
  current: () => SearchIndex,
  histogram: Histogram<"operation">,
): () => SearchIndex {
  const wrapped = new WeakMap<SearchIndex, SearchIndex>();
  return () => {
    const index = current();
    let proxy = wrapped.get(index);
    if (proxy === undefined) {
      proxy = timed(index, histogram);
      wrapped.set(index, proxy);
    }
    return proxy;
  };
}
