import { DateTime } from "luxon";
import type { DailyScheduleView, Reply } from "../bot/reply.js";
import type { TextFormat } from "./format.js";
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

function nextRunText(fmt: TextFormat, schedule: DailyScheduleView): string | undefined {
  if (!schedule.nextRunAt) return undefined;
  const next = DateTime.fromISO(schedule.nextRunAt, { setZone: true });
  return next.isValid ? next.toFormat("ccc d LLL yyyy, HH:mm") : fmt.plain(schedule.nextRunAt);
}

/**
 * The lines above a daily preview's card: that it is a preview, when it comes, or why it would not. `where`
 * names the channel (a Slack channel link, already safe), "this channel" unless given.
 */
export function dailyPreviewText(
  fmt: TextFormat,
  reply: Extract<Reply, { kind: "dailyPreview" }>,
  where = "this channel",
): string {
  const { schedule } = reply;
  const zone = fmt.plain(schedule.timeZone);
  const next = nextRunText(fmt, schedule);
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

export function dailyText(fmt: TextFormat, schedule: DailyScheduleView): string {
  if (!schedule.enabled) {
    return `${fmt.bold("Daily paper is off")} in this channel. Turn it on with ${fmt.code("/paper daily on")}.`;
  }
  const when = `${weekdaysText(schedule.weekdays)} at ${fmt.plain(schedule.time)} (${fmt.plain(schedule.timeZone)})`;
  const lines = [`${fmt.bold("Daily paper is on")} in this channel: ${when}.`];
  const next = nextRunText(fmt, schedule);
  if (next) lines.push(`Next post: ${next}`);
  if (schedule.paused) lines.push(`Paused: ${fmt.plain(truncate(schedule.paused, 300))}`);
  const recent = schedule.recent.slice(0, 5);
  if (recent.length > 0) {
    lines.push("Recent:");
    for (const { date, paper } of recent) lines.push(`${fmt.plain(date)} ${paperLine(fmt, paper)}`);
  }
  return lines.join("\n");
}
