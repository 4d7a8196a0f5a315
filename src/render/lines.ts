import { DateTime } from "luxon";
import type { DailyScheduleView, Reply } from "../bot/reply.js";
import type { Paper } from "../corpus/types.js";
import type { AuthorSummary, Expert, SnippetPart } from "../search/types.js";
import type { TextFormat } from "./format.js";
import { truncate } from "./limits.js";

/** Text pieces shared by the Slack and the terminal renderers; every corpus or user string goes through `fmt.plain`. */

export const PREVIEW_CHARS = 300;
const QUERY_CHARS = 200;

/** The abstract cut near 300 characters at a word break, or whole when it is short. */
export function abstractPreview(abstract: string): string {
  if (abstract.length <= PREVIEW_CHARS) return abstract;
  const space = abstract.lastIndexOf(" ", PREVIEW_CHARS - 1);
  const cut = space > PREVIEW_CHARS * 0.7 ? space : PREVIEW_CHARS - 1;
  return truncate(abstract, cut + 1);
}

export function quoted(fmt: TextFormat, text: string): string {
  return `“${fmt.plain(truncate(text, QUERY_CHARS))}”`;
}

/** "A, B, C et al. · profiled: D" — profiled owners the visible line does not name are added. */
export function authorLine(fmt: TextFormat, paper: Paper): string {
  const visible = paper.authors.map((name) => fmt.plain(name)).join(", ");
  const named = new Set(paper.authorKeys);
  const hidden = paper.owners.filter((_, i) => !named.has(paper.ownerKeys[i] ?? ""));
  const line = `${visible}${paper.etAl ? " et al." : ""}`;
  if (hidden.length === 0) return line || "Authors unknown";
  const profiled = `profiled: ${hidden.map((name) => fmt.plain(name)).join(", ")}`;
  return line ? `${line} · ${profiled}` : profiled;
}

export function snippetText(fmt: TextFormat, parts: SnippetPart[]): string {
  return parts.map((part) => (part.match ? fmt.bold(fmt.plain(part.text)) : fmt.plain(part.text))).join("");
}

/** "id 2f9k3xa · listed under A, B": the owners whose files hold the paper. */
export const RELATED_NOTE = "related: does not mention your words";

export function paperFooter(fmt: TextFormat, paper: Paper, related = false): string {
  const id = `id ${fmt.code(fmt.plain(paper.id))}`;
  const owners =
    paper.owners.length === 0
      ? ""
      : ` · listed under ${paper.owners.map((name) => fmt.plain(name)).join(", ")}`;
  return `${related ? `${fmt.italic(RELATED_NOTE)} · ` : ""}${id}${owners}`;
}

export function paperLine(fmt: TextFormat, paper: Paper, note?: string): string {
  const headline = fmt.plain(truncate(paper.headline, 200));
  return `• ${headline} ${fmt.code(fmt.plain(paper.id))}${note ? ` · ${note}` : ""}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function resultsHeading(fmt: TextFormat, reply: Extract<Reply, { kind: "results" }>): string {
  const shown =
    reply.cards.length === 0 ? "" : ` · showing ${reply.offset + 1}–${reply.offset + reply.cards.length}`;
  return `${fmt.bold(plural(reply.total, "paper"))} for ${quoted(fmt, reply.query)}${shown}`;
}

const BAR_STEPS = 5;

/** "●●●○○": a person's score against the top score of the same answer. */
export function scoreBar(score: number, top: number): string {
  const filled = top > 0 ? Math.max(1, Math.min(BAR_STEPS, Math.round((score / top) * BAR_STEPS))) : 1;
  return `${"●".repeat(filled)}${"○".repeat(BAR_STEPS - filled)}`;
}

export const EVIDENCE_PER_PERSON = 3;

export function expertLines(fmt: TextFormat, expert: Expert, rank: number, top: number): string[] {
  const marker = expert.profiled ? "profiled" : "visible only";
  const head = `${rank}. ${fmt.bold(fmt.plain(expert.name))} · ${marker} · ${scoreBar(expert.score, top)}`;
  const evidence = expert.papers.slice(0, EVIDENCE_PER_PERSON).map(({ paper }) => paperLine(fmt, paper));
  const more = expert.papers.length - EVIDENCE_PER_PERSON;
  return [head, ...evidence, ...(more > 0 ? [`  …and ${plural(more, "more paper")}`] : [])];
}

export const PEOPLE_NOTE =
  "Profiled people have a file of their own, so all their papers are known; the others are counted only where an author line names them.";

export function authorOverview(fmt: TextFormat, summary: AuthorSummary): string {
  const firsts = summary.papers.filter((p) => p.firstAuthor).length;
  const reach = summary.profiled
    ? "profiled (has a file of their own)"
    : "not profiled: only papers whose author line names them";
  const lines = [`${plural(summary.papers.length, "paper")}, ${firsts} as first author · ${reach}`];
  if (summary.topics.length > 0)
    lines.push(
      `Topics: ${summary.topics
        .slice(0, 12)
        .map((topic) => fmt.plain(topic))
        .join(", ")}`,
    );
  return lines.join("\n");
}

export function authorPaperLines(fmt: TextFormat, summary: AuthorSummary): string[] {
  return summary.papers.map(({ paper, firstAuthor }) =>
    paperLine(fmt, paper, firstAuthor ? fmt.italic("first author") : undefined),
  );
}

export function coauthorLine(fmt: TextFormat, summary: AuthorSummary, max = 20): string | undefined {
  if (summary.coauthors.length === 0) return undefined;
  const named = summary.coauthors.slice(0, max).map((c) => `${fmt.plain(c.name)} (${c.papers})`);
  const more = summary.coauthors.length - max;
  return `${fmt.bold("Co-authors")}: ${named.join(", ")}${more > 0 ? `, and ${more} more` : ""}`;
}

export function notFoundText(fmt: TextFormat, reply: Extract<Reply, { kind: "notFound" }>): string {
  const suggestions = reply.suggestions.slice(0, 10).map((s) => fmt.plain(truncate(s, 200)));
  switch (reply.what) {
    case "author": {
      const head = `I couldn't find anyone called ${quoted(fmt, reply.query)}.`;
      return suggestions.length > 0
        ? `${head}\nClosest names: ${suggestions.join(", ")}`
        : `${head}\nCheck the spelling, or try the surname alone.`;
    }
    case "paper": {
      const head = `That paper (${quoted(fmt, reply.query)}) is no longer in the corpus, or the id is mistyped.`;
      return [head, ...suggestions.map((s) => `• ${s}`)].join("\n");
    }
    case "results": {
      const head = `Nothing matched ${quoted(fmt, reply.query)}.`;
      return [head, ...(suggestions.length > 0 ? ["Try:", ...suggestions.map((s) => `• ${s}`)] : [])].join(
        "\n",
      );
    }
  }
}

export function problemLine(
  fmt: TextFormat,
  problem: { file: string; line: number; message: string },
): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}` : problem.file;
  return `• ${fmt.code(fmt.plain(truncate(where, 120)))} ${fmt.plain(truncate(problem.message, 200))}`;
}

const STATE_PROBLEMS: Record<string, string> = {
  "read-only": "read-only",
  "disk-full": "on a full disk",
  "io-error": "on a failing disk",
  unreachable: "unreachable",
  corrupt: "corrupt",
  "too-new": "from a newer Paperbot",
  unreadable: "unreadable",
};

/** `/paper stats` when saved state cannot be written: what still works and what waits. */
export function stateProblemLine(fmt: TextFormat, problem: string): string {
  const what = STATE_PROBLEMS[problem] ?? fmt.plain(problem);
  return `${fmt.bold("Saved state")} is ${what}: answers go on, repeats are caught in memory only, daily posts wait until it is fixed.`;
}

export const HELP_LINES: readonly string[] = [
  "Find the group's papers from chat:",
  "• `/paper reward models` — search (quotes for phrases, `-word` to exclude)",
  "• `/paper who RLHF` — the people behind a topic",
  "• `/paper author Enyu Zhou` — someone's papers, co-authors and topics",
  "• `/paper id 2f9k3xa` · `/paper similar 2f9k3xa` — one paper, or papers like it",
  "• `/paper random` — a paper to read · `/paper stats` — what is loaded",
  "• `/paper daily on 09:00 Europe/Berlin weekdays` — a paper of the day in this channel",
  "You can also mention me or DM me: “who works on agents?”, “papers about reward models”, “tell me about Senjie Jin”.",
];

export const DAILY_HELP_LINES: readonly string[] = [
  "Daily paper in this channel:",
  "• `/paper daily on` — every day at 09:00",
  "• `/paper daily on 08:30 Europe/Berlin weekdays` — time, IANA time zone and days are optional, in any order",
  "• days: `weekdays`, `weekends`, `daily`, or a list such as `mon,wed,fri`",
  "• `/paper daily off` — stop · `/paper daily` — show the schedule",
];

export function helpLines(topic: string | undefined): readonly string[] {
  return topic === "daily" ? DAILY_HELP_LINES : HELP_LINES;
}

const DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function weekdaysText(weekdays: number[]): string {
  const days = [...new Set(weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const key = days.join(",");
  if (key === "1,2,3,4,5,6,7") return "every day";
  if (key === "1,2,3,4,5") return "on weekdays";
  if (key === "6,7") return "at weekends";
  return `on ${days.map((d) => DAY_NAMES[d - 1]).join(", ")}`;
}

export function dailyText(fmt: TextFormat, schedule: DailyScheduleView): string {
  if (!schedule.enabled) {
    return `${fmt.bold("Daily paper is off")} in this channel. Turn it on with ${fmt.code("/paper daily on")}.`;
  }
  const when = `${weekdaysText(schedule.weekdays)} at ${fmt.plain(schedule.time)} (${fmt.plain(schedule.timeZone)})`;
  const lines = [`${fmt.bold("Daily paper is on")} in this channel: ${when}.`];
  if (schedule.nextRunAt) {
    const next = DateTime.fromISO(schedule.nextRunAt, { setZone: true });
    lines.push(
      `Next post: ${next.isValid ? next.toFormat("ccc d LLL yyyy, HH:mm") : fmt.plain(schedule.nextRunAt)}`,
    );
  }
  if (schedule.paused) lines.push(`Paused: ${fmt.plain(truncate(schedule.paused, 300))}`);
  const recent = schedule.recent.slice(0, 5);
  if (recent.length > 0) {
    lines.push("Recent:");
    for (const { date, paper } of recent) lines.push(`${fmt.plain(date)} ${paperLine(fmt, paper)}`);
  }
  return lines.join("\n");
}
