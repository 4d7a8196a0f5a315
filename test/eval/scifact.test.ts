import { describe, expect, it } from "vitest";
import { readBeirSet } from "../../eval/beir.js";
import { scoreOnBeir } from "../../eval/benchmark.js";
import { fts5PorterOver, oursOver } from "../../eval/engines.js";
import { defaultDataDir } from "../../eval/gate.js";

describe("search on BEIR SciFact, a benchmark nobody here wrote", () => {
  // Synchronous CPU work (about 13 s alone, four minutes beside stress-ng on two cores): the timeout cannot stop it,
  // only fail it after the fact, so it is set past any load it meets.
  it("ranks the 300 test claims no worse than plain FTS5 bm25() with the porter tokenizer (nDCG@10)", () => {
    const set = readBeirSet(defaultDataDir(), "scifact");
    expect(set.unread).toBe(0);
    const scoreOf = (engine: ReturnType<typeof fts5PorterOver>) => {
      try {
        return scoreOnBeir(set, engine, 10).ndcg10;
      } finally {
        engine.close();
      }
    };
    const fts5 = scoreOf(fts5PorterOver(set.corpus));
    const ours = scoreOf(oursOver(set.corpus));
    expect(ours, `ours ${ours.toFixed(3)} against fts5-porter ${fts5.toFixed(3)}`).toBeGreaterThanOrEqual(
      fts5,
    );
  }, 900_000);
});
