// `npm run eval [-- --corpus DIR --qrels FILE]`: search quality against eval/qrels.json; exits 1 when a target is missed.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadCorpus } from "../src/corpus/load.js";
import { createSearchEngine } from "../src/search/engine.js";
import { evaluateRelevance, qrelsSchema, type RelevanceReport, targets } from "./relevance.js";

function reportText(report: RelevanceReport): string {
  const f = (n: number) => n.toFixed(3);
  const width = Math.max(...report.search.queries.map((q) => q.query.length), 5);
  const lines = [
    `${"query".padEnd(width)}  nDCG@10  RR     | plain MiniSearch nDCG@10  RR    | our top 5`,
    ...report.search.queries.map((q, i) => {
      const base = report.baseline.queries[i];
      return `${q.query.padEnd(width)}  ${f(q.ndcg)}    ${f(q.reciprocalRank)} | ${f(base?.ndcg ?? 0)}                   ${f(base?.reciprocalRank ?? 0)} | ${q.top.slice(0, 5).join(" ")}`;
    }),
    "",
    `ours:             nDCG@10 ${f(report.search.ndcg)} (target ≥ ${targets.ndcg})  MRR ${f(report.search.mrr)} (target ${targets.mrr})`,
    `plain MiniSearch: nDCG@10 ${f(report.baseline.ndcg)}  MRR ${f(report.baseline.mrr)}`,
    "",
    ...report.experts.map(
      (e) =>
        `${e.met ? "ok  " : "MISS"} who "${e.topic}": ${e.found.length} of the judged people in the top ${e.top} (need ${e.needed}): ${e.found.join(", ")}`,
    ),
    ...report.authors.map(
      (a) =>
        `${a.met ? "ok  " : "MISS"} author "${a.query}": ${a.got ? `${a.got.name}, ${a.got.papers} papers` : "not found"} (expected ${a.expected.name}, ${a.expected.papers} papers)`,
    ),
    ...report.problems.map((p) => `MISS qrels key ${p}`),
    "",
    report.passed ? "All targets met." : "Targets missed.",
  ];
  return `${lines.join("\n")}\n`;
}

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "seeds" },
    qrels: { type: "string", default: "eval/qrels.json" },
  },
});
try {
  const qrels = qrelsSchema.parse(JSON.parse(await readFile(values.qrels, "utf8")));
  const corpus = await loadCorpus(values.corpus);
  const report = evaluateRelevance(createSearchEngine(corpus), corpus, qrels);
  process.stdout.write(reportText(report));
  process.exitCode = report.passed ? 0 : 1;
} catch (error) {
  process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
