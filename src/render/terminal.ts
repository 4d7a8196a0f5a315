import type { Action } from "../bot/actions.js";
import type { Card, Reply } from "../bot/reply.js";
import {
  type ButtonSpec,
  candidateButtonSpecs,
  cardButtonSpecs,
  pageButtonSpec,
  personButtonSpec,
} from "./buttons.js";
import { isSlackUserId } from "./escape.js";
import { ANSI_TERMINAL_FORMAT, TERMINAL_FORMAT, type TextFormat } from "./format.js";
import { truncate } from "./limits.js";
import {
  abstractPreview,
  authorLine,
  authorOverview,
  authorPaperLines,
  coauthorLine,
  dailyText,
  expertLines,
  helpLines,
  notFoundText,
  PEOPLE_NOTE,
  paperFooter,
  problemLine,
  quoted,
  resultsHeading,
  snippetText,
  stateProblemLine,
} from "./lines.js";

export interface TerminalReply {
  text: string;
  /** Numbered in the order they appear in `text`: "[1]" is `buttons[0]`. */
  buttons: { label: string; action: Action }[];
}

/** Collects buttons while the text is written, numbering them as they appear. */
class ButtonList {
  readonly buttons: { label: string; action: Action }[] = [];

  line(specs: ButtonSpec[]): string | undefined {
    if (specs.length === 0) return undefined;
    return specs
      .map((spec) => {
        this.buttons.push({ label: spec.label, action: spec.action });
        const detail = spec.detail ? ` · ${terminalSafe(spec.detail)}` : "";
        return `[${this.buttons.length}] ${terminalSafe(spec.label)}${detail}`;
      })
      .join("   ");
  }
}

function terminalSafe(text: string): string {
  return TERMINAL_FORMAT.plain(text);
}

function cardLines(fmt: TextFormat, card: Card, buttons: ButtonList, title?: string): string[] {
  const { paper } = card;
  const body = card.full
    ? fmt.plain(paper.abstract)
    : card.snippet && card.snippet.length > 0
      ? snippetText(fmt, card.snippet)
      : fmt.plain(abstractPreview(paper.abstract));
  const lines = [
    ...(title ? [fmt.bold(fmt.plain(title))] : []),
    fmt.bold(fmt.plain(truncate(paper.headline, 300))),
    authorLine(fmt, paper),
    body,
    paperFooter(fmt, paper, card.related),
  ];
  if (card.sharedBy !== undefined && isSlackUserId(card.sharedBy)) lines.push(`Shared by @${card.sharedBy}`);
  const row = buttons.line(cardButtonSpecs(card));
  if (row) lines.push(row);
  return lines;
}

function linesOf(fmt: TextFormat, reply: Reply, buttons: ButtonList): string[] {
  switch (reply.kind) {
    case "results": {
      const lines = [resultsHeading(fmt, reply)];
      if (reply.notice) lines.push(fmt.italic(fmt.plain(reply.notice)));
      reply.cards.forEach((card, i) => {
        const [first = "", ...rest] = cardLines(fmt, card, buttons);
        lines.push("", `${reply.offset + i + 1}. ${first}`, ...rest);
      });
      const page = pageButtonSpec(reply.query, reply.nextOffset);
      const row = page ? buttons.line([page]) : undefined;
      if (row) lines.push("", row);
      return lines;
    }
    case "card":
      return cardLines(fmt, reply.card, buttons, reply.title);
    case "similar": {
      const lines = [`Papers like ${fmt.bold(fmt.plain(reply.of.headline))}`];
      for (const card of reply.cards) lines.push("", ...cardLines(fmt, card, buttons));
      return lines;
    }
    case "people": {
      const lines = [`People behind ${quoted(fmt, reply.topic)}`, fmt.italic(PEOPLE_NOTE)];
      const top = reply.people[0]?.score ?? 0;
      reply.people.forEach((expert, i) => {
        lines.push("", ...expertLines(fmt, expert, i + 1, top));
        const spec = personButtonSpec(expert);
        const row = spec ? buttons.line([spec]) : undefined;
        if (row) lines.push(row);
      });
      return lines;
    }
    case "author": {
      const coauthors = coauthorLine(fmt, reply.summary);
      return [
        fmt.bold(fmt.plain(reply.summary.name)),
        authorOverview(fmt, reply.summary),
        ...authorPaperLines(fmt, reply.summary),
        ...(coauthors ? [coauthors] : []),
      ];
    }
    case "ambiguous": {
      const lines = [`Several people match ${quoted(fmt, reply.query)}. Which one did you mean?`];
      const row = buttons.line(candidateButtonSpecs(reply.candidates));
      return row ? [...lines, row] : lines;
    }
    case "notFound":
      return [notFoundText(fmt, reply)];
    case "stats": {
      const lines = [
        `${fmt.bold("Papers")} ${reply.papers} · ${fmt.bold("People")} ${reply.people} · ${fmt.bold("Profiles")} ${reply.profiles} · ${fmt.bold("Files")} ${reply.files}`,
        ...(reply.stateProblem === undefined ? [] : [stateProblemLine(fmt, reply.stateProblem)]),
      ];
      if (reply.problems.length === 0) return [...lines, "No loader problems."];
      const shown = reply.problems.slice(0, 20).map((problem) => problemLine(fmt, problem));
      const more = reply.problems.length - shown.length;
      return [
        ...lines,
        fmt.bold(`${reply.problems.length} loader problem${reply.problems.length === 1 ? "" : "s"}`),
        ...shown,
        ...(more > 0 ? [`…and ${more} more`] : []),
      ];
    }
    case "help":
      return [...helpLines(reply.topic)];
    case "daily":
      return [dailyText(fmt, reply.schedule)];
    case "info":
      return [fmt.plain(reply.message)];
    case "error":
      return [`⚠ ${fmt.plain(reply.message)}`];
  }
}

/** The reply as the console shows it: the same content as in Slack, buttons as numbered actions. Pure. */
export function renderTerminal(reply: Reply, options: { ansi?: boolean } = {}): TerminalReply {
  const fmt = options.ansi ? ANSI_TERMINAL_FORMAT : TERMINAL_FORMAT;
  const buttons = new ButtonList();
  const text = linesOf(fmt, reply, buttons).join("\n");
  return { text, buttons: buttons.buttons };
}
