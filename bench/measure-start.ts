// The bot as a user meets it: `npm start` in a process of its own over a copy of a corpus folder, timed from the
// spawn to /readyz 200: with an empty cache (cold), after a clean stop (SIGTERM), after a kill -9 right after ready;
// then RSS of the whole process after signed `/paper` at a steady rate (Slack's side: bench/slack-load.ts); then the
// answers' times under the same load while a changed corpus file makes the bot rebuild its index (a reload).
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readQuerySet } from "./corpus-files.js";
import { optionsOf } from "./options.js";
import { loadFromChildProcess } from "./slack-path.js";
import { percentile } from "./stats.js";

const SIGNING_SECRET = "bench-signing-secret";
/** A cold start at 100,000 papers took over 120 s on this shared machine at load 20, the baseline's too. */
const READY_WITHIN_MS = 600_000;
const MB = 1024;

export interface StartMeasurement {
  /** Where `npm start` ran: a checkout (this one, or a baseline). */
  root: string;
  coldMs: number;
  cleanRestartMs: number;
  crashRestartMs: number;
  /** RSS of the bot's process (every thread) right after ready, and after the load. */
  readyRssMB: number;
  loadedRssMB: number;
  /** `askedAgain`: answers that said the search stopped (a worker died) and to ask again. */
  load: { rate: number; seconds: number; sent: number; acked: number; answered: number; askedAgain: number };
  /** Answers under the same load, a corpus file changed RELOAD_CHANGE_MS in: most of them while the index is rebuilt. */
  reload: {
    seconds: number;
    sent: number;
    answered: number;
    askedAgain: number;
    answerMs: { p50: number; p90: number; p99: number; max: number };
  };
}

/** How long into the reload's load a corpus file changes, and how long that load lasts (a build at 100,000: ~40 s). */
const RELOAD_CHANGE_MS = 5000;
const RELOAD_LOAD_SECONDS = 50;
/** Past the loader's margin (STAMP_MARGIN_MS) for files changed right before a start. */
const STAMPS_SETTLE_MS = 3000;

/** slack.com's Web API on loopback: auth.test says who the bot is, everything else is ok. */
async function fakeWebApi(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      const identity = { user_id: "UBENCH", bot_id: "BBENCH", team_id: "TBENCH", user: "paperbot" };
      const body = request.url?.includes("auth.test") ? { ok: true, ...identity } : { ok: true };
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/`, close: () => server.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The node process `npm start` runs (npm and its shell are not the bot). */
function botPidOf(npm: ChildProcess): number | undefined {
  const children = (pid: number): number[] => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const queue = [npm.pid ?? 0];
  while (queue.length > 0) {
    const pid = queue.shift() ?? 0;
    const command = (() => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8");
      } catch {
        return "";
      }
    })();
    // node, its flags (npm start's heap settings), then the script.
    const [program = "", ...args] = command.split("\0");
    if (program.endsWith("node") && args.some((arg) => arg.endsWith("bin/start.js"))) return pid;
    queue.push(...children(pid));
  }
  return undefined;
}

function rssMBOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / MB;
}

interface Started {
  npm: ChildProcess;
  pid: number | undefined;
  ms: number;
  exited: Promise<void>;
}

/** `npm start` with `env`; resolves once /readyz answers 200 (rejects if it exits first or after READY_WITHIN_MS). */
async function start(root: string, env: Record<string, string>, port: number): Promise<Started> {
  const began = performance.now();
  const npm = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  npm.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => npm.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (performance.now() - began < READY_WITHIN_MS) {
    if (gone) throw new Error(`the bot exited before it was ready: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return { npm, pid: botPidOf(npm), ms: performance.now() - began, exited };
    await sleep(25);
  }
  throw new Error(`the bot was not ready within ${READY_WITHIN_MS / 1000} s`);
}

async function stop(started: Started, signal: NodeJS.Signals): Promise<void> {
  if (started.pid !== undefined) process.kill(started.pid, signal);
  await started.exited;
}

/** Every figure of StartMeasurement for the checkout at `root`, with a cache and a state file of its own. */
export async function measureStarts(options: {
  root: string;
  corpusDir: string;
  queriesPath: string;
  port: number;
  rate?: number;
  seconds?: number;
}): Promise<StartMeasurement> {
  const rate = options.rate ?? 20;
  const seconds = options.seconds ?? 30;
  const work = mkdtempSync(join(tmpdir(), "paperbot-start-"));
  // A copy: the reload below changes a file of it. Files changed (ctime too) within 2 s of the read that stamps them
  // look changed again at the next start, which would reload them: the first start waits that long.
  const corpusDir = join(work, "corpus");
  cpSync(options.corpusDir, corpusDir, { recursive: true });
  await sleep(STAMPS_SETTLE_MS);
  const api = await fakeWebApi();
  const env = {
    SLACK_BOT_TOKEN: "xoxb-bench",
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: api.url,
    PORT: String(options.port),
    CORPUS_DIR: corpusDir,
    CACHE_DIR: join(work, "cache"),
    STATE_PATH: join(work, "state.sqlite"),
    LOG_LEVEL: "warn",
  };
  try {
    const cold = await start(options.root, env, options.port);
    await stop(cold, "SIGTERM");
    const clean = await start(options.root, env, options.port);
    await stop(clean, "SIGKILL");
    const crashed = await start(options.root, env, options.port);
    const readyRssMB = rssMBOf(crashed.pid);
    const set = readQuerySet(options.queriesPath);
    // Topics, who, and papers remembered by a word or two, half of them misspelt, as people type them.
    const texts = [
      ...set.topic,
      ...set.who.map((topic) => `who ${topic}`),
      ...set.knownItem.map((item) => item.query),
    ];
    const load = { port: options.port, signingSecret: SIGNING_SECRET, texts, rate, drainMs: 5000 };
    const result = await loadFromChildProcess({ ...load, durationSeconds: seconds });
    const loadedRssMB = rssMBOf(crashed.pid);
    const reloading = loadFromChildProcess({ ...load, durationSeconds: RELOAD_LOAD_SECONDS });
    await sleep(RELOAD_CHANGE_MS);
    // A paper added to one file, as an editor saves it: the watcher reloads after its quiet period.
    const [file = ""] = readdirSync(corpusDir).filter(
      (name) => name.endsWith(".bib") || name.endsWith(".txt"),
    );
    const added = file.endsWith(".bib")
      ? "\n@article{benchreload,\n  title = {Reload latency},\n  author = {Ann Reload},\n  abstract = {We time answers while the index is rebuilt.},\n}\n"
      : "\n\nAnn Reload, Bo Chen et al.\n\nWe time answers while the index is rebuilt.\n";
    appendFileSync(join(corpusDir, file), added);
    const reloaded = await reloading;
    const answers = reloaded.answerMs;
    await stop(crashed, "SIGTERM");
    return {
      root: options.root,
      coldMs: cold.ms,
      cleanRestartMs: clean.ms,
      crashRestartMs: crashed.ms,
      readyRssMB,
      loadedRssMB,
      load: {
        rate,
        seconds,
        sent: result.sent,
        acked: result.ackMs.length,
        answered: result.answerMs.length,
        askedAgain: result.askedAgain,
      },
      reload: {
        seconds: RELOAD_LOAD_SECONDS,
        sent: reloaded.sent,
        answered: answers.length,
        askedAgain: reloaded.askedAgain,
        answerMs: {
          p50: percentile(answers, 50),
          p90: percentile(answers, 90),
          p99: percentile(answers, 99),
          max: Math.max(0, ...answers),
        },
      },
    };
  } finally {
    api.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = optionsOf("bench:start", {
    options: {
      dir: { type: "string" },
      queries: { type: "string" },
      baseline: { type: "string" },
      port: { type: "string", default: "38123" },
      rate: { type: "string", default: "20" },
      seconds: { type: "string", default: "30" },
    },
  });
  if (!values.dir || !values.queries)
    throw new Error("usage: measure-start --dir CORPUS --queries FILE [--baseline ROOT]");
  const roots = [
    fileURLToPath(new URL("..", import.meta.url)),
    ...(values.baseline ? [values.baseline] : []),
  ];
  for (const root of roots) {
    const measured = await measureStarts({
      root,
      corpusDir: values.dir,
      queriesPath: values.queries,
      port: Number(values.port),
      rate: Number(values.rate),
      seconds: Number(values.seconds),
    });
    process.stdout.write(`${JSON.stringify(measured)}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
