import { performance } from "node:perf_hooks";
import type { BeirSet } from "./beir.js";
import type { RankingEngine } from "./engines.js";
import { mean, ndcgAt, percentile, recallAt } from "./metrics.js";

/** One engine's figures on one set; `perQuery` in the set's query order (for paired comparisons). */
export interface EngineScore {
  engine: string;
  ndcg10: number;
  recall100: number;
  p50ms: number;
  p99ms: number;
  perQuery: number[];
  /** Queries that got no paper at all. */
  empty: number;
}

/** Runs every query of the set through the engine (its first `depth` papers, each call timed) and scores the docs. */
export function scoreOnBeir(set: BeirSet, engine: RankingEngine, depth = 100): EngineScore {
  const ndcgs: number[] = [];
  const recalls: number[] = [];
  const times: number[] = [];
  let empty = 0;
  for (const query of set.queries) {
    const start = performance.now();
    const papers = engine.rank(query.text, depth);
    times.push(performance.now() - start);
    if (papers.length === 0) empty += 1;
    const docs = papers.flatMap((id) => set.docIdsOf.get(id) ?? []);
    const judged = set.qrels.get(query.id) ?? new Map<string, number>();
    ndcgs.push(ndcgAt(docs, judged, 10));
    recalls.push(recallAt(docs, judged, depth));
  }
  return {
    engine: engine.name,
    ndcg10: mean(ndcgs),
    recall100: mean(recalls),
    p50ms: percentile(times, 50),
    p99ms: percentile(times, 99),
    perQuery: ndcgs,
    empty,
  };
}
