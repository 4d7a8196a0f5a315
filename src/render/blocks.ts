import type { KnownBlock } from "@slack/types";
import type { Card, LinePerson, PeopleLine, Reply } from "../bot/reply.js";
import { LEVELS } from "../bot/who-answer.js";
import { titleOf } from "../corpus/headline.js";
import { bibtexBlocks } from "./bibtex-blocks.js";
import {
  actions,
  buttonRow,
  context,
  fieldsSection,
  header,
  noticeBlock,
  overflowOrButton,
  present,
  section,
  staticSelect,
} from "./block-parts.js";
import {
  candidateButtonSpecs,
  coauthorSpec,
  didYouMeanSpecs,
  openPaperSpec,
  pagingSpecs,
  personButtonSpec,
} from "./buttons.js";
import { cardBlocks } from "./card-blocks.js";
import { dailyPreviewText, dailyText } from "./daily-lines.js";
import { fmt, isSlackChannelId, slackMention } from "./escape.js";
import { authorMenu, followBlocks, followCandidateSpecs, followFallback } from "./follow-blocks.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import {
  authorOverview,
  authorPaperGroups,
  coauthorLine,
  helpText,
  messageText,
  notFoundText,
  paperLine,
  peopleHeading,
  plural,
  problemLine,
  quoted,
  resultsHeading,
  shortTitleOf,
  similarHeading,
  stateProblemLine,
} from "./lines.js";

const EVIDENCE_PER_PERSON = 3;

/** "●●●○○" for a line's level (1 to 5). */
function levelDots(level: number): string {
  const filled = Math.max(1, Math.min(LEVELS, level));
  return `${"●".repeat(filled)}${"○".repeat(LEVELS - filled)}`;
}

/** What the dots of a who reply mean, said once under its lines. */
const LEVEL_LEGEND = `${levelDots(5)} the most work on this topic here · ${levelDots(1)} the least`;

/** Heading of the people after the group's members. */
const OUTSIDE_HEADING = "Outside the group: also on these papers";

const personName = (person: LinePerson): string => {
  const mention = slackMention(person.slack);
  return mention === "" ? fmt.plain(person.name) : `${fmt.plain(person.name)} ${mention}`;
};

/** "2. *A, B* ●●●○○ · SPA-VL `v35q3xk`"; a person with several papers gets them as bullets (first three). */
function peopleLineText(line: PeopleLine, rank: number): string {
  const names = line.people.map((person) => personName(person)).join(", ");
  const head = `${rank}. ${fmt.bold(names)} ${levelDots(line.level)}`;
  const [only, ...more] = line.papers;
  if (only !== undefined && more.length === 0) {
    return `${head} · ${fmt.plain(shortTitleOf(only.paper))} ${fmt.code(only.paper.id)}`;
  }
  const evidence = line.papers.slice(0, EVIDENCE_PER_PERSON).map(({ paper }) => paperLine(paper));
  const left = line.papers.length - evidence.length;
  return [
    `${head} · ${plural(line.papers.length, "paper")}`,
    ...evidence,
    ...(left > 0 ? [`  …and ${plural(left, "more paper")}`] : []),
  ].join("\n");
}

/** A message for chat.postMessage / respond; senders add `NO_UNFURL`, so no abstract pulls in a preview. */
export interface SlackMessage {
  /** Plain-text fallback for notifications and screen readers: escaped, at most 3000 characters. */
  text: string;
  blocks: KnownBlock[];
}

const MAX = LIMITS.blocksPerMessage;

/** A link to a channel (`<#C…>`, never a ping), for real-looking channel ids only. */
function channelLink(channelId: string): string {
  return isSlackChannelId(channelId) ? `<#${channelId}>` : "this channel";
}

/** Cards as a list: as many whole cards as fit in `room` blocks, then a line saying how many were left out. */
function cardList(cards: Card[], room: number, firstRank?: number): KnownBlock[] {
  const blocks: KnownBlock[] = [];
  let shown = 0;
  for (const card of cards) {
    const rank = firstRank === undefined ? {} : { rank: firstRank + shown };
    const group = cardBlocks(card, { heading: "inline", maxBlocks: 4, ...rank });
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
  const kept = chunks.slice(0, Math.max(0, maxSections));
  const blocks = kept.map((chunk) => section(chunk));
  const last = blocks[blocks.length - 1];
  if (chunks.length > kept.length && last?.text) last.text.text = `${last.text.text}\n…and more not shown`;
  return blocks;
}

function peopleBlocks(reply: Extract<Reply, { kind: "people" }>): KnownBlock[] {
  const head = [
    section(peopleHeading(reply)),
    ...present(noticeBlock(reply.notice)),
    context([LEVEL_LEGEND]),
  ];
  const tail = present(buttonRow(pagingSpecs(reply)));
  const { lines } = reply;
  const room = MAX - head.length - tail.length - 1;
  const kept = lines.slice(0, room);
  const shown = kept.map((line, i) => {
    const text = peopleLineText(line, reply.firstLine + i + 1);
    // The first line of people outside the group carries their heading, so its buttons stay beside it.
    const heading = line.outside && !kept[i - 1]?.outside ? `${fmt.bold(OUTSIDE_HEADING)}\n` : "";
    return section(`${heading}${text}`, overflowOrButton(line.people.map(personButtonSpec)));
  });
  const left = lines.length - kept.length;
  return [...head, ...shown, ...(left > 0 ? [context([`…and ${left} more not shown here`])] : []), ...tail];
}

function authorBlocks(reply: Extract<Reply, { kind: "author" }>): KnownBlock[] {
  const { summary } = reply;
  const groups = authorPaperGroups(summary);
  const coauthors = coauthorLine(summary, reply.members);
  const open = staticSelect(
    "Open a paper…",
    groups.map((group) => ({
      label: group.label,
      specs: group.papers.map(openPaperSpec),
    })),
  );
  const byCoauthor = staticSelect("A co-author's papers…", [
    { label: "Co-authors", specs: summary.coauthors.map(coauthorSpec) },
  ]);
  const tail = present(actions(open, byCoauthor), coauthors ? context([coauthors]) : undefined);
  const lines = groups.flatMap((group, i) => [
    ...(i > 0 ? [""] : []),
    fmt.bold(`${group.label} (${group.papers.length})`),
    ...group.papers.map((paper) => paperLine(paper)),
  ]);
  const head = [
    header(summary.name),
    ...(reply.nearOf === undefined
      ? []
      : [context([`Nobody is called ${quoted(reply.nearOf)}; this is the nearest name.`])]),
    section(authorOverview(summary, reply.members), overflowOrButton(authorMenu(summary))),
  ];
  return [...head, ...lineSections(lines, MAX - head.length - tail.length), ...tail];
}

function notFoundBlocks(reply: Extract<Reply, { kind: "notFound" }>): KnownBlock[] {
  if (reply.purpose === "follow") {
    return present(
      section(notFoundText(reply)),
      buttonRow(followCandidateSpecs(reply.people ?? [], reply.query)),
    );
  }
  const people = candidateButtonSpecs(reply.people ?? []);
  const queries = didYouMeanSpecs(reply.didYouMean ?? []);
  return present(section(notFoundText(reply)), buttonRow([...people, ...queries]));
}

function blocksOf(reply: Reply): KnownBlock[] {
  switch (reply.kind) {
    case "results": {
      const head = present(
        section(resultsHeading(reply)),
        noticeBlock(reply.notice),
        buttonRow(didYouMeanSpecs(reply.didYouMean ?? [])),
      );
      const tail = present(buttonRow(pagingSpecs(reply)));
      return [...head, ...cardList(reply.cards, MAX - head.length - tail.length, reply.offset + 1), ...tail];
    }
    case "bibtex":
      return bibtexBlocks(reply.paper);
    case "card":
      return cardBlocks(reply.card, {
        heading: "header",
        maxBlocks: MAX,
        ...(reply.title ? { title: reply.title } : {}),
      });
    case "similar": {
      const head = [section(similarHeading(reply))];
      const tail = present(buttonRow(pagingSpecs(reply)));
      return [...head, ...cardList(reply.cards, MAX - head.length - tail.length), ...tail];
    }
    case "people":
      return peopleBlocks(reply);
    case "author":
      return authorBlocks(reply);
    case "ambiguous":
      return present(
        section(`Several people match ${quoted(reply.query)}. Which one did you mean?`),
        buttonRow(
          reply.purpose === "follow"
            ? followCandidateSpecs(reply.candidates, undefined)
            : candidateButtonSpecs(reply.candidates),
        ),
      );
    case "notFound":
      return notFoundBlocks(reply);
    case "stats": {
      const fields = [
        `${fmt.bold("Papers")}\n${reply.papers}`,
        `${fmt.bold("People")}\n${reply.people}`,
        `${fmt.bold("Members")}\n${reply.profiles}`,
        `${fmt.bold("Files")}\n${reply.files}`,
      ];
      const problems =
        reply.problems.length === 0
          ? [section("No loader problems.")]
          : lineSections(
              [
                fmt.bold(plural(reply.problems.length, "loader problem")),
                ...reply.problems.slice(0, 60).map((problem) => problemLine(problem)),
              ],
              3,
            );
      const state = reply.stateProblem === undefined ? [] : [section(stateProblemLine(reply.stateProblem))];
      return [fieldsSection(fields), ...state, ...problems];
    }
    case "help":
      return [section(helpText(reply))];
    case "daily":
      return [section(dailyText(reply.schedule))];
    case "dailyPreview": {
      const head = [section(dailyPreviewText(reply, channelLink(reply.schedule.channelId)))];
      if (!reply.card) return head;
      const card = cardBlocks(reply.card, {
        heading: "header",
        title: reply.title,
        maxBlocks: MAX - head.length,
      });
      return [...head, ...card];
    }
    case "info":
      return [section(messageText(reply.message))];
    case "error":
      return [section(`:warning: ${messageText(reply.message)}`)];
    default:
      return followBlocks(reply);
  }
}

/** The notification text of a reply that lists things or is more than its first section; undefined for the rest. */
function fallbackOf(reply: Reply): string | undefined {
  const plain = fmt.plain;
  switch (reply.kind) {
    case "results": {
      const titles = reply.cards.map((card, i) => `${reply.offset + i + 1}. ${plain(titleOf(card.paper))}`);
      const what = reply.showingFor ?? reply.query;
      const notice = reply.notice === undefined ? "" : ` (${plain(reply.notice)})`;
      return `${plural(reply.total, "paper", reply.orMore)} for ${quoted(what)}${notice}${titles.length > 0 ? `: ${titles.join("; ")}` : ""}`;
    }
    case "bibtex":
      return `BibTeX for ${plain(titleOf(reply.paper))}`;
    case "card":
      return `${reply.title ? `${plain(reply.title)}: ` : ""}${plain(titleOf(reply.card.paper))} (${plain(reply.card.paper.id)})`;
    case "similar": {
      const titles = reply.cards.map(
        (card, i) =>
          `${reply.offset + i + 1}. ${plain(titleOf(card.paper))}${card.shares ? ` (shares ${plain(card.shares.join(", "))})` : ""}`,
      );
      return `Papers like ${plain(titleOf(reply.of))}: ${titles.join("; ")}`;
    }
    case "people": {
      const names = reply.lines.map(
        (line, i) => `${reply.firstLine + i + 1}. ${line.people.map((p) => plain(p.name)).join(", ")}`,
      );
      const behind = reply.like
        ? `papers like ${plain(reply.topic)}`
        : quoted(reply.showingFor ?? reply.heading ?? reply.topic);
      return `People behind ${behind}: ${names.join("; ")}`;
    }
    case "author":
      return `${plain(reply.summary.name)}: ${plural(reply.summary.papers.length, "paper")}`;
    case "ambiguous":
      return `Several people match ${quoted(reply.query)}: ${reply.candidates.map((c) => plain(c.name)).join(", ")}`;
    case "notFound": {
      const options = [...(reply.people ?? []).map((p) => p.name), ...(reply.didYouMean ?? [])];
      return `${notFoundText(reply)}${options.length > 0 ? ` ${options.map(plain).join(", ")}` : ""}`;
    }
    case "stats":
      return `${reply.papers} papers, ${reply.people} people, ${reply.profiles} members with a file of their own, ${reply.files} files, ${reply.problems.length} loader problems${reply.stateProblem === undefined ? "" : `; saved state cannot be written (${plain(reply.stateProblem)})`}`;
    case "dailyPreview": {
      const paper = reply.card?.paper;
      const what = paper ? `: ${plain(titleOf(paper))} (${plain(paper.id)})` : "";
      return `${dailyPreviewText(reply, channelLink(reply.schedule.channelId)).split("\n")[0] ?? ""}${what}`;
    }
    case "error":
      return messageText(reply.message);
    case "following":
    case "saved":
    case "digest":
    case "whatsNew":
      return followFallback(reply);
    default:
      return undefined;
  }
}

/** The Block Kit message for a reply, inside every Block Kit limit whatever the corpus or the query holds. */
export function renderSlackMessage(reply: Reply): SlackMessage {
  const blocks = blocksOf(reply);
  const fitted =
    blocks.length > MAX
      ? [...blocks.slice(0, MAX - 1), context(["…shortened to fit in one message"])]
      : blocks;
  // A reply of one line of ours (help, a confirmation, a note) is its own fallback: its first section's text.
  const firstSection = blocks.find((block) => block.type === "section" && block.text !== undefined);
  const fallback =
    fallbackOf(reply) ?? (firstSection?.type === "section" ? firstSection.text?.text : "") ?? "";
  const text = truncate(fallback.replace(/\s+$/, ""), LIMITS.fallbackText);
  return { text: text === "" ? "Paperbot" : text, blocks: fitted };
}
