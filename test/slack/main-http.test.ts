import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_CORPUS } from "../helpers/bot.js";

const BOT_TOKEN = "xoxb-9-9-mainbottoken";

/** A loopback Web API that knows auth.test, reached through SLACK_API_URL. */
function startFakeWebApi(): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ ok: true, user_id: "U0BOT", bot_id: "B0BOT", team_id: "T0TEST", user: "paperbot" }),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, calls, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/` }),
    ),
  );
}

let api: Awaited<ReturnType<typeof startFakeWebApi>>;
let child: ChildProcessWithoutNullStreams;
let stdout = "";
let exit: Promise<number | null>;
// The bot's index cache and state go to a folder of this file's own, not the project's data/.
let dataDir = "";

beforeAll(async () => {
  api = await startFakeWebApi();
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-main-"));
  // node itself, not npx: signals must reach the bot's process, not a wrapper.
  child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_APP_TOKEN: "",
      SLACK_SIGNING_SECRET: "main-test-signing-secret",
      SLACK_API_URL: api.url,
      PORT: "0",
      CORPUS_DIR: FIXTURE_CORPUS,
      CACHE_DIR: join(dataDir, "cache"),
      STATE_PATH: join(dataDir, "paperbot.db"),
      LOG_LEVEL: "info",
    },
  });
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  exit = new Promise((resolve) => child.on("close", (code) => resolve(code)));
});

afterAll(async () => {
  child.kill("SIGKILL");
  await exit;
  await new Promise((resolve) => api.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const logLines = () =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("npm start in HTTP mode", () => {
  it("checks the token against SLACK_API_URL, serves /healthz, reloads on SIGHUP and stops on SIGTERM", async () => {
    await vi.waitFor(() => expect(logLines().some((l) => typeof l.port === "number")).toBe(true), {
      timeout: 40_000,
      interval: 100,
    });
    expect(api.calls[0]).toBe(`POST /api/auth.test Bearer ${BOT_TOKEN}`);
    const port = logLines().find((l) => typeof l.port === "number")?.port;
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    child.kill("SIGHUP");
    await vi.waitFor(() => expect(logLines().some((l) => l.msg === "corpus reloaded")).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });

    child.kill("SIGTERM");
    expect(await exit).toBe(0);
    expect(stdout).not.toContain(BOT_TOKEN);
    expect(stdout).not.toContain("main-test-signing-secret");
  }, 90_000);
});
