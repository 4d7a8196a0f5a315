import { Cron } from "croner";
import { localDateOf } from "../time-zone.js";

export interface ScheduleSpec {
  /** "HH:MM" local time. */
  time: string;
  timeZone: string;
  /** ISO weekdays 1 (Mon) .. 7 (Sun). */
  weekdays: readonly number[];
}

export const everyDay: readonly number[] = [1, 2, 3, 4, 5, 6, 7];

const HOUR = 60 * 60 * 1000;

export function isValidTime(time: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
}

/** A time skipped by DST runs when the clocks jump; one that happens twice runs at the first. */
function cronOf(spec: ScheduleSpec): Cron {
  if (spec.weekdays.length === 0) {
    throw new Error(`schedule ${spec.time} ${spec.timeZone} has no weekdays and never runs`);
  }
  const [hour, minute] = spec.time.split(":").map(Number);
  return new Cron(`${minute ?? 0} ${hour ?? 0} * * ${spec.weekdays.join(",")}`, { timezone: spec.timeZone });
}

/** The first run strictly after `after`. */
export function nextRunAt(spec: ScheduleSpec, after: Date): Date {
  const run = cronOf(spec).nextRun(after);
  if (run === null) throw new Error(`schedule ${spec.time} ${spec.timeZone} never runs`);
  return run;
}

/** The latest run at or before `at` (within the last eight days), with its local date. */
export function latestRunAtOrBefore(
  spec: ScheduleSpec,
  at: Date,
): { localDate: string; runAt: Date } | undefined {
  const cron = cronOf(spec);
  let latest: Date | undefined;
  for (let run = cron.nextRun(new Date(at.getTime() - 8 * 24 * HOUR)); run !== null && run <= at; ) {
    latest = run;
    run = cron.nextRun(run);
  }
  return latest && { localDate: localDateOf(latest, spec.timeZone), runAt: latest };
}
