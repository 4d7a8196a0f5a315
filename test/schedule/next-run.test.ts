import { describe, expect, it } from "vitest";
import { everyDay, latestRunAtOrBefore, nextRunAt } from "../../src/schedule/next-run.js";
import { localDateOf, zonedIso } from "../../src/time-zone.js";

const utc = (iso: string) => new Date(iso);
const iso = (at: Date | undefined) => at?.toISOString().replace(".000Z", "Z");
const daily = (time: string, timeZone: string) => ({ time, timeZone, weekdays: everyDay });

describe("nextRunAt: the time of day in several zones", () => {
  // Each zone's local midnight of 15 Jan 2026, as a UTC instant, and the run that follows it.
  it.each([
    ["UTC", "2026-01-15T00:00:00Z", "2026-01-15T09:00:00Z"],
    ["Europe/Berlin", "2026-01-14T23:00:00Z", "2026-01-15T08:00:00Z"],
    ["America/Los_Angeles", "2026-01-15T08:00:00Z", "2026-01-15T17:00:00Z"],
    ["Asia/Kolkata", "2026-01-14T18:30:00Z", "2026-01-15T03:30:00Z"],
    ["Asia/Kathmandu", "2026-01-14T18:15:00Z", "2026-01-15T03:15:00Z"],
    ["Pacific/Auckland", "2026-01-14T11:00:00Z", "2026-01-14T20:00:00Z"],
  ])("09:00 in %s on 15 Jan 2026 (from local midnight, %s) is %s", (zone, midnight, expected) => {
    expect(localDateOf(utc(midnight), zone)).toBe("2026-01-15");
    expect(iso(nextRunAt(daily("09:00", zone), utc(midnight)))).toBe(expected);
  });

  it("is strictly after: at the run itself the next one is a day later", () => {
    const spec = daily("09:00", "UTC");
    expect(iso(nextRunAt(spec, utc("2026-01-15T09:00:00Z")))).toBe("2026-01-16T09:00:00Z");
    expect(iso(nextRunAt(spec, utc("2026-01-15T08:59:00Z")))).toBe("2026-01-15T09:00:00Z");
  });

  it("skips days that are off: weekdays only from a Friday afternoon goes to Monday", () => {
    const spec = { time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5] };
    expect(iso(nextRunAt(spec, utc("2026-01-16T10:00:00Z")))).toBe("2026-01-19T09:00:00Z");
    expect(runOn(spec, "2026-01-17")).toBeUndefined();
  });

  it("uses the zone's date, not UTC's, for the weekday", () => {
    // 23:30 UTC on Friday is already Saturday in Auckland: the weekday run there is Monday.
    const spec = { time: "09:00", timeZone: "Pacific/Auckland", weekdays: [1, 2, 3, 4, 5] };
    expect(localDateOf(utc("2026-01-16T23:30:00Z"), "Pacific/Auckland")).toBe("2026-01-17");
    expect(iso(nextRunAt(spec, utc("2026-01-16T23:30:00Z")))).toBe("2026-01-18T20:00:00Z");
  });
});

/** Every run from `from` until `until`, as [local date, UTC instant]. */
function runsBetween(
  spec: { time: string; timeZone: string; weekdays: readonly number[] },
  from: string,
  until: string,
) {
  const runs: [string, string][] = [];
  let at = utc(from);
  const end = utc(until);
  for (;;) {
    const run = nextRunAt(spec, at);
    if (run > end) return runs;
    runs.push([localDateOf(run, spec.timeZone), iso(run) ?? ""]);
    at = run;
  }
}

/** The run on a local date, if the schedule has one that day. */
function runOn(spec: { time: string; timeZone: string; weekdays: readonly number[] }, date: string) {
  const day = Date.parse(`${date}T00:00:00Z`);
  const from = new Date(day - 36 * 3600_000).toISOString();
  const until = new Date(day + 36 * 3600_000).toISOString();
  const run = runsBetween(spec, from, until).find(([local]) => local === date)?.[1];
  return run === undefined ? undefined : utc(run);
}

describe("daylight saving changes of 2026", () => {
  it("Europe/Berlin, 29 Mar: 02:30 does not exist and runs when the clocks jump to 03:00", () => {
    expect(
      runsBetween(daily("02:30", "Europe/Berlin"), "2026-03-27T12:00:00Z", "2026-03-31T12:00:00Z"),
    ).toEqual([
      ["2026-03-28", "2026-03-28T01:30:00Z"],
      ["2026-03-29", "2026-03-29T01:00:00Z"],
      ["2026-03-30", "2026-03-30T00:30:00Z"],
      ["2026-03-31", "2026-03-31T00:30:00Z"],
    ]);
  });

  it("Europe/Berlin, 25 Oct: 02:30 happens twice on the wall clock but runs once", () => {
    const runs = runsBetween(daily("02:30", "Europe/Berlin"), "2026-10-23T12:00:00Z", "2026-10-27T12:00:00Z");
    expect(runs.map(([date]) => date)).toEqual(["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"]);
    const oct25 = runs[1]?.[1];
    expect(["2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z"]).toContain(oct25);
    expect(runs[0]?.[1]).toBe("2026-10-24T00:30:00Z");
    expect(runs[2]?.[1]).toBe("2026-10-26T01:30:00Z");
  });

  it("Europe/Berlin: 09:00 keeps its wall-clock time across both changes", () => {
    const spec = daily("09:00", "Europe/Berlin");
    expect(iso(runOn(spec, "2026-03-28"))).toBe("2026-03-28T08:00:00Z");
    expect(iso(runOn(spec, "2026-03-29"))).toBe("2026-03-29T07:00:00Z");
    expect(iso(runOn(spec, "2026-10-24"))).toBe("2026-10-24T07:00:00Z");
    expect(iso(runOn(spec, "2026-10-25"))).toBe("2026-10-25T08:00:00Z");
  });

  it("America/New_York, 8 Mar: 02:30 runs at 03:00 EDT, and 09:00 stays 09:00", () => {
    expect(
      runsBetween(daily("02:30", "America/New_York"), "2026-03-07T00:00:00Z", "2026-03-09T23:00:00Z"),
    ).toEqual([
      ["2026-03-07", "2026-03-07T07:30:00Z"],
      ["2026-03-08", "2026-03-08T07:00:00Z"],
      ["2026-03-09", "2026-03-09T06:30:00Z"],
    ]);
    const spec = daily("09:00", "America/New_York");
    expect(iso(runOn(spec, "2026-03-07"))).toBe("2026-03-07T14:00:00Z");
    expect(iso(runOn(spec, "2026-03-08"))).toBe("2026-03-08T13:00:00Z");
  });

  it("America/New_York, 1 Nov: 01:30 happens twice but runs once", () => {
    const runs = runsBetween(
      daily("01:30", "America/New_York"),
      "2026-10-31T00:00:00Z",
      "2026-11-02T23:00:00Z",
    );
    expect(runs.map(([date]) => date)).toEqual(["2026-10-31", "2026-11-01", "2026-11-02"]);
    expect(["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"]).toContain(runs[1]?.[1]);
    expect(runs[2]?.[1]).toBe("2026-11-02T06:30:00Z");
  });

  it("a half-hour shift (Lord Howe, 4 Oct 2026: 02:00 → 02:30) runs at the first valid instant", () => {
    expect(iso(runOn(daily("02:15", "Australia/Lord_Howe"), "2026-10-04"))).toBe("2026-10-03T15:30:00Z");
  });
});

describe("zonedIso", () => {
  it("writes the zone's wall clock with its offset, half hours and negative offsets included", () => {
    expect(zonedIso(utc("2026-01-15T03:30:00Z"), "Asia/Kolkata")).toBe("2026-01-15T09:00:00.000+05:30");
    expect(zonedIso(utc("2026-01-15T12:00:00.250Z"), "America/St_Johns")).toBe(
      "2026-01-15T08:30:00.250-03:30",
    );
    expect(zonedIso(utc("2026-07-01T00:00:00Z"), "UTC")).toBe("2026-07-01T00:00:00.000+00:00");
  });
});

describe("latestRunAtOrBefore", () => {
  it("is today's run once it has passed, else yesterday's", () => {
    const spec = daily("09:00", "Europe/Berlin");
    expect(latestRunAtOrBefore(spec, utc("2026-01-15T08:00:00Z"))?.localDate).toBe("2026-01-15");
    expect(latestRunAtOrBefore(spec, utc("2026-01-15T07:59:00Z"))?.localDate).toBe("2026-01-14");
  });

  it("finds last Friday's run on a weekend for a weekdays schedule", () => {
    const spec = { time: "09:00", timeZone: "UTC", weekdays: [1, 2, 3, 4, 5] };
    expect(latestRunAtOrBefore(spec, utc("2026-01-18T12:00:00Z"))?.localDate).toBe("2026-01-16");
  });
});
