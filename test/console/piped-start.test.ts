import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_CORPUS } from "../helpers/bot.js";

// The index cache and the console's state go to a folder of this file's own, not the project's data/.
let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-console-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm start`'s command with no Slack tokens and the given stdin; resolves with what it printed. */
function runOffline(stdin: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn("npx", ["tsx", "src/main.ts"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        // Set but empty: dotenv keeps them, so a developer's .env cannot switch this run to Slack.
        SLACK_BOT_TOKEN: "",
        SLACK_APP_TOKEN: "",
        SLACK_SIGNING_SECRET: "",
        CORPUS_DIR: FIXTURE_CORPUS,
        LOG_LEVEL: "warn",
        CACHE_DIR: join(dataDir, "cache"),
        STATE_PATH: join(dataDir, "paperbot.db"),
        ...env,
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

// Each case starts a fresh `npx tsx` process: slow to boot on a busy machine, so generous limits.
describe("npm start without tokens", { timeout: 60_000 }, () => {
  it("answers each piped line and exits 0", async () => {
    const run = await runOffline("/paper who reward models\n@paperbot author Alan Turing\n");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Ada Lovelace");
    expect(run.stdout).toContain("Alan Turing");
    expect(run.stdout).not.toContain("paperbot>");
  });

  it("exits 1 with one line naming a bad setting", async () => {
    const run = await runOffline("", { LOG_LEVEL: "chatty" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("LOG_LEVEL");
    expect(run.stderr).not.toContain("chatty");
  });

  it("exits 1 with a clear line when the corpus folder is missing", async () => {
    const run = await runOffline("", { CORPUS_DIR: "test/fixtures/no-such-folder" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^paperbot: could not start: .+\n$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
