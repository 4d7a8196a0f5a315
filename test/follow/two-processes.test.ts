import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recordCorpusChange } from "../../src/follow/announce.js";
import { childEnv } from "../helpers/child-env.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { freshStates } from "../helpers/stores.js";
import {
  corpusFolders,
  dmsOf,
  followDeps,
  GRACE_HOPPER,
  indexOfFolder,
  KATHERINE_JOHNSON,
  shownText,
} from "./helpers.js";

/*
 * Two real bot processes (npm start's main.ts) on one PostgreSQL, both starting on a corpus that grew since
 * the state last saw it, then both reloading on SIGHUP after it grew again: each follower gets exactly one DM
 * per change, whichever process records it and whichever sends it.
 */

interface Bot {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  exit: Promise<number | null>;
}

function startBot(env: Record<string, string>): Bot {
  let out = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    env: childEnv({ TMPDIR: tmpdir(), ...env }),
  });
  child.stdout.on("data", (chunk) => {
    out += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    out += String(chunk);
  });
  return { child, out: () => out, exit: new Promise((resolve) => child.on("close", resolve)) };
}

const listening = (bot: Bot) => /listening for Slack/.test(bot.out());
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("two bot processes on one PostgreSQL", () => {
  const freshState = freshStates("postgres");
  const corpusWith = corpusFolders();
  const running: Bot[] = [];
  const folders: string[] = [];
  let slack: FakeSlackApi | undefined;
  afterEach(async () => {
    for (const bot of running.splice(0)) {
      bot.child.kill("SIGKILL");
      await bot.exit;
    }
    await slack?.close();
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("send each follower one DM per corpus change, at startup and after SIGHUP", async () => {
    const api = await startFakeSlackApi();
    slack = api;
    const state = await freshState();
    const corpus = corpusWith();
    const clock = { now: Date.now() };
    const store = await state.open();
    const base = await indexOfFolder(corpus);
    await recordCorpusChange(followDeps(store, api, clock, () => base).record);
    await store.follows.add({
      userId: "U1",
      kind: "topic",
      target: "reward models",
      label: "reward models",
      createdAt: 1,
    });
    await store.follows.add({
      userId: "U1",
      kind: "author",
      target: "alanturing",
      label: "Alan Turing",
      createdAt: 2,
    });
    await store.follows.add({
      userId: "U2",
      kind: "topic",
      target: "compiler",
      label: "compiler",
      createdAt: 3,
    });
    await store.close();

    writeFileSync(join(corpus, "grace-hopper.txt"), GRACE_HOPPER);
    const bots = ["a", "b"].map((name) => {
      const data = mkdtempSync(join(tmpdir(), `paperbot-two-${name}-`));
      folders.push(data);
      return startBot({
        SLACK_BOT_TOKEN: "xoxb-2-2-twoprocesses",
        SLACK_SIGNING_SECRET: "two-processes-signing-secret",
        SLACK_API_URL: api.apiUrl,
        PORT: "0",
        CORPUS_DIR: corpus,
        CACHE_DIR: join(data, "cache"),
        STATE_URL: state.location,
        LOG_LEVEL: "info",
      });
    });
    running.push(...bots);
    // Two tsx starts side by side take 15 s at load 11 and 50 s or more beside another suite (load 30).
    await vi.waitFor(
      () =>
        expect(bots.every(listening), bots.map((bot) => bot.out().slice(-2000)).join("\n---\n")).toBe(true),
      { timeout: 180_000, interval: 100 },
    );
    await vi.waitFor(() => expect(dmsOf(api, "U1").length + dmsOf(api, "U2").length).toBe(2), {
      timeout: 60_000,
      interval: 100,
    });
    await settle(1500);
    expect(dmsOf(api, "U1")).toHaveLength(1);
    expect(dmsOf(api, "U2")).toHaveLength(1);
    expect(shownText(dmsOf(api, "U1")[0] ?? { channel: "", ts: "" })).toContain("2 new papers");

    writeFileSync(join(corpus, "katherine.txt"), KATHERINE_JOHNSON);
    for (const bot of bots) bot.child.kill("SIGHUP");
    await vi.waitFor(() => expect(dmsOf(api, "U1")).toHaveLength(2), { timeout: 60_000, interval: 100 });
    await vi.waitFor(
      () => expect(bots.every((bot) => bot.out().split("corpus reloaded").length > 1)).toBe(true),
      { timeout: 60_000, interval: 100 },
    );
    await settle(1500);
    expect(dmsOf(api, "U1")).toHaveLength(2);
    expect(dmsOf(api, "U2")).toHaveLength(1);
    expect(shownText(dmsOf(api, "U1")[1] ?? { channel: "", ts: "" })).toContain("1 new paper");

    for (const bot of bots) bot.child.kill("SIGTERM");
    expect(await Promise.all(bots.map((bot) => bot.exit))).toEqual([0, 0]);
    running.splice(0);
  }, 300_000);
});
