import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { type BotProcess, startBotProcess } from "../helpers/bot-process.js";

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
let bot: BotProcess;
// The bot's index cache and state go to a folder of this file's own, not the project's data/.
let dataDir = "";

beforeAll(async () => {
  api = await startFakeWebApi();
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-main-"));
  bot = startBotProcess({
    name: "bot in HTTP mode",
    env: {
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
});

afterAll(async () => {
  await bot.stop("SIGKILL");
  await new Promise((resolve) => api.server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start in HTTP mode", () => {
  it("checks the token against SLACK_API_URL, serves /healthz, reloads on SIGHUP and stops on SIGTERM", async () => {
    const port = await bot.ready;
    expect(api.calls[0]).toBe(`POST /api/auth.test Bearer ${BOT_TOKEN}`);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    process.kill(bot.pid, "SIGHUP");
    await vi.waitFor(() => expect(bot.logs().some((l) => l.msg === "corpus reloaded")).toBe(true), {
      timeout: 60_000,
      interval: 100,
    });

    expect((await bot.stop("SIGTERM")).code).toBe(0);
    expect(bot.stdout()).not.toContain(BOT_TOKEN);
    expect(bot.stdout()).not.toContain("main-test-signing-secret");
  }, 180_000);
});
