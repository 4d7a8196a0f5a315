import { isValidTimeZone } from "../time-zone.js";

/** What `/paper daily on …` asked for; anything left out takes its default in `answer`. */
export interface DailySpecRequest {
  time?: string;
  timeZone?: string;
  weekdays?: number[];
}

export type DailySpecParse = { ok: true; spec: DailySpecRequest } | { ok: false; message: string };

export const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
// Each weekday's spellings, Monday (1) first.
const DAYS = new Map(
  [
    "mon monday",
    "tue tues tuesday",
    "wed wednesday",
    "thu thur thurs thursday",
    "fri friday",
    "sat saturday",
    "sun sunday",
  ].flatMap((names, i) => names.split(" ").map((name) => [name, i + 1] as const)),
);
const DAY_SETS: Record<string, number[]> = {
  weekdays: [1, 2, 3, 4, 5],
  weekday: [1, 2, 3, 4, 5],
  weekends: [6, 7],
  weekend: [6, 7],
  daily: EVERY_DAY,
  everyday: EVERY_DAY,
  "every-day": EVERY_DAY,
};

/** "09:00" from "9:00", "09:00", "9am", "2:30pm"; undefined when the token is not a time of day. */
function timeOf(token: string): string | undefined {
  const named = { noon: "12:00", midday: "12:00", midnight: "00:00" }[token.toLowerCase()];
  if (named !== undefined) return named;
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/i.exec(token);
  if (!match || (match[2] === undefined && match[3] === undefined)) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? "0");
  const half = match[3]?.toLowerCase();
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === "pm" ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

function weekdaysOf(token: string): number[] | undefined {
  const set = DAY_SETS[token.toLowerCase()];
  if (set) return set;
  const days = token
    .toLowerCase()
    .split(",")
    .filter((part) => part !== "")
    .map((part) => DAYS.get(part));
  if (days.length === 0 || days.some((day) => day === undefined)) return undefined;
  return [...new Set(days as number[])].sort((a, b) => a - b);
}

/** The one IANA zone a city names ("Berlin": Europe/Berlin, "new_york": America/New_York); none for two. */
function zoneOfCity(token: string): string | undefined {
  const city = token.toLowerCase();
  const zones = Intl.supportedValuesOf("timeZone").filter(
    (zone) => zone.split("/").pop()?.toLowerCase() === city,
  );
  return zones.length === 1 ? zones[0] : undefined;
}

function shown(token: string): string {
  return token.length > 40 ? `${token.slice(0, 39)}…` : token;
}

function looksLikeTime(token: string): boolean {
  return /^\d/.test(token);
}

/** The words after `daily on`, in any order: an optional time, IANA time zone and set of days. */
export function dailySpecOf(words: string[]): DailySpecParse {
  const spec: DailySpecRequest = {};
  // "mon, wed, fri" arrives as several words: join day lists back together before reading tokens.
  const tokens = words
    .join(" ")
    .replace(/\s*,\s*/g, ",")
    .split(/\s+/)
    .filter((token) => token !== "");
  for (const token of tokens) {
    const time = timeOf(token);
    if (time !== undefined) {
      if (spec.time !== undefined)
        return { ok: false, message: `Give one time only (I read ${spec.time} already).` };
      spec.time = time;
      continue;
    }
    if (looksLikeTime(token)) {
      return {
        ok: false,
        message: `“${shown(token)}” is not a time of day: use 24-hour HH:MM, e.g. 09:00 or 17:30.`,
      };
    }
    const weekdays = weekdaysOf(token);
    if (weekdays !== undefined) {
      // "mon wed fri" is one set of days, as "mon,wed,fri" is.
      spec.weekdays = [...new Set([...(spec.weekdays ?? []), ...weekdays])].sort((a, b) => a - b);
      continue;
    }
    const timeZone = isValidTimeZone(token) ? token : zoneOfCity(token);
    if (timeZone !== undefined) {
      spec.timeZone = timeZone;
      continue;
    }
    return {
      ok: false,
      message: `I don't understand “${shown(token)}”: give a time (09:00, 9am, noon), a time zone such as Europe/Berlin (or its city alone, Berlin) and days as weekdays, weekends or mon,wed,fri.`,
    };
  }
  return { ok: true, spec };
}
