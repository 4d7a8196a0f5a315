import { spawn } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { relatedAnswer } from "../src/bot/related.js";
import { loadIndex } from "../src/index/loader.js";
import { createLogger } from "../src/logger.js";
import type { SearchIndex } from "../src/search/types.js";
import { startSlackApp } from "../src/slack/start.js";
import { createMemoryDeliveryLedger } from "../src/state/once.js";
import { readQuerySet } from "./corpus-files.js";
import { type SlackLoad, type SlackLoadResult, slackLoadResultSchema } from "./slack-load.js";
import { summarize } from "./stats.js";
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
  /** Search workers; the bot's default unless given. */
  searchWorkers?: number;
}

interface Latency {
  p50: number;
  p99: number;
  max: number;
}

/** `/paper` under steady load through the real HTTP receiver (times in ms). */
export interface SlackPathMeasurement {
  papers: number;
  rate: number;
  durationSeconds: number;
  searchWorkers: number;
  sent: number;
  /** HTTP 2xx acks within Slack's 3 s: Slack shows an error for any request not acked by then. */
  acked: number;
  /** What a Slack user waits for: from the request's send to its ack's arrival, as the load process sees it. */
  ack: Latency;
  /** The same acks timed in the bot's process: from the request's headers read to Bolt's `response.end`. */
  ackServer: Latency;
  /** What a user waits for the results: from the request's send to the answer's arrival at the response_url. */
  answer: Latency;
  /** Requests not acked in time: connection errors, timeouts, another status, or an ack after 3 s. */
  lostAcks: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Acked requests whose answer never reached the response_url. */
  lostAnswers: number;
  eventLoopDelay: { p99: number; max: number };
  /** Garbage collection in the bot's process during the load: total pause, longest pause (main thread). */
  gc: { totalMs: number; maxMs: number };
  /** How late the load generator sent behind its schedule (its own delays). */
  sendLagMs: { p99: number; max: number };
  /** "Find related papers" on 100 chat messages quoting abstracts, one after another, after the load. */
  related: Latency;
  /** The bot process's resident memory once the load is over (search workers included). */
  rssMB: number;
  /** The main thread's JavaScript heap then (used, not collected first). */
  heapMB: number;
}

const SIGNING_SECRET = "bench-signing-secret";
const DRAIN_MS = 5000;
const SLACK_ACK_MS = 3000;
const MB = 1024 * 1024;
const RELATED_MESSAGES = 100;

function listening(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
}

/** A stand-in for slack.com's Web API on loopback (a slash command's answer goes to its response_url). */
async function startFakeWebApi(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: true }));
    });
  });
  const port = await listening(server);
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Runs Slack's side (bench/slack-load.ts) in its own process and returns what it saw. */
export function loadFromChildProcess(load: SlackLoad): Promise<SlackLoadResult> {
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
        ? resolve(slackLoadResultSchema.parse(JSON.parse(out)))
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
 * Times each request to the Slack events path inside this process: from its headers read to Bolt's
 * `response.end` (the ack written to the socket). Not the response's "finish" event: that comes only once the
 * event loop is free again, so it would count whatever blocked the loop right after the ack.
 */
function serverAckTimer(): { times: number[]; stop(): void } {
  const times: number[] = [];
  const onStart = (message: unknown) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if (request.url !== "/slack/events") return;
    const at = performance.now();
    const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
    Object.assign(response, {
      end: (...args: unknown[]) => {
        times.push(performance.now() - at);
        return end(...args);
      },
    });
  };
  subscribe("http.server.request.start", onStart);
  return { times, stop: () => unsubscribe("http.server.request.start", onStart) };
}

/** Garbage-collection pauses of this thread while observed. */
function gcPauses(): { totalMs: () => number; maxMs: () => number; stop(): void } {
  let total = 0;
  let max = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      total += entry.duration;
      max = Math.max(max, entry.duration);
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  return { totalMs: () => total, maxMs: () => max, stop: () => observer.disconnect() };
}

/** Chat messages that quote a paper (a sentence of its abstract, among chat words), as people share them. */
function chatMessagesOf(index: SearchIndex, count: number): string[] {
  const random = createRandom("related");
  const ids = index.paperIds();
  return Array.from({ length: count }, (_, n) => {
    const paper = index.paper(ids[Math.floor(random.next() * ids.length)] ?? "");
    const sentence = paper?.abstract.split(/(?<=\.)\s+/)[n % 3] ?? paper?.headline ?? "";
    return `Hey folks, has anyone read this one? ${sentence} Curious what you think.`;
  });
}

/** How long "Find related papers" takes for each of `count` messages, one after another. */
async function relatedTimes(index: SearchIndex, count: number): Promise<number[]> {
  const deps = { index: () => index, random: Math.random, now: () => new Date(), defaultTimeZone: "UTC" };
  const times: number[] = [];
  for (const text of chatMessagesOf(index, count)) {
    const started = performance.now();
    await relatedAnswer(deps, { userId: "UBENCH", channelId: "CBENCH" }, text);
    times.push(performance.now() - started);
  }
  return times;
}

const latencyOf = (times: readonly number[]): Latency => {
  const { p50, p99, max } = summarize(times);
  return { p50, p99, max };
};

/**
 * Signed `/paper` slash commands through the real Bolt HTTP receiver on loopback, at a fixed rate, from a
 * separate process that also receives the answers (Slack's side), with the bot loaded as main.ts loads it.
 */
export async function measureSlackPath(options: SlackPathOptions): Promise<SlackPathMeasurement> {
  const rate = options.rate ?? 20;
  const durationSeconds = options.durationSeconds ?? 30;
  // Loaded exactly as main.ts does (the stored index, searched by search workers), so the heap is the bot's own.
  const { index } = await loadIndex({
    corpusDir: options.corpusDir,
    cacheDir: options.cacheDir,
    logger: createLogger("silent"),
    build: "process",
    ...(options.searchWorkers === undefined ? {} : { searchWorkers: options.searchWorkers }),
  });
  const texts = createRandom("slack-path").shuffle(commandTexts(options.queriesPath));
  const webApi = await startFakeWebApi();
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
    slackApiUrl: `http://127.0.0.1:${webApi.port}/api/`,
    retries: 0,
    identity: { botId: "BBENCH", botUserId: "UBENCH" },
    listen: { host: "127.0.0.1", port: 0 },
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const server = serverAckTimer();
  const gc = gcPauses();
  try {
    delay.enable();
    const load: SlackLoad = {
      port: app.port ?? 0,
      signingSecret: SIGNING_SECRET,
      texts,
      rate,
      durationSeconds,
      drainMs: DRAIN_MS,
    };
    const result = await loadFromChildProcess(load);
    delay.disable();
    const memory = process.memoryUsage();
    const related = await relatedTimes(index, RELATED_MESSAGES);
    const inTime = result.ackMs.filter((ms) => ms <= SLACK_ACK_MS);
    return {
      papers: index.stats().papers,
      rate,
      durationSeconds,
      searchWorkers: options.searchWorkers ?? 1,
      sent: result.sent,
      acked: inTime.length,
      ack: latencyOf(result.ackMs),
      ackServer: latencyOf(server.times),
      answer: latencyOf(result.answerMs),
      related: latencyOf(related),
      lostAcks: result.sent - inTime.length,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      lostAnswers: result.lostAnswers,
      eventLoopDelay: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 },
      gc: { totalMs: gc.totalMs(), maxMs: gc.maxMs() },
      sendLagMs: result.sendLagMs,
      rssMB: memory.rss / MB,
      heapMB: memory.heapUsed / MB,
    };
  } finally {
    server.stop();
    gc.stop();
    await app.stop();
    await webApi.close();
    await index.close();
  }
}
