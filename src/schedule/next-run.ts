import { DateTime, IANAZone } from "luxon";

export interface ScheduleSpec {
  /** "HH:MM" local time. */
  time: string;
  timeZone: string;
  /** ISO weekdays 1 (Mon) .. 7 (Sun). */
  weekdays: readonly number[];
}

export const everyDay: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

export function isValidTime(time: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
}

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

function dateTimeOf(at: DateTime | Date): DateTime {
  return at instanceof Date ? DateTime.fromJSDate(at) : at;
}

/** The local calendar date ("2026-03-29") of an instant in a zone. */
export function localDateOf(at: DateTime | Date, timeZone: string): string {
  return dateTimeOf(at).setZone(timeZone).toISODate() ?? "";
}

/**
 * The instant the schedule runs on a local date, or undefined when that weekday is off.
 * A time that does not exist that day (spring forward) runs at the first valid instant after it, i.e. the
 * moment the clocks jump; a time that exists twice (autumn) gets one instant, chosen by luxon.
 */
export function scheduledRunOn(spec: ScheduleSpec, localDate: string): DateTime | undefined {
  const day = DateTime.fromISO(localDate, { zone: spec.timeZone });
  if (!day.isValid || !spec.weekdays.includes(day.weekday)) return undefined;
  const [hour, minute] = spec.time.split(":").map(Number);
  const wanted = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: hour ?? 0, minute: minute ?? 0 },
    { zone: "utc" },
  );
  // Walk the wall clock forward a minute at a time until the zone has that wall time: the end of any gap.
  for (let shift = 0; shift <= 24 * 60; shift++) {
    const wall = wanted.plus({ minutes: shift });
    const at = DateTime.fromObject(
      { year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute },
      { zone: spec.timeZone },
    );
    if (at.day === wall.day && at.hour === wall.hour && at.minute === wall.minute) return at;
  }
  return undefined;
}

/** The first run strictly after `after`. */
export function nextRunAt(spec: ScheduleSpec, after: DateTime | Date): DateTime {
  const from = dateTimeOf(after);
  let day = from.setZone(spec.timeZone).startOf("day");
  for (let i = 0; i < 10; i++) {
    const run = scheduledRunOn(spec, day.toISODate() ?? "");
    if (run !== undefined && run.toMillis() > from.toMillis()) return run;
    day = day.plus({ days: 1 });
  }
  throw new Error(`schedule ${spec.time} ${spec.timeZone} on ${spec.weekdays.join(",")} never runs`);
}

/** The latest run at or before `at` (within the last eight days), with its local date. */
export function latestRunAtOrBefore(
  spec: ScheduleSpec,
  at: DateTime | Date,
): { localDate: string; runAt: DateTime } | undefined {
  const until = dateTimeOf(at);
  let day = until.setZone(spec.timeZone).startOf("day");
  for (let i = 0; i < 9; i++) {
    const localDate = day.toISODate() ?? "";
    const run = scheduledRunOn(spec, localDate);
    if (run !== undefined && run.toMillis() <= until.toMillis()) return { localDate, runAt: run };
    day = day.minus({ days: 1 });
  }
  return undefined;
}
