import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { type BotProcess, startBotProcess } from "../helpers/bot-process.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import {
  type SocketModeServer,
  slashCommandEnvelope,
  startSocketModeServer,
} from "../helpers/socket-server.js";

const APP_TOKEN = "xapp-1-A0MAIN-1-mainsocketapptoken";
let slack: FakeSlackApi;
let socket: SocketModeServer;
let bot: BotProcess;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "paperbot-main-socket-"));
  socket = await startSocketModeServer();
  slack = await startFakeSlackApi();
  slack.socketUrl = socket.url;
  bot = startBotProcess({
    name: "bot in Socket Mode",
    env: {
      SLACK_BOT_TOKEN: "xoxb-9-9-mainsocketbot",
      SLACK_APP_TOKEN: APP_TOKEN,
      SLACK_API_URL: slack.apiUrl,
      HEALTH_PORT: "0",
      CORPUS_DIR: FIXTURE_CORPUS,
      CACHE_DIR: join(scratch, "cache"),
      STATE_PATH: join(scratch, "state.db"),
      LOG_LEVEL: "info",
    },
  });
});

afterAll(async () => {
  await bot.stop("SIGKILL");
  await socket.close();
  await slack.close();
  rmSync(scratch, { recursive: true, force: true });
});

function slash(envelopeId: string, path: string) {
  socket.send(slashCommandEnvelope(envelopeId, { text: "RLHF", responseUrl: slack.responseUrl(path) }));
}

describe("npm start in Socket Mode", () => {
  it("serves health and metrics on HEALTH_PORT, survives a malformed frame and answers around it", async () => {
    const health = `http://127.0.0.1:${await bot.ready}`;
    await socket.connected();
    expect((await fetch(`${health}/healthz`)).status).toBe(200);
    await vi.waitFor(async () => expect((await fetch(`${health}/readyz`)).status).toBe(200), {
      timeout: 30_000,
    });

    slash("env-main-1", "/commands/main-before");
    socket.send({ type: "events_api", envelope_id: "env-main-bad" });
    slash("env-main-2", "/commands/main-after");
    await vi.waitFor(
      () => {
        expect(slack.responses("/commands/main-before")).toHaveLength(1);
        expect(slack.responses("/commands/main-after")).toHaveLength(1);
      },
      { timeout: 30_000, interval: 50 },
    );
    const metrics = await (await fetch(`${health}/metrics`)).text();
    expect(metrics).toMatch(/paperbot_process_errors_total\{kind="malformed_frame"\} 1/);
    expect(metrics).toMatch(/paperbot_index_papers 4\b/);
    expect(metrics).toContain("nodejs_eventloop_lag_seconds");
    expect(bot.running()).toBe(true);

    expect((await bot.stop("SIGTERM")).code).toBe(0);
    expect(bot.stdout()).not.toContain(APP_TOKEN);
  }, 180_000);
});
