import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { type BotProcess, startBotProcess } from "../helpers/bot-process.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { postSigned, SIGNING_SECRET, slashCommandBody } from "../helpers/signed-request.js";

let slack: FakeSlackApi;
let bot: BotProcess;
let dataDir = "";

beforeAll(async () => {
  slack = await startFakeSlackApi();
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-drain-"));
  bot = startBotProcess({
    name: "bot stopped mid-answer",
    env: {
      SLACK_BOT_TOKEN: "xoxb-5-5-draintoken",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
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
  await slack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a restart (SIGTERM) while an answer is on its way", () => {
  it("sends the answer Slack was told it would get before the process exits", async () => {
    const port = await bot.ready;
    // Slack is slow: the answer's post is held until a second post to that response_url comes.
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
  }, 180_000);
});
