import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStateDatabase, StateDatabaseError } from "../../src/state/database.js";
import { latestSchemaVersion } from "../../src/state/migrations.js";
import { listSubscriptions, readSubscription, saveSubscription } from "../../src/state/subscriptions.js";

const tempDir = () => mkdtempSync(join(tmpdir(), "paperbot-state-"));

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

describe("openStateDatabase", () => {
  it("creates the folder and the database on first start, with WAL and the latest schema", () => {
    const path = join(tempDir(), "nested", "deeper", "paperbot.db");
    const db = openStateDatabase(path);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(latestSchemaVersion);
    expect(listSubscriptions(db)).toEqual([]);
    db.close();
  });

  it("migrates an existing empty file", () => {
    const path = join(tempDir(), "empty.db");
    writeFileSync(path, "");
    const db = openStateDatabase(path);
    expect(db.pragma("user_version", { simple: true })).toBe(latestSchemaVersion);
    saveSubscription(db, subscription);
    db.close();
  });

  it("keeps what was stored across a reopen and does not migrate twice", () => {
    const path = join(tempDir(), "paperbot.db");
    const first = openStateDatabase(path);
    saveSubscription(first, subscription);
    first.close();
    const second = openStateDatabase(path);
    expect(readSubscription(second, "C123")).toEqual(subscription);
    second.close();
  });

  it("refuses a file of garbage bytes with a typed error and leaves the file as it was", () => {
    const path = join(tempDir(), "paperbot.db");
    const garbage = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 37 + 11) % 256));
    writeFileSync(path, garbage);
    let caught: unknown;
    try {
      openStateDatabase(path);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StateDatabaseError);
    expect((caught as StateDatabaseError).problem).toBe("corrupt");
    expect((caught as StateDatabaseError).message).toContain(path);
    expect(readFileSync(path).equals(garbage)).toBe(true);
  });

  it("refuses a database written by a newer version instead of guessing", () => {
    const path = join(tempDir(), "paperbot.db");
    const db = openStateDatabase(path);
    db.pragma(`user_version = ${latestSchemaVersion + 5}`);
    db.close();
    expect(() => openStateDatabase(path)).toThrow(expect.objectContaining({ problem: "too-new" }));
  });

  it("reports a path it cannot create as unreadable", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "file"), "x");
    expect(() => openStateDatabase(join(dir, "file", "paperbot.db"))).toThrow(
      expect.objectContaining({ problem: "unreadable" }),
    );
  });

  it("rejects a stored row that does not parse rather than returning nonsense", () => {
    const db = openStateDatabase(join(tempDir(), "paperbot.db"));
    saveSubscription(db, subscription);
    db.prepare("UPDATE subscriptions SET weekdays = '[9]'").run();
    expect(() => readSubscription(db, "C123")).toThrow();
    db.close();
  });
});
