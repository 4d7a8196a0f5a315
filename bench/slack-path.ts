import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import type { AutocannonResult } from "autocannon";
import { loadIndex } from "../src/index/loader.js";
import { createLogger } from "../src/logger.js";
import { startSlackApp } from "../src/slack/start.js";
import { createMemoryDeliveryLedger } from "../src/state/memory-delivery-ledger.js";
import { readQuerySet } from "./corpus-files.js";
import type { SlackLoad } from "./slack-load.js";
import { createRandom } from "./synthetic/random.js";

export interface SlackPathOptions {
  corpusDir: string;
  /** CACHE_DIR for the index, as the bot uses it (a warm one makes this a restart). */
  cacheDir: string;
  queriesPath: string;
  /** Requests per second; 20 unless given. */
  rate?: number;
  /** Seconds of load; 30 unless given. */
  durationSeconds?: number;
}

/** `/paper` under steady load through the real HTTP receiver (times in ms). */
export interface SlackPathMeasurement {
  papers: number;
  rate: number;
  durationSeconds: number;
  sent: number;
  /** HTTP 2xx acks: Slack shows an error for any request not acked within 3 s. */
  acked: number;
  ack: { p50: number; p99: number; max: number };
  /** Requests that failed: connection errors, 10 s timeouts or a non-2xx status (Slack would show an error). */
  lostAcks: number;
  /** Includes the timeouts. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Still unanswered when the load stopped (neither acked nor lost). */
  inFlightAtEnd: number;
  /** Acked requests whose answer never reached the response_url. */
  lostAnswers: number;
  eventLoopDelay: { p99: number; max: number };
  /** The bot process's resident memory once the load is over (the index loaded as main.ts loads it). */
  rssMB: number;
}

const SIGNING_SECRET = "bench-signing-secret";
const DRAIN_MS = 5000;

function listening(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A stand-in for slack.com on loopback: every Web API call succeeds; response_url posts are counted. */
async function startFakeSlack(): Promise<{
  port: number;
  answers: () => number;
  close: () => Promise<void>;
}> {
  let answers = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.url?.startsWith("/respond/")) answers++;
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  const port = await listening(server);
  return {
    port,
    answers: () => answers,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Runs the load generator in its own process (bench/slack-load.ts) and returns autocannon's result. */
function loadFromChildProcess(load: SlackLoad): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(new URL("./slack-load.ts", import.meta.url)), JSON.stringify(load)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out) as AutocannonResult)
        : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

/** The texts users would type after `/paper`: searches, who and author questions from the query set. */
function commandTexts(queriesPath: string): string[] {
  const set = readQuerySet(queriesPath);
  return [
    ...set.knownItem.map((entry) => entry.query),
    ...set.topic,
    ...set.who.map((topic) => `who ${topic}`),
    ...set.author.map((entry) => `author ${entry.query}`),
  ];
}

/**
 * Signed `/paper` slash commands through the real Bolt HTTP receiver on loopback, at a fixed rate,
 * with Slack's Web API and response_url faked on loopback too.
 */
export async function measureSlackPath(options: SlackPathOptions): Promise<SlackPathMeasurement> {
  const rate = options.rate ?? 20;
  const durationSeconds = options.durationSeconds ?? 30;
  // Loaded exactly as main.ts does (snapshot, else a worker build), so the heap under load is the bot's own.
  const { index } = await loadIndex({
    corpusDir: options.corpusDir,
    cacheDir: options.cacheDir,
    logger: createLogger("silent"),
    build: "worker",
  });
  const texts = createRandom("slack-path").shuffle(commandTexts(options.queriesPath));
  const slack = await startFakeSlack();
  const random = createRandom("bot");
  const app = await startSlackApp({
    mode: {
      kind: "http",
      botToken: "xoxb-bench",
      signingSecret: SIGNING_SECRET,
      port: 0,
      limits: { requestTimeoutMs: 10_000, headersTimeoutMs: 5_000, maxConnections: 1024 },
    },
    bot: { index: () => index, random: random.next, now: () => new Date(), defaultTimeZone: "UTC" },
    adminUsers: [],
    ledger: createMemoryDeliveryLedger(Date.now, 60_000),
    logger: createLogger("silent"),
    corpusLoaded: () => true,
    slackApiUrl: `http://127.0.0.1:${slack.port}/api/`,
    retries: 0,
    identity: { botId: "BBENCH", botUserId: "UBENCH" },
    listen: { host: "127.0.0.1", port: 0 },
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  try {
    delay.enable();
    const load: SlackLoad = {
      port: app.port ?? 0,
      fakeSlackPort: slack.port,
      signingSecret: SIGNING_SECRET,
      texts,
      rate,
      durationSeconds,
    };
    const result = await loadFromChildProcess(load);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    delay.disable();
    const acked = result["2xx"];
    return {
      papers: index.stats().papers,
      rate,
      durationSeconds,
      sent: result.requests.sent,
      acked,
      ack: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      lostAcks: result.errors + result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      inFlightAtEnd: Math.max(
        0,
        result.requests.sent - acked - result.errors - result.timeouts - result.non2xx,
      ),
      lostAnswers: Math.max(0, acked - slack.answers()),
      eventLoopDelay: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      rssMB: process.memoryUsage().rss / (1024 * 1024),
    };
  } finally {
    await app.stop();
    await slack.close();
  }
}
