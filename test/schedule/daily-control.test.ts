import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES_DAILY } from "../../src/bot/messages.js";
import {
  createDailyControl,
  DailyScheduleError,
  ensureStartupSubscription,
} from "../../src/schedule/daily-control.js";
import { runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import { freshStates, storeKinds } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf, recordPosted } from "./helpers.js";

const everyDay = [1, 2, 3, 4, 5, 6, 7];

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe.each(storeKinds)("daily commands on the %s store", (kind) => {
  const freshState = freshStates(kind);

  async function setup(now = "2026-01-15T10:00:00Z") {
    const db = await (await freshState()).open();
    const clock = { now: new Date(now) };
    const control = createDailyControl(db, {
      now: () => clock.now,
      defaultTimeZone: "Europe/Berlin",
      index: () => indexOf(["p1", "p2", "p3"]),
    });
    return { db, clock, control };
  }

  describe("createDailyControl", () => {
    it("subscribes a channel and shows when the next paper comes, in the channel's zone", async () => {
      const { control } = await setup();
      const view = await control.subscribe(
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

    it("uses DAILY_TZ when no zone was typed", async () => {
      const { control } = await setup();
      const view = await control.subscribe("C1", { time: "09:00", timeZone: "", weekdays: everyDay }, "U1");
      expect(view.timeZone).toBe("Europe/Berlin");
    });

    it("refuses a bad time or an unknown zone with a message meant for the user", async () => {
      const { control } = await setup();
      await expect(
        control.subscribe("C1", { time: "25:00", timeZone: "UTC", weekdays: everyDay }, "U1"),
      ).rejects.toThrow(new DailyScheduleError(MESSAGES_DAILY.invalidTime));
      await expect(
        control.subscribe("C1", { time: "09:00", timeZone: "Mars/Olympus", weekdays: everyDay }, "U1"),
      ).rejects.toThrow(MESSAGES_DAILY.invalidTimeZone);
      expect(await control.status("C1")).toBeUndefined();
    });

    it("turns off, and shows nothing for a channel that never subscribed", async () => {
      const { control } = await setup();
      expect(await control.unsubscribe("C1")).toBeUndefined();
      await control.subscribe("C1", { time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5] }, "U1");
      const off = await control.unsubscribe("C1");
      expect(off?.enabled).toBe(false);
      expect(off?.nextRunAt).toBeUndefined();
      expect((await control.status("C1"))?.enabled).toBe(false);
    });

    it("shows the last papers posted, newest first, skipping ones no longer in the corpus", async () => {
      const { db, control } = await setup();
      await control.subscribe("C1", { time: "09:00", timeZone: "UTC", weekdays: everyDay }, "U1");
      const posts = [
        ["2026-01-12", "p1"],
        ["2026-01-13", "gone"],
        ["2026-01-14", "p3"],
      ] as const;
      for (const [date, paperId] of posts) await recordPosted(db, "C1", date, paperId);
      expect((await control.status("C1"))?.recent.map((r) => [r.date, r.paper.id])).toEqual([
        ["2026-01-14", "p3"],
        ["2026-01-12", "p1"],
      ]);
    });
  });

  describe("preview", () => {
    it("shows the paper each next daily post brings and when it comes, before it is drawn", async () => {
      const { db, clock, control } = await setup("2026-01-15T10:00:00Z");
      const slack = fakeSlack(() => clock.now.getTime());
      await control.subscribe("C1", { time: "09:00", timeZone: "Europe/Berlin", weekdays: everyDay }, "U1");
      const time = { now: clock.now.getTime() };
      const deps = dailyDeps(db, time, { random: seededRandom(5) });
      for (let day = 0; day < 5; day++) {
        const preview = await control.preview("C1", seededRandom(100 + day));
        // A second look shows the same paper: previewing draws nothing.
        expect((await control.preview("C1", seededRandom(7)))?.paper).toEqual(preview?.paper);
        expect(preview?.title).toBe("Paper of the day");
        const due = preview?.schedule.nextRunAt ?? "";
        expect(due).toBe(`2026-01-${16 + day}T09:00:00.000+01:00`);
        time.now = Date.parse(due) + 60_000;
        clock.now = new Date(time.now);
        await runDueDailyPosts(deps);
        const posted = slack.channelMessages("C1").at(-1)?.metadata?.event_payload;
        expect(posted).toMatchObject({ date: due.slice(0, 10), paper: preview?.paper?.id });
      }
      expect(slack.channelMessages("C1")).toHaveLength(5);
    });

    it("is undefined for a channel that never subscribed, and says a turned-off channel will not post", async () => {
      const { control } = await setup();
      expect(await control.preview("C2", seededRandom(1))).toBeUndefined();
      await control.subscribe("C2", { time: "09:00", timeZone: "UTC", weekdays: everyDay }, "U1");
      await control.unsubscribe("C2");
      const off = await control.preview("C2", seededRandom(1));
      expect(off?.schedule).toMatchObject({ enabled: false });
      expect(off?.schedule.nextRunAt).toBeUndefined();
      expect(off?.paper?.id).toMatch(/^p[123]$/);
    });
  });

  describe("ensureStartupSubscription", () => {
    it("adds DAILY_CHANNEL once, with DAILY_TIME and DAILY_TZ, and leaves a later `/paper daily off` alone", async () => {
      const { db, control } = await setup();
      const now = new Date("2026-01-15T10:00:00Z");
      expect(
        await ensureStartupSubscription(db, { channelId: "C9", time: "07:45", timeZone: "Asia/Tokyo" }, now),
      ).toBe(true);
      expect(await db.subscriptions.get("C9")).toMatchObject({
        time: "07:45",
        timeZone: "Asia/Tokyo",
        enabled: true,
      });
      await control.unsubscribe("C9");
      expect(
        await ensureStartupSubscription(db, { channelId: "C9", time: "07:45", timeZone: "Asia/Tokyo" }, now),
      ).toBe(false);
      expect((await db.subscriptions.get("C9"))?.enabled).toBe(false);
    });

    it("defaults to 09:00 UTC every day", async () => {
      const { db } = await setup();
      await ensureStartupSubscription(db, { channelId: "C9" }, new Date("2026-01-15T10:00:00Z"));
      expect(await db.subscriptions.get("C9")).toMatchObject({
        time: "09:00",
        timeZone: "UTC",
        weekdays: everyDay,
      });
    });

    it("refuses a bad DAILY_TZ loudly instead of posting at a surprising time", async () => {
      const { db } = await setup();
      await expect(
        ensureStartupSubscription(db, { channelId: "C9", timeZone: "Berlin" }, new Date()),
      ).rejects.toThrow(DailyScheduleError);
      expect(await db.subscriptions.get("C9")).toBeUndefined();
    });
  });
});
