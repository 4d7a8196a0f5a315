// Wall clocks of IANA zones, through Intl.

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in a zone at an instant: year, month, day, hour, minute, second. */
function wallClockOf(
  at: Date,
  timeZone: string,
): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  let format = wallClocks.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    wallClocks.set(timeZone, format);
  }
  const parts = new Map(format.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.get(type) ?? 0;
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** The local calendar date ("2026-03-29") of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  const { year, month, day } = wallClockOf(at, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** An instant as ISO 8601 in a zone's wall clock with its offset: "2026-01-15T08:30:00.000-05:00". */
export function zonedIso(at: Date, timeZone: string): string {
  const wall = wallClockOf(at, timeZone);
  const wallMs = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offsetMinutes = Math.round((wallMs - (at.getTime() - at.getUTCMilliseconds())) / 60000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  return `${localDateOf(at, timeZone)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}.${pad(at.getUTCMilliseconds(), 3)}${sign}${pad(Math.trunc(offsetMinutes / 60))}:${pad(offsetMinutes % 60)}`;
}
