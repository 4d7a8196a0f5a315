import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openStateDatabase } from "../../src/state/database.js";
import { createSeenEvents } from "../../src/state/seen-events.js";

const hour = 60 * 60 * 1000;

describe("createSeenEvents", () => {
  it("says yes to a key once, also across a restart and a second instance", () => {
    const path = join(mkdtempSync(join(tmpdir(), "paperbot-seen-")), "paperbot.db");
    let now = 0;
    const a = openStateDatabase(path);
    const b = openStateDatabase(path);
    const first = createSeenEvents(a, () => now);
    const second = createSeenEvents(b, () => now);
    expect(first.claim("Ev1")).toBe(true);
    expect(first.claim("Ev1")).toBe(false);
    expect(second.claim("Ev1")).toBe(false);
    expect(second.claim("Ev2")).toBe(true);
    a.close();
    now = hour;
    const reopened = createSeenEvents(openStateDatabase(path), () => now);
    expect(reopened.claim("Ev2")).toBe(false);
    b.close();
  });

  it("forgets keys older than a day, so the table does not grow forever", () => {
    const db = openStateDatabase(join(mkdtempSync(join(tmpdir(), "paperbot-seen-")), "paperbot.db"));
    let now = 0;
    const seen = createSeenEvents(db, () => now);
    for (let i = 0; i < 50; i++) seen.claim(`old${i}`);
    now = 25 * hour;
    expect(seen.claim("new")).toBe(true);
    expect(db.prepare("SELECT COUNT(*) FROM seen_events").pluck().get()).toBe(1);
    expect(seen.claim("old1")).toBe(true);
  });
});
