import type { DailyScheduleView, Reply } from "../bot/reply.js";
import { fmt } from "./escape.js";
import { truncate } from "./limits.js";
import { paperLine } from "./lines.js";

/** The daily paper's lines, shared by the Slack and the terminal renderers: its schedule, its preview. */

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function weekdaysText(weekdays: number[]): string {
  const days = [...new Set(weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const key = days.join(",");
  if (key === "1,2,3,4,5,6,7") return "every day";
  if (key === "1,2,3,4,5") return "on weekdays";
  if (key === "6,7") return "at weekends";
  return `on ${days.map((d) => DAY_NAMES[d - 1]).join(", ")}`;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ZONED_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** "Thu 15 Jan 2026, 08:30": the wall clock an ISO time with its zone's offset was written in. */
function nextRunText(schedule: DailyScheduleView): string | undefined {
  if (!schedule.nextRunAt) return undefined;
  const [, year = 0, month = 0, day = 0, hour = 0, minute = 0] = (
    ZONED_ISO.exec(schedule.nextRunAt) ?? []
  ).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59) {
    return fmt.plain(schedule.nextRunAt);
  }
  const weekday = DAY_NAMES[(date.getUTCDay() + 6) % 7];
  const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
  return `${weekday} ${day} ${MONTH_NAMES[month - 1]} ${year}, ${time}`;
}

/** The lines above a daily preview's card; `where` is a channel link (already safe) or "this channel". */
export function dailyPreviewText(
  reply: Extract<Reply, { kind: "dailyPreview" }>,
  where = "this channel",
): string {
  const { schedule } = reply;
  const zone = fmt.plain(schedule.timeZone);
  const next = nextRunText(schedule);
  const lines = [
    next
      ? `${fmt.bold("Preview")} of the next daily paper in ${where}, due ${fmt.bold(next)} (${zone}, ${weekdaysText(schedule.weekdays)}). Nothing is posted until then.`
      : `${fmt.bold("Preview")} of the next daily paper in ${where}. Nothing is posted now.`,
  ];
  if (!schedule.enabled) {
    lines.push(
      `Daily paper is off here, so it will not come: turn it on with ${fmt.code("/paper daily on")} and this is the first.`,
    );
  } else if (schedule.paused) {
    lines.push(`Paused: ${fmt.plain(truncate(schedule.paused, 300))}. It comes once posts resume.`);
  }
  if (!reply.card) lines.push("No papers are loaded, so there is nothing to post.");
  return lines.join("\n");
}

export function dailyText(schedule: DailyScheduleView): string {
  if (!schedule.enabled) {
    return `${fmt.bold("Daily paper is off")} in this channel. Turn it on with ${fmt.code("/paper daily on")}.`;
  }
  const when = `${weekdaysText(schedule.weekdays)} at ${fmt.plain(schedule.time)} (${fmt.plain(schedule.timeZone)})`;
  const lines = [`${fmt.bold("Daily paper is on")} in this channel: ${when}.`];
  const next = nextRunText(schedule);
  if (next) lines.push(`Next post: ${next}`);
  if (schedule.paused) lines.push(`Paused: ${fmt.plain(truncate(schedule.paused, 300))}`);
  const recent = schedule.recent.slice(0, 5);
  if (recent.length > 0) {
    lines.push("Recent:");
    for (const { date, paper } of recent) lines.push(`${fmt.plain(date)} ${paperLine(paper)}`);
  }
  return lines.join("\n");
}
