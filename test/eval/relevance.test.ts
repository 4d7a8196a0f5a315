import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { oursOver } from "../../eval/engines.js";
import { GATE, readBaseline, withinBudget } from "../../eval/gate.js";
import { ndcgAt, pairedBootstrap, recallAt } from "../../eval/metrics.js";
import {
  authorChecks,
  expertChecks,
  halfOf,
  judgedPaperIds,
  qrelsSchema,
  rankingScoreOf,
} from "../../eval/relevance.js";
import { loadCorpus } from "../../src/corpus/load.js";

describe("search on the project's judged queries (eval/qrels.json)", () => {
  it("keeps the test half's nDCG@10 within 0.01 of the committed baseline, and finds the judged people", async () => {
    const qrels = qrelsSchema.parse(JSON.parse(readFileSync("eval/qrels.json", "utf8")));
    const corpus = await loadCorpus("seeds");
    const { ids, problems } = judgedPaperIds(corpus.papers, qrels);
    expect(problems).toEqual([]);
    const ours = oursOver(corpus);
    try {
      const test = rankingScoreOf((query) => ours.rank(query, 10), qrels, ids, ["test"]);
      const baseline = readBaseline();
      expect(test.queries.length).toBeGreaterThanOrEqual(50);
      expect(withinBudget(test.ndcg, baseline), `test half ${test.ndcg} vs baseline ${baseline.test}`).toBe(
        true,
      );
      expect(expertChecks(ours.engine, qrels).filter((e) => !e.met)).toEqual([]);
      expect(authorChecks(ours.engine, qrels).filter((a) => !a.met)).toEqual([]);
    } finally {
      ours.close();
    }
  });
});

describe("the split and the budget", () => {
  it("puts a query in a half by its text alone, about half of them in each", () => {
    const queries = Array.from({ length: 400 }, (_, i) => `query ${i}`);
    expect(queries.map(halfOf)).toEqual(queries.map(halfOf));
    const tests = queries.filter((q) => halfOf(q) === "test").length;
    expect(tests).toBeGreaterThan(160);
    expect(tests).toBeLessThan(240);
  });

  it("fails a test half more than the budget under the baseline, and not one within it", () => {
    const baseline = { _doc: "", test: 0.9, dev: 0.9 };
    expect(withinBudget(0.9 - GATE.testBudget, baseline)).toBe(true);
    expect(withinBudget(0.9 - GATE.testBudget - 0.001, baseline)).toBe(false);
  });
});

describe("the metrics", () => {
  const qrels = qrelsSchema.parse({
    papers: { a: "A", b: "B" },
    queries: { q: { half: "dev", judged: { a: 2, b: 1 } } },
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
    expect(rankingScoreOf(() => ["id-a"], qrels, ids, ["test"]).queries).toEqual([]);
  });

  it("counts recall over the relevant docs only, and cuts nDCG at its depth", () => {
    const judged = new Map([
      ["a", 1],
      ["b", 1],
      ["c", 0],
    ]);
    expect(recallAt(["c", "a", "x"], judged, 100)).toBe(0.5);
    expect(recallAt(["x", "a"], judged, 1)).toBe(0);
    expect(ndcgAt([..."0123456789", "a"], judged, 10)).toBe(0);
  });

  it("gives a paired interval that holds the mean difference, and counts the queries each side wins", () => {
    const interval = pairedBootstrap([0.5, 0.6, 0.7, 0.2], [0.4, 0.6, 0.5, 0.3]);
    expect(interval.low).toBeLessThanOrEqual(0.05);
    expect(interval.high).toBeGreaterThanOrEqual(0.05);
    expect(interval).toMatchObject({ ahead: 2, behind: 1 });
  });
});
