// `npm run bench -- --start seeds|bib [--baseline ROOT] [--papers N] [--rounds N] [--dir D --queries F]`: the bot as
// a user meets it (bench/measure-start.ts: npm start to /readyz 200 cold, after a clean stop, after a kill -9; RSS
// after 30 s of signed /paper at 20 a second; answers at that rate while a changed file makes it reload), ours and the baseline checkout alternated in one run, each figure
// with the load average it was taken at (the machine is shared: compare the two columns, not runs).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSyntheticCorpus } from "./corpus-files.js";
import { measureStarts, type StartMeasurement } from "./measure-start.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));

export interface StartsOptions {
  format: "seeds" | "bib";
  papers: number;
  seed: string;
  rounds: number;
  baseline?: string;
  /** An existing author-file corpus and its query set, instead of generating one. */
  dir?: string;
  queries?: string;
}

/** The corpus folder to start over: the author files, or one .bib of the same papers beside them. */
async function corpusOf(options: StartsOptions): Promise<{ dir: string; queriesPath: string }> {
  let dir = options.dir;
  let queriesPath = options.queries;
  if (dir === undefined || queriesPath === undefined) {
    dir = join(RESULTS_DIR, "corpora", `${options.papers}-${options.seed}`);
    queriesPath = `${dir}.queries.json`;
    if (!existsSync(queriesPath))
      await writeSyntheticCorpus({ dir, papers: options.papers, seed: options.seed, queriesPerKind: 200 });
  }
  if (options.format === "seeds") return { dir, queriesPath };
  const bibDir = `${dir.replace(/\/$/, "")}-bib`;
  const bib = join(bibDir, "library.bib");
  if (!existsSync(bib)) {
    mkdirSync(bibDir, { recursive: true });
    const made = spawnSync(
      process.execPath,
      ["--import", "tsx", join(ROOT, "bench/generate-bib.ts"), "--from", dir, "--out", bib],
      { stdio: "inherit" },
    );
    if (made.status !== 0) throw new Error("could not write the .bib corpus");
  }
  return { dir: bibDir, queriesPath };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

function lineOf(label: string, measured: StartMeasurement, loadBefore: string): string {
  const { coldMs, cleanRestartMs, crashRestartMs, readyRssMB, loadedRssMB, load: sent, reload } = measured;
  const { p50, p90, p99, max } = reload.answerMs;
  return (
    `${label.padEnd(9)} cold ${seconds(coldMs)} | clean restart ${seconds(cleanRestartMs)} | kill -9 restart ` +
    `${seconds(crashRestartMs)} | RSS ready ${readyRssMB.toFixed(0)} MB, after load ${loadedRssMB.toFixed(0)} MB ` +
    `(${sent.answered}/${sent.sent} answered, ${sent.askedAgain} "ask again") | during a reload: answers p50 ` +
    `${p50.toFixed(0)} p90 ${p90.toFixed(0)} p99 ${p99.toFixed(0)} max ${max.toFixed(0)} ms ` +
    `(${reload.answered}/${reload.sent}, ${reload.askedAgain} "ask again") | ` +
    `load average ${loadBefore} → ${load()}`
  );
}

export async function compareStarts(options: StartsOptions): Promise<void> {
  const { dir, queriesPath } = await corpusOf(options);
  const roots: [string, string][] = [["ours", ROOT]];
  if (options.baseline !== undefined) roots.push(["baseline", options.baseline]);
  console.log(`${options.format} corpus ${dir}, ${options.papers} papers`);
  for (let round = 0; round < options.rounds; round++) {
    for (const [label, root] of roots) {
      const before = load();
      // A baseline from before .bib files were read cannot start on that corpus: said, and the run goes on.
      const measured = await measureStarts({ root, corpusDir: dir, queriesPath, port: 38123 }).catch(
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      console.log(
        typeof measured === "string"
          ? `${label.padEnd(9)} ${measured.trim()}`
          : lineOf(label, measured, before),
      );
    }
  }
}
