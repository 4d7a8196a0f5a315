import { describe, expect, it } from "vitest";
import {
  createDailyControl,
  DailyScheduleError,
  ensureStartupSubscription,
  invalidTimeMessage,
  invalidTimeZoneMessage,
} from "../../src/schedule/daily-control.js";
import { insertDailyClaim, markDailyPosted } from "../../src/state/daily-posts.js";
import { openStateDatabase } from "../../src/state/database.js";
import { readSubscription } from "../../src/state/subscriptions.js";
import { indexOf, tempDatabasePath } from "./helpers.js";

const everyDay = [1, 2, 3, 4, 5, 6, 7];

function setup(now = "2026-01-15T10:00:00Z") {
  const db = openStateDatabase(tempDatabasePath());
  const clock = { now: new Date(now) };
  const control = createDailyControl(db, {
    now: () => clock.now,
    defaultTimeZone: "Europe/Berlin",
    index: () => indexOf(["p1", "p2", "p3"]),
  });
  return { db, clock, control };
}

describe("createDailyControl", () => {
  it("subscribes a channel and shows when the next paper comes, in the channel's zone", () => {
    const { control } = setup();
    const view = control.subscribe(
      "C1",
      { time: "08:30", timeZone: "America/New_York", weekdays: everyDay },
      "U1",
    );
    expect(view).toMatchObject({
      channelId: "C1",
      enabled: true,
      time: "08:30",
      timeZone: "America/New_York",
    });
    // 10:00 UTC is 05:00 in New York: today's 08:30 is still ahead.
    expect(view.nextRunAt).toBe("2026-01-15T08:30:00.000-05:00");
    expect(view.recent).toEqual([]);
  });

  it("uses DAILY_TZ when no zone was typed", () => {
    const { control } = setup();
    expect(control.subscribe("C1", { time: "09:00", timeZone: "", weekdays: everyDay }, "U1").timeZone).toBe(
      "Europe/Berlin",
    );
  });

  it("refuses a bad time or an unknown zone with a message meant for the user", () => {
    const { control } = setup();
    expect(() =>
      control.subscribe("C1", { time: "25:00", timeZone: "UTC", weekdays: everyDay }, "U1"),
    ).toThrow(new DailyScheduleError(invalidTimeMessage));
    expect(() =>
      control.subscribe("C1", { time: "09:00", timeZone: "Mars/Olympus", weekdays: everyDay }, "U1"),
    ).toThrow(invalidTimeZoneMessage);
    expect(control.status("C1")).toBeUndefined();
  });

  it("turns off, and shows nothing for a channel that never subscribed", () => {
    const { control } = setup();
    expect(control.unsubscribe("C1")).toBeUndefined();
    control.subscribe("C1", { time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5] }, "U1");
    const off = control.unsubscribe("C1");
    expect(off?.enabled).toBe(false);
    expect(off?.nextRunAt).toBeUndefined();
    expect(control.status("C1")?.enabled).toBe(false);
  });

  it("shows the last papers posted, newest first, skipping ones no longer in the corpus", () => {
    const { db, control } = setup();
    control.subscribe("C1", { time: "09:00", timeZone: "UTC", weekdays: everyDay }, "U1");
    const posts = [
      ["2026-01-12", "p1"],
      ["2026-01-13", "gone"],
      ["2026-01-14", "p3"],
    ] as const;
    for (const [date, paperId] of posts) {
      insertDailyClaim(db, {
        channelId: "C1",
        localDate: date,
        paperId,
        round: 1,
        state: "claimed",
        claimToken: "t",
        leaseUntil: 0,
        claimedAt: 0,
      });
      markDailyPosted(db, "C1", date, "1.0", 1);
    }
    expect(control.status("C1")?.recent.map((r) => [r.date, r.paper.id])).toEqual([
      ["2026-01-14", "p3"],
      ["2026-01-12", "p1"],
    ]);
  });
});

describe("ensureStartupSubscription", () => {
  it("adds DAILY_CHANNEL once, with DAILY_TIME and DAILY_TZ, and leaves a later `/paper daily off` alone", () => {
    const { db, control } = setup();
    const now = new Date("2026-01-15T10:00:00Z");
    expect(
      ensureStartupSubscription(db, { channelId: "C9", time: "07:45", timeZone: "Asia/Tokyo" }, now),
    ).toBe(true);
    expect(readSubscription(db, "C9")).toMatchObject({
      time: "07:45",
      timeZone: "Asia/Tokyo",
      enabled: true,
    });
    control.unsubscribe("C9");
    expect(
      ensureStartupSubscription(db, { channelId: "C9", time: "07:45", timeZone: "Asia/Tokyo" }, now),
    ).toBe(false);
    expect(readSubscription(db, "C9")?.enabled).toBe(false);
  });

  it("defaults to 09:00 UTC every day", () => {
    const { db } = setup();
    ensureStartupSubscription(db, { channelId: "C9" }, new Date("2026-01-15T10:00:00Z"));
    expect(readSubscription(db, "C9")).toMatchObject({ time: "09:00", timeZone: "UTC", weekdays: everyDay });
  });

  it("refuses a bad DAILY_TZ loudly instead of posting at a surprising time", () => {
    const { db } = setup();
    expect(() => ensureStartupSubscription(db, { channelId: "C9", timeZone: "Berlin" }, new Date())).toThrow(
      DailyScheduleError,
    );
  });
});
