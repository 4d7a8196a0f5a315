import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";

let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-console-preview-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The offline console (`npm start` without tokens) with these lines piped in, its state in this file's folder. */
function runConsole(stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        SLACK_BOT_TOKEN: "",
        SLACK_APP_TOKEN: "",
        SLACK_SIGNING_SECRET: "",
        CORPUS_DIR: FIXTURE_CORPUS,
        CACHE_DIR: join(dataDir, "cache"),
        STATE_PATH: join(dataDir, "paperbot.db"),
        LOG_LEVEL: "warn",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const previewedId = (stdout: string) => /Paper of the day[\s\S]*?id (\w{7})/.exec(stdout)?.[1];

describe("the daily preview in the offline console", { timeout: 60_000 }, () => {
  it("hints where there is no daily paper, then shows the next post, the same after a restart", async () => {
    const first = await runConsole(
      "/paper daily preview\n/paper daily on 08:30 Europe/Berlin weekdays\nwhat's tomorrow's paper?\n",
    );
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("There is no daily paper in this channel yet");
    expect(first.stdout).toContain("Preview* of the next daily paper in this channel, due");
    expect(first.stdout).toContain("(Europe/Berlin, on weekdays)");
    expect(first.stdout).toMatch(/due \*(?:Mon|Tue|Wed|Thu|Fri) \d+ \w+ \d{4}, 08:30\*/);
    const id = previewedId(first.stdout);
    expect(id).toMatch(/^\w{7}$/);
    const second = await runConsole("/paper daily preview\n");
    expect(previewedId(second.stdout)).toBe(id);
    expect(MESSAGES.dailyPreviewNotSet).toContain("There is no daily paper in this channel yet");
  });
});
