import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evaluateRelevance, qrelsSchema, rankingScoreOf, targets } from "../../eval/relevance.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { createSearchEngine } from "../../src/search/engine.js";

describe("relevance on the seeds", () => {
  it("meets every target of eval/qrels.json", async () => {
    const qrels = qrelsSchema.parse(JSON.parse(readFileSync("eval/qrels.json", "utf8")));
    const corpus = await loadCorpus("seeds");
    const report = evaluateRelevance(createSearchEngine(corpus), corpus, qrels);
    expect(report.problems).toEqual([]);
    expect(report.search.ndcg).toBeGreaterThanOrEqual(targets.ndcg);
    expect(report.search.mrr).toBe(1);
    expect(report.experts.filter((e) => !e.met)).toEqual([]);
    expect(report.authors.filter((a) => !a.met)).toEqual([]);
    expect(report.passed).toBe(true);
  });
});

describe("the metrics", () => {
  const qrels = qrelsSchema.parse({
    papers: { a: "A", b: "B" },
    queries: { q: { a: 2, b: 1 } },
    experts: {},
    authors: {},
  });
  const ids = new Map([
    ["a", "id-a"],
    ["b", "id-b"],
  ]);

  it("scores the ideal order 1 and a worse order lower, by the textbook formula", () => {
    expect(rankingScoreOf(() => ["id-a", "id-b"], qrels, ids)).toMatchObject({ ndcg: 1, mrr: 1 });
    const swapped = rankingScoreOf(() => ["x", "id-b", "id-a"], qrels, ids);
    // DCG = 1/log2(3) + 2/log2(4); ideal = 2 + 1/log2(3).
    expect(swapped.ndcg).toBeCloseTo((1 / Math.log2(3) + 1) / (2 + 1 / Math.log2(3)), 10);
    expect(swapped.mrr).toBe(0.5);
    expect(rankingScoreOf(() => [], qrels, ids)).toMatchObject({ ndcg: 0, mrr: 0 });
  });
});
