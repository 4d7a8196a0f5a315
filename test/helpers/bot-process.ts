import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { request } from "node:http";
import { join } from "node:path";
import { FIXTURE_CORPUS } from "./bot.js";
import { childEnv } from "./child-env.js";
import { SIGNING_SECRET } from "./signed-request.js";

/** A bot started as `npm start` starts it (node running src/main.ts through tsx), with its output kept. */
export interface BotProcess {
  name: string;
  pid: number;
  /** Its JSON log lines so far. */
  logs(): Record<string, unknown>[];
  /** All it has written to stdout so far. */
  stdout(): string;
  /** The last few thousand characters of stdout and stderr, for failure messages. */
  tail(): string;
  /** Resolves with the port it serves (HTTP mode: Slack's requests and health; Socket Mode: health). */
  ready: Promise<number>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** Sends the signal and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface BotProcessOptions {
  name: string;
  /** The whole environment besides PATH and HOME (no variable of the test runner leaks in). */
  env: Record<string, string>;
  /** How long the start may take before `ready` rejects; default 120 s (a tsx start beside another suite). */
  startTimeoutMs?: number;
}

/** The environment of a bot in HTTP mode over the fixture corpus, its cache and state file in `dataDir`. */
export function httpModeEnv(options: {
  botToken: string;
  apiUrl: string;
  dataDir: string;
  stateFile?: string;
}): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: options.botToken,
    SLACK_APP_TOKEN: "",
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: options.apiUrl,
    PORT: "0",
    CORPUS_DIR: FIXTURE_CORPUS,
    CACHE_DIR: join(options.dataDir, "cache"),
    STATE_PATH: join(options.dataDir, options.stateFile ?? "paperbot.db"),
    LOG_LEVEL: "info",
  };
}

export function startBotProcess(options: BotProcessOptions): BotProcess {
  // node itself, not npm: signals must reach the bot's process, not a wrapper.
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: childEnv(options.env),
  });
  let stdout = "";
  let stderr = "";
  const lines: Record<string, unknown>[] = [];
  let partial = "";
  child.stdout.on("data", (chunk) => {
    const text = String(chunk);
    stdout += text;
    partial += text;
    const complete = partial.split("\n");
    partial = complete.pop() ?? "";
    for (const line of complete) {
      if (!line.startsWith("{")) continue;
      try {
        lines.push(JSON.parse(line));
      } catch {
        // not a log line
      }
    }
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  let alive = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => {
      alive = false;
      resolve({ code, signal });
    }),
  );
  const tail = () => `--- ${options.name} stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-2000)}`;
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      clearInterval(poll);
      reject(new Error(`${options.name} did not start in time\n${tail()}`));
    }, options.startTimeoutMs ?? 120_000);
    const poll = setInterval(() => {
      const started = lines.find((l) => typeof l.port === "number" || typeof l.healthPort === "number");
      if (started !== undefined) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(Number(started.port ?? started.healthPort));
      }
    }, 25);
    void exited.then(({ code, signal }) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${code ?? signal}) before it was ready\n${tail()}`));
    });
  });
  ready.catch(() => undefined); // the caller awaits it; an unawaited rejection must not fail the run
  return {
    name: options.name,
    pid: child.pid ?? -1,
    logs: () => lines,
    stdout: () => stdout,
    tail,
    ready,
    exited,
    running: () => alive,
    stop(signal) {
      if (alive) child.kill(signal);
      return exited;
    },
  };
}

/** One HTTP request on a connection of its own (no keep-alive a clock jump could cut), body as text. */
export function httpRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? "GET", headers: init.headers ?? {}, agent: false, timeout: 10_000 },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += String(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${init.method ?? "GET"} ${url} timed out`)));
    req.on("error", reject);
    req.end(init.body);
  });
}
