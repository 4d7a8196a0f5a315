import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { startDailyScheduler } from "../../src/schedule/daily-scheduler.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates, storeKinds } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf } from "./helpers.js";

const minute = 60_000;

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

/** A setTimeout stand-in: timers wait until the test fires them. */
function manualTimers() {
  const pending: { id: number; run: () => void; ms: number }[] = [];
  const cleared: unknown[] = [];
  let waiter: (() => void) | undefined;
  let id = 0;
  return {
    pending,
    cleared,
    setTimeout: (run: () => void, ms: number) => {
      id += 1;
      pending.push({ id, run, ms });
      waiter?.();
      return id;
    },
    clearTimeout: (handle: unknown) => void cleared.push(handle),
    /** Fires the oldest timer and resolves once the pass it started has set the next one. */
    async fire(): Promise<number> {
      const timer = pending.shift();
      if (!timer) throw new Error("no timer pending");
      const next = new Promise<void>((resolve) => {
        waiter = resolve;
      });
      timer.run();
      await next;
      return timer.ms;
    },
  };
}

describe.each(storeKinds)("startDailyScheduler on the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("sleeps until the next run, posts at it, then waits for the next day's", async () => {
    const clock = { now: Date.parse("2026-01-02T07:30:00Z") };
    const slack = fakeSlack(() => clock.now);
    const db = await (await freshState()).open();
    await createDailyControl(db, {
      now: () => new Date("2026-01-01T12:00:00Z"),
      defaultTimeZone: "UTC",
      index: () => indexOf(["p1", "p2"]),
    }).subscribe("C1", { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] }, "U1");
    const timers = manualTimers();
    const scheduler = startDailyScheduler({
      ...dailyDeps(db, clock),
      ...timers,
      maxWaitMs: 24 * 60 * minute,
    });

    expect(await timers.fire()).toBe(0);
    expect(slack.messages).toHaveLength(0);
    expect(timers.pending[0]?.ms).toBe(30 * minute);

    clock.now += 30 * minute;
    await timers.fire();
    expect(slack.channelMessages("C1")).toHaveLength(1);
    expect(timers.pending[0]?.ms).toBe(24 * 60 * minute);

    scheduler.stop();
    expect(timers.cleared).toEqual([timers.pending[0]?.id]);
  });

  it("checks again within maxWaitMs even when the next run is far away, so new subscriptions are noticed", async () => {
    const clock = { now: Date.parse("2026-01-02T07:30:00Z") };
    fakeSlack(() => clock.now);
    const db = await (await freshState()).open();
    const timers = manualTimers();
    const scheduler = startDailyScheduler({ ...dailyDeps(db, clock), ...timers });
    await timers.fire();
    expect(timers.pending[0]?.ms).toBe(minute);
    scheduler.stop();
  });

  it("while state cannot be written it posts nothing and says so once, then posts once writes work again", async () => {
    const clock = { now: Date.parse("2026-01-02T08:00:00Z") };
    const slack = fakeSlack(() => clock.now);
    const state = await freshState();
    const db = await state.open();
    await createDailyControl(db, {
      now: () => new Date("2026-01-01T12:00:00Z"),
      defaultTimeZone: "UTC",
      index: () => indexOf(["p1", "p2"]),
    }).subscribe("C1", { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] }, "U1");
    await state.breakWrites();
    const { logger, entries } = capturedLogger();
    const timers = manualTimers();
    const scheduler = startDailyScheduler({ ...dailyDeps(db, clock, { logger }), ...timers });
    for (let pass = 0; pass < 4; pass++) {
      await timers.fire();
      clock.now += minute;
    }
    expect(slack.channelMessages("C1")).toEqual([]);
    const said = () =>
      entries.filter((l) => l.level >= 30 && /daily posts (paused|resumed)/.test(l.msg)).map((l) => l.msg);
    expect(said()).toEqual(["daily posts paused: state cannot be written"]);
    expect(entries.filter((l) => l.level >= 50)).toEqual([]);
    await state.mendWrites();
    await timers.fire();
    expect(slack.channelMessages("C1")).toHaveLength(1);
    expect(said()).toEqual([
      "daily posts paused: state cannot be written",
      "daily posts resumed: state can be written again",
    ]);
    scheduler.stop();
  });
});
