import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/state/open-store.js";
import { childEnv } from "../helpers/child-env.js";
import { childOutput } from "../helpers/console-process.js";

/*
 * Issue 38, item 5, as operators meet it: a clean SQLite state file (WAL mode, closed cleanly, so no -wal or
 * -shm beside it) on a read-only mount when the bot starts. A bind mount of the state's folder, remounted
 * read-only in a mount namespace of the child's own (a user namespace too when not root), so nothing is left
 * mounted whatever happens; the child remounts it writable itself while it runs.
 */

const isRoot = process.getuid?.() === 0;
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What the child does: open the state on the read-only mount, report, make it writable, report, write. */
function driverSource(stateDir: string): string {
  const src = (path: string) => JSON.stringify(resolve("src", path));
  return `
import { execFileSync } from "node:child_process";
import { createLogger } from ${src("logger.ts")};
import { openState, subscribeDailyChannel } from ${src("start/state.ts")};

const say = (what, value) => process.stdout.write(JSON.stringify({ what, value }) + "\\n");
// The bot's server keeps its process alive; here, while the store's unref'd retries run, this does.
const alive = setInterval(() => {}, 1000);
const logger = createLogger("warn", process.stderr);
const state = await openState({ statePath: ${JSON.stringify(join(stateDir, "paperbot.db"))} }, logger, {
  firstWaitMs: 20,
  maxWaitMs: 100,
});
say("at start", state.status());
execFileSync("mount", ["-o", "remount,bind,rw", ${JSON.stringify(stateDir)}]);
await new Promise((opened) => state.whenConnected(opened));
say("once writable", state.status());
const config = { dailyChannel: "C0RO", dailyTime: "09:00", dailyTimeZone: "UTC" };
await subscribeDailyChannel(state.store, config, new Date("2026-01-05T08:00:00Z"), logger);
say("subscribed", (await state.store.subscriptions.get("C0RO"))?.channelId ?? null);
await state.store.close();
clearInterval(alive);
`;
}

describe("a clean SQLite state file on a read-only mount at start", { timeout: 60_000 }, () => {
  it("is named read-only, not corrupt; once the mount is writable the same process uses it", async () => {
    const root = mkdtempSync(join(tmpdir(), "paperbot-ro-state-"));
    scratch.push(root);
    const stateDir = join(root, "state");
    mkdirSync(stateDir);
    // A clean file: opened (WAL mode, migrations applied) and closed.
    await (await openSqliteStore(join(stateDir, "paperbot.db"))).close();
    const driver = join(root, "driver.mts");
    writeFileSync(driver, driverSource(stateDir));
    const script = [
      'mount --bind "$STATE_DIR" "$STATE_DIR" && mount -o remount,bind,ro "$STATE_DIR" || exit 97',
      'exec "$@"',
    ].join("\n");
    const namespace = isRoot ? ["unshare", "--mount"] : ["unshare", "--map-root-user", "--mount"];
    const [command = "unshare", ...args] = [
      ...namespace,
      "sh",
      "-c",
      script,
      "sh",
      process.execPath,
      "--import",
      "tsx",
      driver,
    ];
    const run = await childOutput(spawn(command, args, { env: childEnv({ STATE_DIR: stateDir }) }));

    expect(run.code, run.stderr).toBe(0);
    const said = Object.fromEntries(
      run.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { what: string; value: unknown })
        .map(({ what, value }) => [what, value]),
    );
    expect(said["at start"]).toMatchObject({ writable: false, problem: "read-only", reconnecting: true });
    expect(run.stderr).not.toContain("corrupt");
    expect(said["once writable"]).toEqual({ writable: true });
    expect(said.subscribed).toBe("C0RO");
  });
});
