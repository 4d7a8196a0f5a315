// `npm run eval [-- --sets scifact,nfcorpus,own --data DIR --corpus DIR --qrels FILE --queries --write-baseline]`:
// ours, plain FTS5 (porter) and plain MiniSearch side by side; exits 1 when the npm-test gate would fail.
import { readFile } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { loadCorpus } from "../src/corpus/load.js";
import { BEIR_SETS, readBeirSet } from "./beir.js";
import { type EngineScore, scoreOnBeir } from "./benchmark.js";
import { ENGINE_NAMES, engineOver, oursOver } from "./engines.js";
import { BASELINE_PATH, defaultDataDir, GATE, readBaseline, withinBudget, writeBaseline } from "./gate.js";
import { pairedBootstrap, percentile } from "./metrics.js";
import {
  authorChecks,
  countScoreOf,
  expertChecks,
  HALVES,
  judgedPaperIds,
  qrelsSchema,
  type RankingScore,
  rankingScoreOf,
} from "./relevance.js";

const USAGE =
  "usage: npm run eval -- [--sets scifact,nfcorpus,own] [--data DIR] [--corpus DIR] [--qrels FILE] [--queries]\n" +
  "       [--write-baseline]   (docs/eval.md says what each set is and what the table means)";

const { values } = parsedArgs({
  options: {
    sets: { type: "string", default: [...BEIR_SETS, "own"].join(",") },
    data: { type: "string" },
    corpus: { type: "string", default: "seeds" },
    qrels: { type: "string", default: "eval/qrels.json" },
    queries: { type: "boolean", default: false },
    "write-baseline": { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function parsedArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

const f3 = (n: number) => n.toFixed(3);
const ms = (n: number) => n.toFixed(1).padStart(7);
const signed = (n: number) => `${n >= 0 ? "+" : "−"}${Math.abs(n).toFixed(3)}`;
const rows = new Map<string, string[]>();
const notes: string[] = [];
const failures: string[] = [];
const row = (set: string, engine: string, cells: string) =>
  rows.set(set, [...(rows.get(set) ?? []), `${set.padEnd(18)} ${engine.padEnd(12)} ${cells}`]);

function bootstrapNote(set: string, ours: readonly number[], other: EngineScore): void {
  const interval = pairedBootstrap(ours, other.perQuery);
  notes.push(
    `${set}: ours − ${other.engine} nDCG@10 ${signed(mean(ours) - other.ndcg10)}, 95% paired bootstrap [${signed(interval.low)}, ${signed(interval.high)}]; ours ahead on ${interval.ahead} queries, behind on ${interval.behind}`,
  );
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

async function runBeir(name: string, dataDir: string): Promise<void> {
  const set = readBeirSet(dataDir, name);
  if (set.unread > 0) failures.push(`${name}: ${set.unread} docs did not become papers`);
  const scores = ENGINE_NAMES.map((engineName) => {
    const engine = engineOver(engineName, set.corpus);
    try {
      return scoreOnBeir(set, engine);
    } finally {
      engine.close();
    }
  });
  const label = `${name} (${set.queries.length})`;
  for (const score of scores) {
    row(
      label,
      score.engine,
      `${f3(score.ndcg10)}    ${f3(score.recall100)}    ${ms(score.p50ms)} ${ms(score.p99ms)}   ${score.empty}`,
    );
  }
  const [ours, fts5] = scores;
  if (ours === undefined || fts5 === undefined) return;
  bootstrapNote(name, ours.perQuery, fts5);
  if (name === "scifact") {
    const met = (ok: boolean) => (ok ? "met" : "not met");
    const ratio = fts5.p50ms === 0 ? Number.POSITIVE_INFINITY : ours.p50ms / fts5.p50ms;
    notes.push(
      `scifact targets (issue 34): nDCG@10 ≥ 0.70 ${met(ours.ndcg10 >= 0.7)}; ahead of fts5-porter ${met(ours.ndcg10 > fts5.ndcg10)}; p50 ≤ 3× fts5-porter's ${met(ratio <= 3)} (${ratio.toFixed(1)}×)`,
    );
  }
  if (name === "scifact" && ours.ndcg10 < fts5.ndcg10) {
    failures.push(`scifact: ours ${f3(ours.ndcg10)} is under fts5-porter's ${f3(fts5.ndcg10)}`);
  }
}

function timed(rank: (query: string) => string[]) {
  const times: number[] = [];
  return {
    times,
    rank: (query: string) => {
      const start = performance.now();
      const ranked = rank(query);
      times.push(performance.now() - start);
      return ranked;
    },
  };
}

async function runOwn(): Promise<void> {
  const qrels = qrelsSchema.parse(JSON.parse(await readFile(values.qrels, "utf8")));
  const corpus = await loadCorpus(values.corpus);
  const { ids, problems } = judgedPaperIds(corpus.papers, qrels);
  for (const problem of problems) failures.push(`qrels: ${problem}`);
  const byEngine = new Map<string, Record<(typeof HALVES)[number], RankingScore>>();
  for (const engineName of ENGINE_NAMES) {
    const engine = engineOver(engineName, corpus);
    try {
      const scoreOf = (half: (typeof HALVES)[number]): RankingScore => {
        const clock = timed((query) => engine.rank(query, 100));
        const score = rankingScoreOf(clock.rank, qrels, ids, [half]);
        row(
          `own ${half} (${score.queries.length})`,
          engineName,
          `${f3(score.ndcg)}    MRR ${f3(score.mrr)} ${ms(percentile(clock.times, 50))} ${ms(percentile(clock.times, 99))}   ${score.queries.filter((q) => q.top.length === 0).length}`,
        );
        return score;
      };
      byEngine.set(engineName, { dev: scoreOf("dev"), test: scoreOf("test") });
    } finally {
      engine.close();
    }
  }
  const ours = byEngine.get("ours");
  const fts5 = byEngine.get("fts5-porter");
  if (ours === undefined || fts5 === undefined) return;
  for (const half of HALVES) {
    const perQuery = ours[half].queries.map((q) => q.ndcg);
    const other = fts5[half];
    const interval = pairedBootstrap(
      perQuery,
      other.queries.map((q) => q.ndcg),
    );
    notes.push(
      `own ${half}: ours − fts5-porter nDCG@10 ${signed(ours[half].ndcg - other.ndcg)}, 95% paired bootstrap [${signed(interval.low)}, ${signed(interval.high)}]; ours ahead on ${interval.ahead} queries, behind on ${interval.behind}`,
    );
  }
  if (values.queries) {
    const width = Math.max(...Object.keys(qrels.queries).map((q) => q.length), 5);
    notes.push("", `${"query".padEnd(width)}  half  ours   fts5   mini   | our top 5`);
    const mini = byEngine.get("minisearch");
    ours.dev.queries.concat(ours.test.queries).forEach((q) => {
      const at = (score: Record<string, RankingScore> | undefined) =>
        f3(score?.[q.half]?.queries.find((other) => other.query === q.query)?.ndcg ?? 0);
      notes.push(
        `${q.query.padEnd(width)}  ${q.half.padEnd(4)}  ${f3(q.ndcg)}  ${at(fts5)}  ${at(mini)}  | ${q.top.slice(0, 5).join(" ")}`,
      );
    });
  }

  const engine = oursOver(corpus);
  try {
    const counts = countScoreOf(engine.engine, qrels, ids);
    notes.push(
      `own: of the papers a search counts, ${f3(counts.precision)} are judged relevant and ${f3(counts.recall)} of the relevant are counted (mean over ${counts.queries} queries; counts over twice the relevant: ${counts.inflated})`,
    );
    for (const e of expertChecks(engine.engine, qrels)) {
      if (!e.met)
        failures.push(`who "${e.topic}": ${e.found.length} of the judged people in the top ${e.top}`);
    }
    for (const a of authorChecks(engine.engine, qrels)) {
      if (!a.met)
        failures.push(
          `author "${a.query}": ${a.got ? `${a.got.name}, ${a.got.papers} papers` : "not found"}`,
        );
    }
  } finally {
    engine.close();
  }

  if (values["write-baseline"]) {
    const written = writeBaseline({ test: ours.test.ndcg, dev: ours.dev.ndcg });
    notes.push(`wrote ${BASELINE_PATH}: test ${written.test}, dev ${written.dev}`);
  } else {
    const baseline = readBaseline();
    const ok = withinBudget(ours.test.ndcg, baseline);
    notes.push(
      `gate: own test nDCG@10 ${f3(ours.test.ndcg)} against baseline ${baseline.test} − ${GATE.testBudget}: ${ok ? "ok" : "MISS"}`,
    );
    if (!ok)
      failures.push(
        `own test nDCG@10 ${f3(ours.test.ndcg)} is more than ${GATE.testBudget} under ${baseline.test}`,
      );
  }
}

try {
  const started = performance.now();
  const sets = (values.sets ?? "").split(",").filter((s) => s !== "");
  const dataDir = values.data ?? defaultDataDir();
  for (const set of sets) {
    if (set === "own") await runOwn();
    else await runBeir(set, dataDir);
  }
  const header = `${"set (queries)".padEnd(18)} ${"engine".padEnd(12)} nDCG@10  R@100       p50 ms  p99 ms  no hit`;
  const lines = [
    header,
    ...[...rows.values()].flat(),
    "",
    ...notes,
    "",
    ...failures.map((failure) => `MISS ${failure}`),
  ];
  lines.push(
    failures.length === 0 ? "The gate holds." : "The gate fails.",
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  process.stdout.write(`${lines.join("\n")}\n`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  process.stderr.write(`eval: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
