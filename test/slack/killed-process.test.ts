import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type BotProcess, httpModeEnv, startBotProcess } from "../helpers/bot-process.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { eventBody, postSigned, slashCommandBody } from "../helpers/signed-request.js";

let slack: FakeSlackApi;
let dataDir = "";
const bots: BotProcess[] = [];

const botOn = (name: string, stateFile: string) => {
  const bot = startBotProcess({
    name,
    env: httpModeEnv({ botToken: "xoxb-9-9-killedprocess", apiUrl: slack.apiUrl, dataDir, stateFile }),
  });
  bots.push(bot);
  return bot;
};

beforeAll(async () => {
  slack = await startFakeSlackApi();
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-killed-"));
});

afterAll(async () => {
  for (const bot of bots) await bot.stop("SIGKILL");
  await slack.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** When the outbox's one entry may be taken up again by a process that does not know its holder is gone. */
function leaseEndIn(stateFile: string): number {
  const state = new Database(join(dataDir, stateFile), { readonly: true });
  const waiting = state.prepare("SELECT next_at FROM outbox").pluck().all();
  state.close();
  expect(waiting).toHaveLength(1);
  return Number(waiting[0]);
}

describe("a process killed with an answer in flight", () => {
  it("leaves it to the next process on this host, which sends it at once, not after the dead one's lease", async () => {
    const first = botOn("first bot", "command.db");
    const port = await first.ready;
    const path = "/killed-mid-send";
    // Slack holds the first try open: the answer is in the outbox, the process's attempt under way, when it dies.
    slack.fail(path, { hang: true });
    const acked = await postSigned(
      `http://127.0.0.1:${port}/slack/events`,
      slashCommandBody({ text: "reward models", responseUrl: slack.responseUrl(path) }),
      "application/x-www-form-urlencoded",
    );
    expect(acked.status).toBe(200);
    await vi.waitFor(() => expect(slack.callsOf(path)).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await first.stop("SIGKILL");
    // Without knowing its holder dead, the next process would wait until then (a lease: 90 s by default).
    const leaseEnd = leaseEndIn("command.db");
    expect(leaseEnd).toBeGreaterThan(Date.now() + 30_000);

    botOn("next bot", "command.db");
    await vi.waitFor(() => expect(slack.responses(path)).toHaveLength(1), { timeout: 120_000, interval: 20 });
    expect(Date.now()).toBeLessThan(leaseEnd);
    expect(JSON.stringify(slack.responses(path)[0])).toMatch(/reward/i);
  }, 180_000);

  it("a mention's answer hanging in its post: the next process looks in the thread, then posts it once", async () => {
    const first = botOn("first bot", "mention.db");
    const port = await first.ready;
    const channel = "C0KILLED";
    slack.fail("chat.postMessage", { hang: true });
    const event = { type: "app_mention", user: "U0ASKER", text: "<@U0BOT> RLHF", ts: "1.000100", channel };
    const acked = await postSigned(
      `http://127.0.0.1:${port}/slack/events`,
      eventBody({ eventId: "EvKilled1", event: { ...event, event_ts: event.ts } }),
      "application/json",
    );
    expect(acked.status).toBe(200);
    const posts = () => slack.callsOf("chat.postMessage").filter((call) => call.args.channel === channel);
    await vi.waitFor(() => expect(posts()).toHaveLength(1), { timeout: 30_000, interval: 20 });
    await first.stop("SIGKILL");
    const leaseEnd = leaseEndIn("mention.db");
    expect(leaseEnd).toBeGreaterThan(Date.now() + 30_000);

    botOn("next bot", "mention.db");
    const answers = () => slack.messages.filter((message) => message.channel === channel);
    await vi.waitFor(() => expect(answers()).toHaveLength(1), { timeout: 120_000, interval: 20 });
    expect(Date.now()).toBeLessThan(leaseEnd);
    expect(JSON.stringify(answers()[0])).toMatch(/RLHF/);
  }, 180_000);
});
