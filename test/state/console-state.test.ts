import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import { openSqliteStore } from "../../src/state/open-store.js";
import { offlineConsoleOutput } from "../helpers/console-process.js";
import { setImmutable } from "../helpers/stores.js";

const folders: string[] = [];
const immutable: string[] = [];
afterEach(() => {
  setImmutable(immutable.splice(0), false);
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-console-state-"));
  folders.push(dir);
  return dir;
}

describe("the offline console's state", { timeout: 60_000 }, () => {
  it("keeps daily subscriptions in STATE_PATH like the bot, so they can be tried offline and survive a restart", async () => {
    const dir = tempDir();
    const first = await offlineConsoleOutput(dir, "/paper daily on 08:30 Europe/Berlin weekdays\n");
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Daily paper is on");
    const second = await offlineConsoleOutput(dir, "/paper daily\n/paper stats\n");
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("on weekdays at 08:30 (Europe/Berlin)");
    expect(second.stdout).not.toContain("Saved state");
    expect(second.stderr).toBe("");
  });

  it("a corrupt state file: the console still answers, /paper stats says so, and the file is left byte for byte", async () => {
    const dir = tempDir();
    const path = join(dir, "paperbot.db");
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 53 + 7) % 256));
    writeFileSync(path, garbage);
    const run = await offlineConsoleOutput(
      dir,
      "/paper who analytical engines\n/paper stats\n/paper daily on\n",
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Ada Lovelace");
    expect(run.stdout).toContain("Saved state* is corrupt: answers go on");
    // Tried again in the background (it may be restored from a backup), left as it is meanwhile.
    expect(run.stdout).toContain("Saved state cannot be used right now");
    expect(run.stdout).toContain("Paperbot keeps trying to open it");
    expect(run.stderr).toContain("is corrupt");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it("a state file that opens but cannot be written: answers go on, a new schedule is refused kindly, nothing is written", async () => {
    const dir = tempDir();
    const path = join(dir, "paperbot.db");
    await (await openSqliteStore(path)).close();
    const before = readFileSync(path);
    setImmutable([path], true);
    immutable.push(path);
    const run = await offlineConsoleOutput(
      dir,
      "/paper stats\n/paper daily on 07:00\n/paper who analytical engines\n",
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Saved state* is read-only");
    expect(run.stdout).toContain(MESSAGES.dailyStateUnwritable);
    expect(run.stdout).toContain("Ada Lovelace");
    expect(readFileSync(path).equals(before)).toBe(true);
  });
});
