import nock from "nock";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countDailyResults, createMetrics, dailyOutcomeOf } from "../../src/ops/metrics.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import type { DailyPostResult } from "../../src/schedule/daily-post.js";
import { startDailyScheduler } from "../../src/schedule/daily-scheduler.js";
import { freshStates } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf } from "../schedule/helpers.js";

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe("daily post metrics", () => {
  const freshState = freshStates("sqlite");

  it("name each protocol outcome sent, failed (tried again later) or skipped", () => {
    expect(["posted"].map(dailyOutcomeOf)).toEqual(["sent"]);
    expect(["failed", "retry-later"].map(dailyOutcomeOf)).toEqual(["failed", "failed"]);
    expect(["busy", "paused", "no-papers", "state-unavailable"].map(dailyOutcomeOf)).toEqual(
      Array(4).fill("skipped"),
    );
  });

  it("count what a real scheduler pass did, from the results it returns", async () => {
    const clock = { now: Date.parse("2026-01-02T10:00:00Z") };
    const slack = fakeSlack(() => clock.now);
    slack.nextPosts({ kind: "ok" }, { kind: "error", error: "channel_not_found" });
    const db = await (await freshState()).open();
    const control = createDailyControl(db, {
      now: () => new Date("2026-01-01T12:00:00Z"),
      defaultTimeZone: "UTC",
      index: () => indexOf(["p1", "p2"]),
    });
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    await control.subscribe("C1", { time: "09:00", timeZone: "UTC", weekdays: everyDay }, "bot");
    await control.subscribe("C2", { time: "09:00", timeZone: "UTC", weekdays: everyDay }, "bot");
    const metrics = createMetrics({ processMetrics: false });
    const passes: DailyPostResult[][] = [];
    let timers = 0;
    const scheduler = startDailyScheduler({
      ...dailyDeps(db, clock),
      setTimeout: (run) => {
        // Only the first pass runs; the next one it schedules is left pending.
        if (timers++ === 0) queueMicrotask(run);
        return timers;
      },
      clearTimeout: () => {},
      onPass: (results) => {
        passes.push(results);
        countDailyResults(metrics, results);
      },
    });
    await vi.waitFor(() => expect(passes).toHaveLength(1), { timeout: 10_000 });
    scheduler.stop();
    const text = await metrics.registry.metrics();
    expect(text).toContain('paperbot_daily_posts_total{outcome="sent",reason="posted"} 1');
    expect(text).toContain('paperbot_daily_posts_total{outcome="skipped",reason="paused"} 1');
    expect(slack.messages.filter((m) => m.channel.startsWith("C"))).toHaveLength(1);
  });
});
