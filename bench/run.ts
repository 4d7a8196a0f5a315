import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { queriesPathFor, readQuerySet, writeSyntheticCorpus } from "./corpus-files.js";
import { ENGINE_NAMES, type EngineName } from "./engines.js";
import type { RestartMeasurement } from "./measure-restart.js";
import { type EngineMeasurement, RESULT_PREFIX } from "./measurement.js";
import { optionsOf } from "./options.js";
import {
  FIRST_KNOWN,
  kindsTableOf,
  pairedOf,
  pairedTableOf,
  type Row,
  slackLinesOf,
  tableOf,
  targetsOf,
} from "./report.js";
import type { SlackPathMeasurement } from "./slack-path.js";
import { compareStarts } from "./starts.js";
import { GENERATOR_VERSION } from "./synthetic/corpus.js";

const USAGE =
  "usage: npm run bench -- [--sizes 1000,10000] [--full] [--queries N] [--known N] [--seed S]\n" +
  "       [--engines ours,plain] [--no-slack] [--slack-rate 20] [--slack-seconds 30] [--search-workers N]\n" +
  "       npm run bench -- --start seeds|bib [--baseline ROOT] [--papers 100000] [--rounds 1]\n" +
  "       [--dir AUTHOR_FILES --query-file QUERIES.json]";
const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));
const MEASURE_ENGINE = fileURLToPath(new URL("./measure-engine.ts", import.meta.url));
const MEASURE_RESTART = fileURLToPath(new URL("./measure-restart.ts", import.meta.url));

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
  if (cold.source !== "built") return { error: "the first start found an index in an emptied cache folder" };
  const measured = restartInChild(dir, cacheDir);
  if ("error" in measured) return measured;
  return { ms: measured.ms, rssMB: measured.rssMB, source: measured.source, coldMs: cold.ms };
}

async function main(): Promise<void> {
  const parsed = optionsOf("bench", {
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
      start: { type: "string" },
      papers: { type: "string", default: "100000" },
      rounds: { type: "string", default: "1" },
      baseline: { type: "string" },
      dir: { type: "string" },
      "query-file": { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  const { values } = parsed;
  if (values.start === "seeds" || values.start === "bib") {
    await compareStarts({
      format: values.start,
      papers: Number(values.papers),
      seed: values.seed,
      rounds: Number(values.rounds),
      ...(values.baseline === undefined ? {} : { baseline: values.baseline }),
      ...(values.dir === undefined ? {} : { dir: values.dir }),
      ...(values["query-file"] === undefined ? {} : { queries: values["query-file"] }),
    });
    return;
  }
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
