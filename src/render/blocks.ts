import type { KnownBlock } from "@slack/types";
import type { Card, Reply } from "../bot/reply.js";
import { actions, context, divider, fieldsSection, header, present, section } from "./block-parts.js";
import { candidateButtonSpecs, pageButtonSpec, personButtonSpec } from "./buttons.js";
import { cardBlocks } from "./card-blocks.js";
import { escapeText } from "./escape.js";
import { SLACK_FORMAT as fmt } from "./format.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import {
  authorOverview,
  authorPaperLines,
  coauthorLine,
  dailyText,
  expertLines,
  helpLines,
  notFoundText,
  PEOPLE_NOTE,
  problemLine,
  quoted,
  resultsHeading,
  stateProblemLine,
} from "./lines.js";

/**
 * A message ready for chat.postMessage / respond. Cards never unfurl: whoever sends this adds
 * `unfurl_links: false, unfurl_media: false`, so nothing in an abstract can pull in a preview.
 */
export interface SlackMessage {
  /** Plain-text fallback for notifications and screen readers: escaped, at most 3000 characters. */
  text: string;
  blocks: KnownBlock[];
}

const MAX = LIMITS.blocksPerMessage;

/** Cards as a list: as many whole cards as fit in `room` blocks, then a line saying how many were left out. */
function cardList(cards: Card[], room: number): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  let shown = 0;
  for (const card of cards) {
    const group = [divider(), ...cardBlocks(card, { heading: "inline", maxBlocks: 6 })];
    if (blocks.length + group.length > room - 1) break;
    blocks.push(...group);
    shown += 1;
  }
  const left = cards.length - shown;
  if (left > 0) blocks.push(context([`…and ${left} more not shown here`]));
  return blocks;
}

/** Lines packed into as few sections as fit, at most `maxSections`, noting what had to be left out. */
function lineSections(lines: string[], maxSections: number): KnownBlock[] {
  const chunks = chunksOf(lines.join("\n"), LIMITS.sectionText - 40);
  const kept = chunks.slice(0, maxSections);
  const blocks = kept.map((chunk) => section(chunk));
  const last = blocks[blocks.length - 1];
  if (chunks.length > kept.length && last?.text) last.text.text = `${last.text.text}\n…and more not shown`;
  return blocks;
}

function blocksOf(reply: Reply): KnownBlock[] {
  switch (reply.kind) {
    case "results": {
      const head = present(
        section(resultsHeading(fmt, reply)),
        reply.notice ? context([escapeText(truncate(reply.notice, 500))]) : undefined,
      );
      const page = pageButtonSpec(reply.query, reply.nextOffset);
      const tail = present(page ? actions([page]) : undefined);
      return [...head, ...cardList(reply.cards, MAX - head.length - tail.length), ...tail];
    }
    case "card":
      return cardBlocks(reply.card, {
        heading: "header",
        maxBlocks: MAX,
        ...(reply.title ? { title: reply.title } : {}),
      });
    case "similar": {
      const head = [section(`Papers like ${fmt.bold(escapeText(truncate(reply.of.headline, 300)))}`)];
      return [...head, ...cardList(reply.cards, MAX - head.length)];
    }
    case "people": {
      const head = [section(`People behind ${quoted(fmt, reply.topic)}`), context([PEOPLE_NOTE])];
      const top = reply.people[0]?.score ?? 0;
      const people = reply.people.slice(0, MAX - head.length - 1).map((expert, i) => {
        const button = personButtonSpec(expert);
        return section(expertLines(fmt, expert, i + 1, top).join("\n"), button);
      });
      const left = reply.people.length - people.length;
      return [...head, ...people, ...(left > 0 ? [context([`…and ${left} more people`])] : [])];
    }
    case "author": {
      const { summary } = reply;
      const coauthors = coauthorLine(fmt, summary);
      return [
        header(summary.name),
        section(authorOverview(fmt, summary)),
        ...lineSections(authorPaperLines(fmt, summary), MAX - 4),
        ...(coauthors ? [section(coauthors)] : []),
      ];
    }
    case "ambiguous":
      return present(
        section(`Several people match ${quoted(fmt, reply.query)}. Which one did you mean?`),
        actions(candidateButtonSpecs(reply.candidates)),
      );
    case "notFound":
      return [section(notFoundText(fmt, reply))];
    case "stats": {
      const fields = [
        `${fmt.bold("Papers")}\n${reply.papers}`,
        `${fmt.bold("People")}\n${reply.people}`,
        `${fmt.bold("Profiles")}\n${reply.profiles}`,
        `${fmt.bold("Files")}\n${reply.files}`,
      ];
      const problems =
        reply.problems.length === 0
          ? [section("No loader problems.")]
          : lineSections(
              [
                fmt.bold(`${reply.problems.length} loader problem${reply.problems.length === 1 ? "" : "s"}`),
                ...reply.problems.slice(0, 60).map((problem) => problemLine(fmt, problem)),
              ],
              3,
            );
      const state =
        reply.stateProblem === undefined ? [] : [section(stateProblemLine(fmt, reply.stateProblem))];
      return [fieldsSection(fields), ...state, ...problems];
    }
    case "help":
      return [section(helpLines(reply.topic).join("\n"))];
    case "daily":
      return [section(dailyText(fmt, reply.schedule))];
    case "info":
      return [section(escapeText(reply.message))];
    case "error":
      return [section(`:warning: ${escapeText(reply.message)}`)];
  }
}

function fallbackOf(reply: Reply): string {
  switch (reply.kind) {
    case "results": {
      const titles = reply.cards.map(
        (card, i) => `${reply.offset + i + 1}. ${escapeText(card.paper.headline)}`,
      );
      return `${reply.total} paper${reply.total === 1 ? "" : "s"} for ${quoted(fmt, reply.query)}${titles.length > 0 ? `: ${titles.join("; ")}` : ""}`;
    }
    case "card":
      return `${reply.title ? `${escapeText(reply.title)}: ` : ""}${escapeText(reply.card.paper.headline)} (${escapeText(reply.card.paper.id)})`;
    case "similar":
      return `Papers like ${escapeText(reply.of.headline)}: ${reply.cards.map((c) => escapeText(c.paper.headline)).join("; ")}`;
    case "people":
      return `People behind ${quoted(fmt, reply.topic)}: ${reply.people.map((p) => escapeText(p.name)).join(", ")}`;
    case "author":
      return `${escapeText(reply.summary.name)}: ${reply.summary.papers.length} paper${reply.summary.papers.length === 1 ? "" : "s"}`;
    case "ambiguous":
      return `Several people match ${quoted(fmt, reply.query)}: ${reply.candidates.map((c) => escapeText(c.name)).join(", ")}`;
    case "notFound":
      return notFoundText(fmt, reply);
    case "stats":
      return `${reply.papers} papers, ${reply.people} people, ${reply.profiles} profiles from ${reply.files} files, ${reply.problems.length} loader problems${reply.stateProblem === undefined ? "" : `; saved state cannot be written (${escapeText(reply.stateProblem)})`}`;
    case "help":
      return helpLines(reply.topic).join("\n");
    case "daily":
      return dailyText(fmt, reply.schedule);
    case "info":
      return escapeText(reply.message);
    case "error":
      return escapeText(reply.message);
  }
}

/** The Block Kit message for a reply, inside every Block Kit limit whatever the corpus or the query holds. */
export function renderSlackMessage(reply: Reply): SlackMessage {
  const blocks = blocksOf(reply);
  const fitted =
    blocks.length > MAX
      ? [...blocks.slice(0, MAX - 1), context(["…shortened to fit in one message"])]
      : blocks;
  const text = truncate(fallbackOf(reply).replace(/\s+$/, ""), LIMITS.fallbackText);
  return { text: text === "" ? "Paperbot" : text, blocks: fitted };
}
