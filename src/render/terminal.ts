import type { Action } from "../bot/actions.js";
import type { Answer } from "../bot/ports.js";
import type { Card, Reply } from "../bot/reply.js";
import {
  type ButtonSpec,
  candidateButtonSpecs,
  cardControlsOf,
  coauthorSpec,
  didYouMeanSpecs,
  openPaperSpec,
  peoplePagingSpecs,
  resultsPagingSpecs,
  similarPagingSpecs,
} from "./buttons.js";
import { dailyPreviewText, dailyText } from "./daily-lines.js";
import { isSlackUserId } from "./escape.js";
import { followTerminalLines } from "./follow-terminal.js";
import { ANSI_TERMINAL_FORMAT, TERMINAL_FORMAT, type TextFormat } from "./format.js";
import { truncate } from "./limits.js";
import {
  ambiguousText,
  authorLine,
  authorOverview,
  authorPaperGroups,
  cardBodyText,
  coauthorLine,
  helpText,
  messageText,
  nearNameLine,
  notFoundText,
  paperFooter,
  peopleHeading,
  problemLine,
  problemsHeading,
  resultsHeading,
  similarHeading,
  stateProblemLine,
} from "./lines.js";
import { authorMenu, followCandidateSpecs } from "./list-buttons.js";
import { peopleLineSpecs, peopleLineText } from "./people-lines.js";

export interface TerminalReply {
  text: string;
  /** Numbered in the order they appear in `text`: "[1]" is `buttons[0]`. */
  buttons: { label: string; action: Action }[];
}

export interface TerminalOptions {
  /** Bold and colour with ANSI escapes (an interactive terminal). */
  ansi?: boolean;
  /** Number the buttons and menu options so they can be pressed (the console); the CLI prints none. */
  buttons?: boolean;
}

const COAUTHORS_IN_MENU = 10;

/** Collects buttons while the text is written, numbering them as they appear. */
class ButtonList {
  readonly buttons: { label: string; action: Action }[] = [];
  constructor(readonly enabled: boolean) {}

  private numbered(spec: ButtonSpec, withDetail = true): string {
    this.buttons.push({ label: spec.label, action: spec.action });
    const detail = withDetail && spec.detail ? ` · ${terminalSafe(spec.detail)}` : "";
    return `[${this.buttons.length}] ${terminalSafe(spec.label)}${detail}`;
  }

  /** A row of buttons, then the "⋯" menu's options. */
  line(specs: ButtonSpec[], menu: ButtonSpec[] = []): string | undefined {
    if (!this.enabled || specs.length + menu.length === 0) return undefined;
    const buttons = specs.map((spec) => this.numbered(spec));
    const options = menu.map((spec) => this.numbered(spec, false));
    return [...buttons, ...(options.length > 0 ? [`⋯ ${options.join("  ")}`] : [])].join("   ");
  }

  /** One pressable item per line: "[3] RMB: a comprehensive RM benchmark… · vmwebhw". */
  item(spec: ButtonSpec, fallback: string): string {
    return this.enabled ? this.numbered(spec) : fallback;
  }
}

function terminalSafe(text: string): string {
  return TERMINAL_FORMAT.plain(text);
}

function cardLines(fmt: TextFormat, card: Card, buttons: ButtonList, title?: string): string[] {
  const { paper } = card;
  const shared =
    card.sharedBy !== undefined && isSlackUserId(card.sharedBy) ? ` · shared by @${card.sharedBy}` : "";
  const lines = [
    ...(title ? [fmt.bold(fmt.plain(title))] : []),
    fmt.bold(fmt.plain(truncate(paper.headline, 300))),
    authorLine(fmt, paper),
    cardBodyText(fmt, card),
    `${paperFooter(fmt, paper)}${shared}`,
  ];
  const controls = cardControlsOf(card);
  const row = buttons.line(controls.buttons, controls.menu);
  if (row) lines.push(row);
  return lines;
}

function authorLines(
  fmt: TextFormat,
  reply: Extract<Reply, { kind: "author" }>,
  buttons: ButtonList,
): string[] {
  const { summary } = reply;
  const lines = [
    fmt.bold(fmt.plain(summary.name)),
    ...(reply.nearOf === undefined ? [] : [fmt.italic(nearNameLine(fmt, reply.nearOf))]),
    authorOverview(fmt, summary),
  ];
  for (const group of authorPaperGroups(summary)) {
    lines.push("", fmt.bold(`${group.label} (${group.papers.length})`));
    for (const paper of group.papers) {
      const spec = openPaperSpec(paper);
      const plainLine = `• ${fmt.plain(paper.headline)} · ${fmt.plain(paper.id)}`;
      lines.push(spec ? buttons.item(spec, plainLine) : plainLine);
    }
  }
  const coauthors = coauthorLine(fmt, summary);
  if (coauthors) lines.push("", coauthors);
  const specs = summary.coauthors.slice(0, COAUTHORS_IN_MENU).flatMap((c) => coauthorSpec(c) ?? []);
  const row = buttons.line([], specs);
  if (row) lines.push(row);
  const follow = buttons.line([], authorMenu(summary));
  if (follow) lines.push(follow);
  return lines;
}

function linesOf(fmt: TextFormat, reply: Reply, buttons: ButtonList): string[] {
  switch (reply.kind) {
    case "results": {
      const lines = [resultsHeading(fmt, reply)];
      if (reply.notice) lines.push(fmt.italic(fmt.plain(reply.notice)));
      const instead = buttons.line(didYouMeanSpecs(reply.didYouMean ?? []));
      if (instead) lines.push(instead);
      reply.cards.forEach((card, i) => {
        const [first = "", ...rest] = cardLines(fmt, card, buttons);
        lines.push("", `${reply.offset + i + 1}. ${first}`, ...rest);
      });
      const row = buttons.line(resultsPagingSpecs(reply.query, reply));
      if (row) lines.push("", row);
      return lines;
    }
    case "card":
      return cardLines(fmt, reply.card, buttons, reply.title);
    case "similar": {
      const lines = [similarHeading(fmt, reply)];
      for (const card of reply.cards) lines.push("", ...cardLines(fmt, card, buttons));
      const row = buttons.line(similarPagingSpecs(reply.of.id, reply));
      if (row) lines.push("", row);
      return lines;
    }
    case "people": {
      const lines = [peopleHeading(fmt, reply)];
      if (reply.notice) lines.push(fmt.italic(fmt.plain(reply.notice)));
      const top = reply.topScore;
      reply.lines.forEach((line, i) => {
        lines.push("", peopleLineText(fmt, line, reply.firstLine + i + 1, top));
        const specs = peopleLineSpecs(line);
        const row = specs.length === 1 ? buttons.line(specs) : buttons.line([], specs);
        if (row) lines.push(`   ${row}`);
      });
      const row = buttons.line(peoplePagingSpecs(reply.topic, reply));
      if (row) lines.push("", row);
      return lines;
    }
    case "author":
      return authorLines(fmt, reply, buttons);
    case "ambiguous": {
      const lines = [ambiguousText(fmt, reply)];
      const row = buttons.line(
        reply.purpose === "follow"
          ? followCandidateSpecs(reply.candidates, undefined)
          : candidateButtonSpecs(reply.candidates),
      );
      if (row) return [...lines, row];
      return [...lines, ...reply.candidates.map((c) => `• ${fmt.plain(c.name)} (${c.papers})`)];
    }
    case "notFound": {
      const options =
        reply.purpose === "follow"
          ? followCandidateSpecs(reply.people ?? [], reply.query)
          : [...candidateButtonSpecs(reply.people ?? []), ...didYouMeanSpecs(reply.didYouMean ?? [])];
      const row = buttons.line(options);
      const listed = options.map((spec) => fmt.plain(spec.label)).join(", ");
      return [notFoundText(fmt, reply), ...(row ? [row] : listed ? [listed] : [])];
    }
    case "stats": {
      const lines = [
        `${fmt.bold("Papers")} ${reply.papers} · ${fmt.bold("People")} ${reply.people} · ${fmt.bold("Members")} ${reply.profiles} · ${fmt.bold("Files")} ${reply.files}`,
        ...(reply.stateProblem === undefined ? [] : [stateProblemLine(fmt, reply.stateProblem)]),
      ];
      if (reply.problems.length === 0) return [...lines, "No loader problems."];
      const shown = reply.problems.slice(0, 20).map((problem) => problemLine(fmt, problem));
      const more = reply.problems.length - shown.length;
      return [
        ...lines,
        problemsHeading(fmt, reply.problems.length),
        ...shown,
        ...(more > 0 ? [`…and ${more} more`] : []),
      ];
    }
    case "help":
      return [helpText(fmt, reply)];
    case "daily":
      return [dailyText(fmt, reply.schedule)];
    case "dailyPreview": {
      const head = dailyPreviewText(fmt, reply);
      return reply.card ? [head, "", ...cardLines(fmt, reply.card, buttons, reply.title)] : [head];
    }
    case "info":
      return [messageText(fmt, reply.message)];
    case "error":
      return [`⚠ ${messageText(fmt, reply.message)}`];
    default:
      return followTerminalLines(fmt, reply, buttons);
  }
}

/** The reply as text: the same content as in Slack, buttons as numbered actions when asked for. Pure. */
export function renderTerminal(reply: Reply, options: TerminalOptions = {}): TerminalReply {
  const fmt = options.ansi ? ANSI_TERMINAL_FORMAT : TERMINAL_FORMAT;
  const buttons = new ButtonList(options.buttons ?? true);
  const text = linesOf(fmt, reply, buttons).join("\n");
  return { text, buttons: buttons.buttons };
}

/** An answer as the console or `paperbot say` prints it, saying where it would be posted. */
export function renderAnswerText(answer: Answer, options: TerminalOptions = {}): TerminalReply {
  const rendered = renderTerminal(answer.reply, options);
  const notes = [];
  if (answer.audience === "channel") notes.push("(posted in the channel, shared by you)");
  if (answer.replaceOriginal === true) notes.push("(replaces the previous message)");
  return { text: `${[...notes, rendered.text.trimEnd()].join("\n")}\n`, buttons: rendered.buttons };
}
