import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BotProcess, httpModeEnv, startBotProcess } from "../helpers/bot-process.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { postSigned, SIGNING_SECRET, slashCommandBody } from "../helpers/signed-request.js";

const BOT_TOKEN = "xoxb-9-9-mainbottoken";

let slack: FakeSlackApi;
let bot: BotProcess;
// The bot's index cache and state go to a folder of this file's own, not the project's data/.
let dataDir = "";

beforeAll(async () => {
  slack = await startFakeSlackApi();
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-main-"));
  bot = startBotProcess({
    name: "bot in HTTP mode",
    env: httpModeEnv({ botToken: BOT_TOKEN, apiUrl: slack.apiUrl, dataDir }),
  });
});

afterAll(async () => {
  await bot.stop("SIGKILL");
  await slack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start in HTTP mode", () => {
  it("checks the token against SLACK_API_URL, serves /healthz, reloads on SIGHUP, and on SIGTERM sends the answers in flight, then stops", async () => {
    const port = await bot.ready;
    expect(slack.calls[0]).toMatchObject({ method: "auth.test", authorization: `Bearer ${BOT_TOKEN}` });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    process.kill(bot.pid, "SIGHUP");
    await vi.waitFor(() => expect(bot.logs().some((l) => l.msg === "corpus reloaded")).toBe(true), {
      timeout: 60_000,
      interval: 100,
    });

    // A /paper answer on its way to a slow Slack when the stop comes (a deploy): it goes out before the exit.
    slack.together("/slow", 2);
    const acked = await postSigned(
      `http://127.0.0.1:${port}/slack/events`,
      slashCommandBody({ text: "reward models", responseUrl: slack.responseUrl("/slow") }),
      "application/x-www-form-urlencoded",
    );
    expect(acked.status).toBe(200);
    await vi.waitFor(() => expect(slack.callsOf("/slow")).toHaveLength(1), { timeout: 30_000, interval: 20 });
    const exited = bot.stop("SIGTERM");
    await new Promise((done) => setTimeout(done, 500));
    expect(bot.running()).toBe(true);
    // Slack answers now: the held post completes, the process ends.
    await fetch(slack.responseUrl("/slow"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "release" }),
    });
    expect((await exited).code).toBe(0);
    const answers = slack.responses("/slow").filter((body) => body.text !== "release");
    expect(answers).toHaveLength(1);
    expect(JSON.stringify(answers[0])).toMatch(/reward/i);
    expect(bot.stdout()).not.toContain(BOT_TOKEN);
    expect(bot.stdout()).not.toContain(SIGNING_SECRET);
  }, 180_000);
});
