import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { queriesPathFor, readQuerySet, writeSyntheticCorpus } from "./corpus-files.js";
import { ENGINE_NAMES, type EngineName } from "./engines.js";
import type { RestartMeasurement } from "./measure-restart.js";
import { type EngineMeasurement, RESULT_PREFIX } from "./measurement.js";
import type { SlackPathMeasurement } from "./slack-path.js";
import { formatNumber, formatTable, type PairedComparison, pairedComparison } from "./stats.js";
import { GENERATOR_VERSION } from "./synthetic/corpus.js";
import { createRandom } from "./synthetic/random.js";

const USAGE =
  "usage: npm run bench -- [--sizes 1000,10000] [--full] [--queries N] [--known N] [--seed S]\n" +
  "       [--engines ours,plain] [--no-slack] [--slack-rate 20] [--slack-seconds 30] [--search-workers N]";
/** Known-item queries the table's first MRR figure is over (the count earlier runs used): kept for comparison. */
const FIRST_KNOWN = 50;
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
    const enough = set.topic.length >= queries && set.knownItem.length >= 2 * Math.min(queries, papers);
    if (set.generator === GENERATOR_VERSION && set.papers === papers && enough) {
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
  known: number,
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
  const child = spawnSync(process.execPath, [...args, "--count", String(count), "--known", String(known)], {
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

/** Restart over an unchanged corpus: a first start, from an empty cache folder, fills it; the second opens it. */
function measureRestart(papers: number, seed: string, dir: string): EngineMeasurement["restart"] {
  const cacheDir = join(RESULTS_DIR, "cache", `${papers}-${seed}`);
  rmSync(cacheDir, { recursive: true, force: true });
  const cold = restartInChild(dir, cacheDir);
  if ("error" in cold) return cold;
  const measured = restartInChild(dir, cacheDir);
  if ("error" in measured) return measured;
  return { ms: measured.ms, rssMB: measured.rssMB, source: measured.source, coldMs: cold.ms };
}

function latencyCell(summary: { p50: number; p99: number; max: number } | null): string {
  return summary === null
    ? "n/a"
    : `${formatNumber(summary.p50)}/${formatNumber(summary.p99)}/${formatNumber(summary.max)}`;
}

/** MRR over the first known-item queries (NaN entries, whose target is not one paper, left out). */
function firstMrr(ranks: readonly number[], first = FIRST_KNOWN): number {
  const known = ranks.slice(0, first).filter((rank) => !Number.isNaN(rank));
  return known.length === 0 ? Number.NaN : known.reduce((a, b) => a + b, 0) / known.length;
}

/** Ours against plain MiniSearch query by query, at each size: whether the MRR difference is more than chance. */
function pairedOf(
  rows: readonly Row[],
  seed: string,
): { size: number; first: PairedComparison; all: PairedComparison }[] {
  const measured = rows.filter((row): row is EngineMeasurement => !("error" in row));
  return [...new Set(measured.map((row) => row.papers))].flatMap((size) => {
    const mine = measured.find((row) => row.engine === "ours" && row.papers === size);
    const theirs = measured.find((row) => row.engine === "plain" && row.papers === size);
    if (mine === undefined || theirs === undefined) return [];
    const random = createRandom(`${seed}-${size}`).next;
    const [a, b] = [mine.reciprocalRanks.exact, theirs.reciprocalRanks.exact];
    return [
      {
        size,
        first: pairedComparison(a.slice(0, FIRST_KNOWN), b.slice(0, FIRST_KNOWN), random),
        all: pairedComparison(a, b, random),
      },
    ];
  });
}

function pairedTableOf(paired: ReturnType<typeof pairedOf>): string {
  const signed = (n: number) => `${n >= 0 ? "+" : ""}${formatNumber(n, 3)}`;
  return formatTable(
    [
      "known items, ours vs plain",
      "queries",
      "ours",
      "plain",
      "difference",
      "95% interval",
      "ours better",
      "plain better",
    ],
    paired.flatMap(({ size, first, all }) =>
      [first, all].map((c) => [
        `${size} papers`,
        String(c.queries),
        formatNumber(c.mean, 3),
        formatNumber(c.baseline, 3),
        signed(c.difference),
        `${signed(c.interval[0])} to ${signed(c.interval[1])}`,
        String(c.better),
        String(c.worse),
      ]),
    ),
  );
}

function tableOf(rows: readonly Row[]): string {
  const header = [
    "engine",
    "papers",
    "parse s",
    "build s",
    "heap MB",
    "index heap MB",
    "rss MB",
    "file MB",
    "load s",
    "restart s",
    "restart RSS MB",
  ];
  const scored = rows.find((row): row is EngineMeasurement => !("error" in row))?.knownItems.queries ?? 0;
  const mrrs = `${FIRST_KNOWN}/${scored}`;
  header.push("search ms p50/p99/max", "who ms", "author ms", `MRR@10 ${mrrs}`, `typo MRR ${mrrs}`);
  header.push("phrase MRR", "loop p99 ms");
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
            formatNumber(row.indexHeapMB ?? undefined, 0),
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
            `${formatNumber(firstMrr(row.reciprocalRanks.exact), 3)}/${formatNumber(row.mrr10, 3)}`,
            `${formatNumber(firstMrr(row.reciprocalRanks.typo), 3)}/${formatNumber(row.mrr10Typo, 3)}`,
            formatNumber(row.mrr10Phrase, 3),
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
    ["topic by a name", (r: EngineMeasurement) => r.searchByName],
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

/** The issue's targets at the largest size measured, each with its figure and whether it is met. */
function targetsOf(
  rows: readonly Row[],
  paired: ReturnType<typeof pairedOf>,
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
    `      the bot's own cold start, empty CACHE_DIR, reading included: ${restart ? `${formatNumber(restart.coldMs / 1000, 1)} s` : "n/a"}`,
    line("search p99 ≤ 50 ms", `${formatNumber(ours.search.p99)} ms`, ours.search.p99 <= 50),
    line(
      "search max ≤ 150 ms (typos included)",
      `${formatNumber(ours.search.max)} ms`,
      ours.search.max <= 150,
    ),
    line("who p99 ≤ 50 ms", `${formatNumber(ours.who?.p99)} ms`, (ours.who?.p99 ?? 1e9) <= 50),
    line("author p99 ≤ 50 ms", `${formatNumber(ours.author?.p99)} ms`, (ours.author?.p99 ?? 1e9) <= 50),
  ];
  const typoFirst = firstMrr(ours.reciprocalRanks.typo);
  const queries = ours.knownItems.queries;
  lines.push(
    line(`typo MRR@10 ≥ 0.9 (${FIRST_KNOWN} queries)`, formatNumber(typoFirst, 3), typoFirst >= 0.9),
    line(
      `typo MRR@10 ≥ 0.9 (${queries} queries)`,
      `${formatNumber(ours.mrr10Typo, 3)} (the same queries without the typo: ${formatNumber(ours.mrr10, 3)})`,
      ours.mrr10Typo >= 0.9,
    ),
  );
  for (const { size, first, all } of paired) {
    for (const c of [first, all]) {
      const figure = `${formatNumber(c.mean, 3)} vs ${formatNumber(c.baseline, 3)}`;
      const spread = `difference 95% interval ${formatNumber(c.interval[0], 3)} to ${formatNumber(c.interval[1], 3)}`;
      const name = `known-item MRR@10 ≥ plain MiniSearch at ${size} (${c.queries} queries)`;
      lines.push(line(name, `${figure}; ${spread}`, c.mean >= c.baseline));
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
      known: { type: "string", default: "200" },
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
  const known = Number(values.known);
  const engines = values.engines
    .split(",")
    .filter((name): name is EngineName => ENGINE_NAMES.includes(name as EngineName));
  if (
    values.help ||
    sizes.some((n) => !Number.isInteger(n) || n < 1) ||
    !Number.isInteger(queries) ||
    queries < 1 ||
    !Number.isInteger(known) ||
    known < 1 ||
    engines.length === 0
  ) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }

  const rows: Row[] = [];
  for (const papers of sizes) {
    const { dir, queriesPath } = await corpusFor(papers, values.seed, Math.max(queries, known));
    for (const engine of engines) {
      console.error(`measuring ${engine} on ${papers} papers …`);
      const row = measureInChild(engine, papers, dir, queriesPath, queries, known);
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
    "(index heap MB: what the built index holds on the heap, n/a where it lives in its file; file MB: the index\n" +
      " on disk, ours the SQLite file with the papers, plain MiniSearch's JSON; load s: opening or parsing it)",
  );
  console.log(
    "(restart: a fresh process opening the index of the unchanged corpus from a warm cache; RSS after GC)",
  );
  console.log(
    `(MRR@10 a/b: over the first ${FIRST_KNOWN} known-item queries (the rarest words of one paper), as earlier\n` +
      ` runs, and over all ${known}; phrase MRR: the same papers sought by three words in a row taken from them)`,
  );
  console.log("");
  console.log(kindsTableOf(rows));
  const paired = pairedOf(rows, values.seed);
  if (paired.length > 0) {
    console.log("");
    console.log(pairedTableOf(paired));
    console.log("(where the interval spans zero, the queries cannot tell the two engines apart)");
  }
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
  for (const line of targetsOf(rows, paired, slack)) console.log(line);
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
    knownItemQueries: known,
    results: rows,
    paired,
    ...(slack === undefined ? {} : { slack }),
  };
  writeFileSync(join(RESULTS_DIR, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${join(RESULTS_DIR, "latest.json")}`);
}

await main();
