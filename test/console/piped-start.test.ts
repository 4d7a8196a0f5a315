import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIPED_SEPARATOR } from "../../src/console/repl.js";
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
  it("answers each piped line under the line it answers, apart from the next, and exits 0", async () => {
    const run = await runOffline("/paper who reward models\n@paperbot author Alan Turing\n");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [first = "", second = "", ...more] = run.stdout.split(`${PIPED_SEPARATOR}\n`);
    expect(more).toEqual([]);
    expect(first.startsWith("> /paper who reward models\n")).toBe(true);
    expect(first).toContain("Ada Lovelace");
    expect(second.startsWith("> @paperbot author Alan Turing\n")).toBe(true);
    expect(second).toContain("*Alan Turing*");
    expect(run.stdout).not.toContain("paperbot>");
  });

  it("starts with one human line, not a JSON log, unless LOG_FORMAT=json", async () => {
    const human = await runOffline("", { LOG_LEVEL: "info" });
    expect(human.code).toBe(0);
    expect(human.stderr).toMatch(/^4 papers from test\/fixtures\/slack-corpus\/ in \d+\.\d\d? s\n$/);
    const json = await runOffline("", { LOG_LEVEL: "info", LOG_FORMAT: "json" });
    expect(JSON.parse(json.stderr.trim())).toMatchObject({
      papers: 4,
      msg: expect.stringMatching(/^4 papers from/),
    });
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
