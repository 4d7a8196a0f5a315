import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { StateUnavailableError } from "../../src/state/errors.js";
import { openSqliteStore } from "../../src/state/open-store.js";
import { latestSchemaVersion } from "../../src/state/schema.js";
import type { StateStore } from "../../src/state/store.js";
import { setImmutable } from "../helpers/stores.js";
import { legacySqliteScript } from "./legacy-schema.js";

const folders: string[] = [];
const stores: StateStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-sqlite-"));
  folders.push(dir);
  return dir;
}

async function opened(path: string): Promise<StateStore> {
  const store = await openSqliteStore(path);
  stores.push(store);
  return store;
}

async function openError(path: string): Promise<StateUnavailableError> {
  try {
    stores.push(await openSqliteStore(path));
  } catch (error) {
    if (error instanceof StateUnavailableError) return error;
    throw error;
  }
  throw new Error("expected the store not to open");
}

const subscription = {
  channelId: "C123",
  time: "09:00",
  timeZone: "Europe/Berlin",
  weekdays: [1, 2, 3, 4, 5],
  enabled: true,
  subscribedBy: "U1",
  activeSince: 1000,
  updatedAt: 1000,
};

function pragma(path: string, name: string): unknown {
  const db = new Database(path, { readonly: true });
  try {
    return db.pragma(name, { simple: true });
  } finally {
    db.close();
  }
}

describe("openSqliteStore", () => {
  it("creates the folder and the file on first start, with WAL and the latest schema", async () => {
    const path = join(tempDir(), "nested", "deeper", "paperbot.db");
    const store = await opened(path);
    expect(await store.subscriptions.list()).toEqual([]);
    expect(store.health()).toEqual({ writable: true });
    expect(pragma(path, "journal_mode")).toBe("wal");
    expect(pragma(path, "user_version")).toBe(latestSchemaVersion);
  });

  it("migrates an existing empty file", async () => {
    const path = join(tempDir(), "empty.db");
    writeFileSync(path, "");
    const store = await opened(path);
    await store.subscriptions.save(subscription);
    expect(pragma(path, "user_version")).toBe(latestSchemaVersion);
  });

  it("upgrades a version 1 file in place, keeping its subscriptions and its answered events", async () => {
    const path = join(tempDir(), "paperbot.db");
    const old = new Database(path);
    for (const step of legacySqliteScript(1)) old.exec(step);
    old.prepare("INSERT INTO seen_events (key, seen_at) VALUES ('event:Ev1', ?)").run(Date.now());
    old
      .prepare(
        "INSERT INTO subscriptions VALUES ('C123', '09:00', 'Europe/Berlin', '[1,2,3,4,5]', 1, NULL, 'U1', 1000, 1000)",
      )
      .run();
    old.close();
    const store = await opened(path);
    expect(await store.subscriptions.get("C123")).toEqual(subscription);
    expect(await store.deliveries.claim("event:Ev1", 1000)).toBe("done");
    expect(await store.deliveries.claim("event:Ev2", 1000)).toBe("mine");
  });

  it("opens a file the code before Kysely left at the latest version, keeping every row, and migrates it no further", async () => {
    const path = join(tempDir(), "paperbot.db");
    const old = new Database(path);
    old.pragma("journal_mode = WAL");
    for (const step of legacySqliteScript(3)) old.exec(step);
    old
      .prepare(
        "INSERT INTO subscriptions VALUES ('C123', '09:00', 'Europe/Berlin', '[1,2,3,4,5]', 1, NULL, 'U1', 1000, 1000)",
      )
      .run();
    old.prepare("INSERT INTO deliveries VALUES ('event:Ev1', 1, NULL, 0, ?)").run(Date.now());
    old.prepare("INSERT INTO follows VALUES ('U1', 'topic', 'reward models', 'Reward models', 5)").run();
    // A daily post being posted when the old process stopped.
    const leaseUntil = Date.now() + 60_000;
    old
      .prepare(
        "INSERT INTO daily_posts VALUES ('C123', '2026-01-02', 'p1', 1, 'posting', 'old-token', ?, 1000, NULL, NULL)",
      )
      .run(leaseUntil);
    old.close();
    const store = await opened(path);
    expect(await store.subscriptions.get("C123")).toEqual(subscription);
    expect(await store.deliveries.claim("event:Ev1", 1000)).toBe("done");
    expect(await store.follows.list("U1")).toEqual([
      { userId: "U1", kind: "topic", target: "reward models", label: "Reward models", createdAt: 5 },
    ]);
    // Its message cannot be told from a new one's by the delivery's key: it is never posted again.
    expect(await store.dailyPosts.get("C123", "2026-01-02")).toMatchObject({
      paperId: "p1",
      state: "unknown",
    });
    expect(pragma(path, "user_version")).toBe(latestSchemaVersion);
  });

  it("keeps what was stored across a reopen and does not migrate twice", async () => {
    const path = join(tempDir(), "paperbot.db");
    const first = await openSqliteStore(path);
    await first.subscriptions.save(subscription);
    await first.close();
    const second = await opened(path);
    expect(await second.subscriptions.get("C123")).toEqual(subscription);
  });

  it("refuses a file of garbage bytes as corrupt and leaves it byte for byte as it was", async () => {
    const path = join(tempDir(), "paperbot.db");
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 37 + 11) % 256));
    writeFileSync(path, garbage);
    const error = await openError(path);
    expect(error.problem).toBe("corrupt");
    expect(error.message).toContain(path);
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it("refuses a file written by a newer version instead of guessing, and leaves it alone", async () => {
    const path = join(tempDir(), "paperbot.db");
    await (await openSqliteStore(path)).close();
    const db = new Database(path);
    db.pragma(`user_version = ${latestSchemaVersion + 5}`);
    db.close();
    const before = readFileSync(path);
    expect((await openError(path)).problem).toBe("too-new");
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("says a clean WAL file on a read-only mount is read-only, not corrupt, and leaves it as it was", async () => {
    const dir = tempDir();
    const path = join(dir, "paperbot.db");
    await (await openSqliteStore(path)).close();
    const before = readFileSync(path);
    setImmutable([path, dir], true);
    try {
      const error = await openError(path);
      expect(error.problem).toBe("read-only");
      expect(error.message).toContain(path);
    } finally {
      setImmutable([path, dir], false);
    }
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it("reports a path it cannot create as unreadable", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, "file"), "x");
    expect((await openError(join(dir, "file", "paperbot.db"))).problem).toBe("unreadable");
  });
});
