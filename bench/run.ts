import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { queriesPathFor, readQuerySet, writeSyntheticCorpus } from "./corpus-files.js";
import { ENGINE_NAMES, type EngineName } from "./engines.js";
import type { RestartMeasurement } from "./measure-restart.js";
import { type EngineMeasurement, RESULT_PREFIX } from "./measurement.js";
import type { SlackPathMeasurement } from "./slack-path.js";
import { formatNumber, formatTable } from "./stats.js";
import { GENERATOR_VERSION } from "./synthetic/corpus.js";

const USAGE =
  "usage: npm run bench -- [--sizes 1000,10000] [--full] [--queries N] [--seed S] [--engines ours,plain]\n" +
  "       [--no-slack] [--slack-rate 20] [--slack-seconds 30] [--search-workers N]";
const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));
const MEASURE_ENGINE = fileURLToPath(new URL("./measure-engine.ts", import.meta.url));
const MEASURE_RESTART = fileURLToPath(new URL("./measure-restart.ts", import.meta.url));

type Row = EngineMeasurement | { engine: EngineName; papers: number; error: string };

/** The cached corpus for this size and seed, generated when missing or written by an older generator. */
async function corpusFor(
  papers: number,
  seed: string,
  queries: number,
): Promise<{ dir: string; queriesPath: string }> {
  const dir = join(RESULTS_DIR, "corpora", `${papers}-${seed}`);
  const queriesPath = queriesPathFor(dir);
  if (existsSync(queriesPath)) {
    const set = readQuerySet(queriesPath);
    if (set.generator === GENERATOR_VERSION && set.papers === papers && set.topic.length >= queries) {
      return { dir, queriesPath };
    }
  }
  const started = performance.now();
  const written = await writeSyntheticCorpus({ dir, papers, seed, queriesPerKind: Math.max(200, queries) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `generated ${papers} papers in ${written.files} files (${(written.bytes / 1e6).toFixed(1)} MB) in ${seconds} s`,
  );
  return { dir, queriesPath };
}

/** Measures one engine on one corpus in a fresh `node --expose-gc` so memory figures are its own. */
function measureInChild(
  engine: EngineName,
  papers: number,
  dir: string,
  queriesPath: string,
  count: number,
): Row {
  const args = [
    "--expose-gc",
    "--import",
    "tsx",
    MEASURE_ENGINE,
    "--engine",
    engine,
    "--dir",
    dir,
    "--queries",
    queriesPath,
  ];
  const child = spawnSync(process.execPath, [...args, "--count", String(count)], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout?.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
  if (child.status !== 0 || line === undefined) {
    return { engine, papers, error: `exit ${child.status ?? child.signal}` };
  }
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as EngineMeasurement;
}

/** One start of the bot over the corpus in a fresh `node --expose-gc`, with the given cache folder. */
function restartInChild(dir: string, cacheDir: string): RestartMeasurement | { error: string } {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", MEASURE_RESTART, "--dir", dir, "--cache", cacheDir],
    { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" },
  );
  const line = child.stdout?.split("\n").find((text) => text.startsWith(RESULT_PREFIX));
  if (child.status !== 0 || line === undefined) return { error: `exit ${child.status ?? child.signal}` };
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as RestartMeasurement;
}

/** Restart over an unchanged corpus: a first start fills the cache folder, the second is the one measured. */
function measureRestart(papers: number, seed: string, dir: string): EngineMeasurement["restart"] {
  const cacheDir = join(RESULTS_DIR, "cache", `${papers}-${seed}`);
  const warm = restartInChild(dir, cacheDir);
  if ("error" in warm) return warm;
  const measured = restartInChild(dir, cacheDir);
  if ("error" in measured) return measured;
  return { ms: measured.ms, rssMB: measured.rssMB, source: measured.source };
}

function latencyCell(summary: { p50: number; p99: number; max: number } | null): string {
  return summary === null
    ? "n/a"
    : `${formatNumber(summary.p50)}/${formatNumber(summary.p99)}/${formatNumber(summary.max)}`;
}

function tableOf(rows: readonly Row[]): string {
  const header = [
    "engine",
    "papers",
    "parse s",
    "build s",
    "heap MB",
    "index MB",
    "rss MB",
    "file MB",
    "load s",
    "restart s",
    "restart RSS MB",
  ];
  header.push("search ms p50/p99/max", "who ms", "author ms", "MRR@10", "typo MRR", "loop p99 ms");
  return formatTable(
    header,
    rows.map((row) =>
      "error" in row
        ? [row.engine, String(row.papers), row.error]
        : [
            row.engine,
            String(row.papers),
            formatNumber(row.parseMs / 1000, 2),
            formatNumber(row.buildMs / 1000, 2),
            formatNumber(row.heapMB, 0),
            formatNumber(row.indexHeapMB, 0),
            formatNumber(row.rssMB, 0),
            formatNumber(row.snapshot?.mb, 1),
            formatNumber(row.snapshot === null ? undefined : row.snapshot.loadMs / 1000, 2),
            row.restart === undefined || "error" in row.restart
              ? "n/a"
              : formatNumber(row.restart.ms / 1000, 2),
            row.restart === undefined || "error" in row.restart ? "n/a" : formatNumber(row.restart.rssMB, 0),
            latencyCell(row.search),
            latencyCell(row.who),
            latencyCell(row.author),
            formatNumber(row.mrr10, 3),
            formatNumber(row.mrr10Typo, 3),
            formatNumber(row.eventLoopDelay.p99, 1),
          ],
    ),
  );
}

/** Each kind of query on its own, for our engine: where the time goes, and whether any kind is slow. */
function kindsTableOf(rows: readonly Row[]): string {
  const kinds = [
    ["known item", (r: EngineMeasurement) => r.searchKnownItem],
    ["known item, typo", (r: EngineMeasurement) => r.searchTypo],
    ["topic (1-3 common words)", (r: EngineMeasurement) => r.searchTopic],
    ["hostile text", (r: EngineMeasurement) => r.searchHostile],
    ["who", (r: EngineMeasurement) => r.who],
    ["author", (r: EngineMeasurement) => r.author],
    ["more like this", (r: EngineMeasurement) => r.similar],
  ] as const;
  const ours = rows.filter((row): row is EngineMeasurement => !("error" in row) && row.engine === "ours");
  return formatTable(
    ["ours: ms p50/p99/max", ...ours.map((row) => `${row.papers} papers`)],
    kinds.map(([name, pick]) => [name, ...ours.map((row) => latencyCell(pick(row)))]),
  );
}

/** The Slack path in a few lines (every figure is also in latest.json). */
function slackLinesOf(papers: number, slack: SlackPathMeasurement | { error: string }): string[] {
  if ("error" in slack) return [`slack path (${papers} papers): ${slack.error}`];
  const ms = (l: { p50: number; p99: number; max: number }) =>
    `p50 ${formatNumber(l.p50)} ms, p99 ${formatNumber(l.p99)} ms, max ${formatNumber(l.max)} ms`;
  return [
    `slack path (${papers} papers, ${slack.rate} signed /paper requests/s for ${slack.durationSeconds} s, ` +
      `${slack.searchWorkers} search worker${slack.searchWorkers === 1 ? "" : "s"}): ${slack.sent} sent, ` +
      `${slack.acked} acked within 3 s, ${slack.lostAcks} lost, ${slack.lostAnswers} answers lost`,
    `  ack as Slack waits for it (send to ack received): ${ms(slack.ack)}`,
    `  ack in the bot (headers read to response.end):    ${ms(slack.ackServer)}`,
    `  answer at the response_url (send to answer):      ${ms(slack.answer)}`,
    `  event-loop delay p99 ${formatNumber(slack.eventLoopDelay.p99)} ms, max ${formatNumber(slack.eventLoopDelay.max)} ms; ` +
      `GC ${formatNumber(slack.gc.totalMs, 0)} ms in all, longest ${formatNumber(slack.gc.maxMs)} ms; ` +
      `load generator late by p99 ${formatNumber(slack.sendLagMs.p99)} ms, max ${formatNumber(slack.sendLagMs.max)} ms`,
    `  RSS after the load ${formatNumber(slack.rssMB, 0)} MB (main thread's heap ${formatNumber(slack.heapMB, 0)} MB)`,
    `  Find related papers (100 chat messages quoting abstracts, one at a time): ${ms(slack.related)}`,
  ];
}

/** The targets at the largest size measured, each with its figure and whether it is met. */
function targetsOf(
  rows: readonly Row[],
  slack: SlackPathMeasurement | { error: string } | undefined,
): string[] {
  const measured = rows.filter((row): row is EngineMeasurement => !("error" in row));
  const largest = Math.max(...measured.map((row) => row.papers));
  const ours = measured.find((row) => row.engine === "ours" && row.papers === largest);
  if (ours === undefined) return [];
  const line = (name: string, figure: string, met: boolean) => `${met ? "met " : "MISS"}  ${name}: ${figure}`;
  const restart = ours.restart !== undefined && !("error" in ours.restart) ? ours.restart : undefined;
  const cold = (ours.parseMs + ours.buildMs) / 1000;
  const lines = [
    `targets at ${largest} papers:`,
    line(
      "restart to ready ≤ 1.5 s",
      restart ? `${formatNumber(restart.ms / 1000, 2)} s` : "n/a",
      (restart?.ms ?? 1e9) <= 1500,
    ),
    line(
      "RSS after restart ≤ 200 MB",
      restart ? `${formatNumber(restart.rssMB, 0)} MB` : "n/a",
      (restart?.rssMB ?? 1e9) <= 200,
    ),
    line("cold start (parse + build) ≤ 20 s", `${formatNumber(cold, 1)} s`, cold <= 20),
    line("search p99 ≤ 50 ms", `${formatNumber(ours.search.p99)} ms`, ours.search.p99 <= 50),
    line(
      "search max ≤ 150 ms (typos included)",
      `${formatNumber(ours.search.max)} ms`,
      ours.search.max <= 150,
    ),
    line("who p99 ≤ 50 ms", `${formatNumber(ours.who?.p99)} ms`, (ours.who?.p99 ?? 1e9) <= 50),
    line("author p99 ≤ 50 ms", `${formatNumber(ours.author?.p99)} ms`, (ours.author?.p99 ?? 1e9) <= 50),
    line("typo MRR@10 ≥ 0.9", formatNumber(ours.mrr10Typo, 3), ours.mrr10Typo >= 0.9),
  ];
  for (const size of [...new Set(measured.map((row) => row.papers))]) {
    const mine = measured.find((row) => row.engine === "ours" && row.papers === size);
    const theirs = measured.find((row) => row.engine === "plain" && row.papers === size);
    if (mine && theirs) {
      const figure = `${formatNumber(mine.mrr10, 3)} vs ${formatNumber(theirs.mrr10, 3)}`;
      lines.push(line(`known-item MRR@10 ≥ plain MiniSearch at ${size}`, figure, mine.mrr10 >= theirs.mrr10));
    }
  }
  if (slack !== undefined && !("error" in slack)) {
    const figure = `p99 ${formatNumber(slack.ack.p99, 0)} ms, ${slack.lostAcks} lost`;
    lines.push(
      line(
        `signed /paper acks at ${slack.rate}/s p99 ≤ 100 ms, none lost`,
        figure,
        slack.ack.p99 <= 100 && slack.lostAcks === 0,
      ),
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "1000,10000" },
      full: { type: "boolean", default: false },
      queries: { type: "string", default: "100" },
      seed: { type: "string", default: "bench" },
      engines: { type: "string", default: ENGINE_NAMES.join(",") },
      "no-slack": { type: "boolean", default: false },
      "slack-rate": { type: "string", default: "20" },
      "slack-seconds": { type: "string", default: "30" },
      "search-workers": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  const sizes = values.sizes.split(",").map(Number);
  if (values.full && !sizes.includes(100_000)) sizes.push(100_000);
  const queries = Number(values.queries);
  const engines = values.engines
    .split(",")
    .filter((name): name is EngineName => ENGINE_NAMES.includes(name as EngineName));
  if (
    values.help ||
    sizes.some((n) => !Number.isInteger(n) || n < 1) ||
    !Number.isInteger(queries) ||
    queries < 1 ||
    engines.length === 0
  ) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }

  const rows: Row[] = [];
  for (const papers of sizes) {
    const { dir, queriesPath } = await corpusFor(papers, values.seed, queries);
    for (const engine of engines) {
      console.error(`measuring ${engine} on ${papers} papers …`);
      const row = measureInChild(engine, papers, dir, queriesPath, queries);
      if (engine === "ours" && !("error" in row)) {
        console.error(`measuring a restart of ours on ${papers} papers …`);
        row.restart = measureRestart(papers, values.seed, dir);
      }
      rows.push(row);
    }
  }
  console.log(tableOf(rows));
  console.log(`(latencies over ${queries} queries per kind after 5 warm-up queries; heap after a full GC)`);
  console.log(
    "(restart: a fresh process opening the index of the unchanged corpus from a warm cache; RSS after GC)",
  );
  console.log("");
  console.log(kindsTableOf(rows));
  for (const row of rows) {
    if ("error" in row) continue;
    if (row.problems > 0)
      console.log(`warning: ${row.engine}@${row.papers}: the loader reported ${row.problems} problems`);
    if (row.knownItems.unresolvedTargets > 0) {
      console.log(
        `warning: ${row.engine}@${row.papers}: ${row.knownItems.unresolvedTargets} known-item targets not found once`,
      );
    }
  }

  let slack: SlackPathMeasurement | { error: string } | undefined;
  if (!values["no-slack"]) {
    // The Slack path runs over the largest corpus measured: that is where acks are most at risk.
    const papers = Math.max(...sizes);
    const { dir, queriesPath } = await corpusFor(papers, values.seed, queries);
    // loaded only here: it pulls in the whole bot, which must not stop engine-only runs
    const { measureSlackPath } = await import("./slack-path.js");
    const rate = Number(values["slack-rate"]);
    const durationSeconds = Number(values["slack-seconds"]);
    const cacheDir = join(RESULTS_DIR, "cache", `${papers}-${values.seed}`);
    const workers = values["search-workers"];
    slack = await measureSlackPath({
      corpusDir: dir,
      cacheDir,
      queriesPath,
      rate,
      durationSeconds,
      ...(workers === undefined ? {} : { searchWorkers: Number(workers) }),
    }).catch((error: unknown) => ({
      error: String(error),
    }));
    for (const line of slackLinesOf(papers, slack)) console.log(line);
  }
  console.log("");
  for (const line of targetsOf(rows, slack)) console.log(line);
  console.log(
    `(machine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")})`,
  );

  mkdirSync(RESULTS_DIR, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    seed: values.seed,
    generator: GENERATOR_VERSION,
    queriesPerKind: queries,
    results: rows,
    ...(slack === undefined ? {} : { slack }),
  };
  writeFileSync(join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${join(RESULTS_DIR, "latest.json")}`);
}

await main();
