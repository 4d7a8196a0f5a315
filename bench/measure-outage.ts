// npm run bench:outage -- [--baseline ROOT] [--windows 5,10,30] [--mentions 4] [--after 75]
//
// Answers through a Slack outage, as a team would count them: the bot as `npm start` runs it (the build in dist/
// when current) in HTTP mode against a loopback Slack whose chat.postMessage returns 500 for a window of seconds.
// At the window's start N signed mentions arrive, each in its own channel; after the window Slack recovers and
// the bot has `--after` seconds more. Counted: channels that got an answer, and any that got two. Each window runs
// against its own bot and Slack, all at once; a baseline checkout is measured the same way in the same run.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeSlackApi, startFakeSlackApi } from "../test/helpers/fake-slack-api.js";
import { eventBody, postSigned, SIGNING_SECRET } from "../test/helpers/signed-request.js";
import { optionsOf } from "./options.js";

const here = resolve(fileURLToPath(import.meta.url), "../..");
const corpusDir = join(here, "test/fixtures/slack-corpus");
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface WindowResult {
  root: string;
  windowSeconds: number;
  mentions: number;
  answered: number;
  doubled: number;
  posts: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function startBot(root: string, env: Record<string, string>, port: number): Promise<ChildProcess> {
  const bot = spawn(process.execPath, ["bin/start.js"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  bot.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const began = Date.now();
  while (Date.now() - began < 120_000) {
    if (bot.exitCode !== null) throw new Error(`the bot at ${root} exited: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return bot;
    await sleep(100);
  }
  bot.kill("SIGKILL");
  throw new Error(`the bot at ${root} was not ready within 120 s`);
}

async function measureWindow(
  root: string,
  windowSeconds: number,
  mentions: number,
  afterSeconds: number,
): Promise<WindowResult> {
  const slack: FakeSlackApi = await startFakeSlackApi();
  const work = mkdtempSync(join(tmpdir(), "paperbot-outage-"));
  const port = await freePort();
  const bot = await startBot(
    root,
    {
      SLACK_BOT_TOKEN: "xoxb-outage-bench",
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      SLACK_API_URL: slack.apiUrl,
      PORT: String(port),
      STATE_PATH: join(work, "state.db"),
      CACHE_DIR: join(work, "cache"),
      CORPUS_DIR: corpusDir,
      LOG_LEVEL: "warn",
    },
    port,
  );
  try {
    const channels = Array.from({ length: mentions }, (_, i) => `C0OUTAGE${windowSeconds}X${i}`);
    slack.outage("chat.postMessage", { status: 500 });
    const outageStarted = Date.now();
    const base = Math.floor(Date.now() / 1000) - 1;
    await Promise.all(
      channels.map((channel, i) => {
        const ts = `${base}.${String(i + 1).padStart(6, "0")}`;
        const event = {
          type: "app_mention",
          user: "U0ASKER",
          text: "<@U0BOT> RLHF",
          ts,
          event_ts: ts,
          channel,
        };
        return postSigned(
          `http://127.0.0.1:${port}/slack/events`,
          eventBody({ eventId: `Ev${channel}`, event }),
          "application/json",
        );
      }),
    );
    await sleep(Math.max(0, outageStarted + windowSeconds * 1000 - Date.now()));
    slack.outage("chat.postMessage");
    await sleep(afterSeconds * 1000);
    const answers = channels.map((channel) => slack.messages.filter((m) => m.channel === channel).length);
    return {
      root,
      windowSeconds,
      mentions,
      answered: answers.filter((n) => n > 0).length,
      doubled: answers.filter((n) => n > 1).length,
      posts: slack.callsOf("chat.postMessage").length,
    };
  } finally {
    bot.kill("SIGTERM");
    await new Promise((done) => bot.once("exit", done));
    await slack.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = optionsOf("bench:outage", {
    options: {
      baseline: { type: "string" },
      windows: { type: "string", default: "5,10,30" },
      mentions: { type: "string", default: "4" },
      after: { type: "string", default: "75" },
    },
  });
  const windows = values.windows.split(",").map(Number);
  const mentions = Number(values.mentions);
  const after = Number(values.after);
  const roots = [here, ...(values.baseline ? [resolve(values.baseline)] : [])];
  const lines: string[] = [];
  for (const root of roots) {
    const results = await Promise.all(windows.map((w) => measureWindow(root, w, mentions, after)));
    for (const r of results) {
      lines.push(
        `${root === here ? "this checkout" : `baseline ${root}`}: ${r.windowSeconds} s of 500s → ` +
          `${r.answered} of ${r.mentions} mentions answered, ${r.doubled} doubled ` +
          `(${r.posts} chat.postMessage calls, ${after} s after Slack recovered)`,
      );
    }
  }
  console.log(lines.join("\n"));
}

await main();
