import { helpLines, topicHelpLines } from "../bot/messages.js";
import type { Card, MembersOf, Reply } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import type { AuthorSummary, SnippetPart } from "../search/types.js";
import { fmt, slackMention } from "./escape.js";
import { truncate } from "./limits.js";
import { paperLinksOf } from "./paper-links.js";

/** Text pieces of the Block Kit replies; every corpus or user string goes through `fmt.plain`. */

const PREVIEW_CHARS = 300;
const QUERY_CHARS = 200;

/** The abstract cut near `chars` (300) characters at a word break, or whole when it is short. */
export function abstractPreview(abstract: string, chars = PREVIEW_CHARS): string {
  if (abstract.length <= chars) return abstract;
  const space = abstract.lastIndexOf(" ", chars - 1);
  const cut = space > chars * 0.7 ? space : chars - 1;
  return truncate(abstract, cut + 1);
}

export function quoted(text: string): string {
  return `“${fmt.plain(truncate(text, QUERY_CHARS))}”`;
}

/** "1 paper", "1,000 papers"; `orMore`: "1,000+ papers" (a count of what was read, more may be). */
export function plural(n: number, word: string, orMore = false): string {
  return `${n.toLocaleString("en-US")}${orMore ? "+" : ""} ${word}${n === 1 && !orMore ? "" : "s"}`;
}

/** Our own words with `code` spans, as bot/messages.ts writes them; anything else in them is shown as written. */
export function messageText(message: string): string {
  return message
    .split("`")
    .map((part, i) => (i % 2 === 1 && part !== "" ? fmt.code(part) : fmt.plain(part)))
    .join("");
}

/** Authors a card names before "et al.": an export's 500 authors stay one grey line. */
const AUTHORS_SHOWN = 3;
const MEMBERS_SHOWN = 5;

/** "A, *B*, C et al. · with *D*": the first authors, members in bold, then the members not shown. */
export function authorLine(
  paper: Paper,
  memberKeys: readonly string[] = [],
  authorsShown = AUTHORS_SHOWN,
): string {
  const members = new Set([...paper.ownerKeys, ...memberKeys]);
  const shown = paper.authors.slice(0, authorsShown).map((name, i) => {
    const safe = fmt.plain(truncate(name, 80));
    return members.has(paper.authorKeys[i] ?? "") ? fmt.bold(safe) : safe;
  });
  const named = new Set(paper.authorKeys.slice(0, authorsShown));
  const hidden = paper.owners.filter((_, i) => !named.has(paper.ownerKeys[i] ?? ""));
  const etAl = paper.etAl || paper.authors.length > authorsShown;
  const line = `${shown.join(", ")}${shown.length > 0 && etAl ? " et al." : ""}`;
  if (hidden.length === 0) return line || "Authors unknown";
  const more = hidden.length > MEMBERS_SHOWN ? ` and ${hidden.length - MEMBERS_SHOWN} more` : "";
  const also = `${hidden
    .slice(0, MEMBERS_SHOWN)
    .map((name) => fmt.bold(fmt.plain(truncate(name, 80))))
    .join(", ")}${more}`;
  return line ? `${line} · with ${also}` : also;
}

/**
 * A venue in about `room` characters: whole when it fits; else without what every proceedings says ("Proceedings of
 * the 61st …", "(Volume 1: Long Papers)"; the year is shown beside it), then its acronym in brackets ("(CVPR)") or
 * the event after a colon.
 */
function venueIn(venue: string, room: number): string {
  if (venue.length <= room) return venue;
  const core = venue
    .replace(/^(?:proceedings of (?:the )?)?(?:(?:\d+(?:st|nd|rd|th)|(?:19|20)\d\d)\s+)*/i, "")
    .replace(/\s*\((?:volume|vol\.)[^)]*\)\s*$/i, "")
    .trim();
  if (core.length <= room) return core;
  const acronym = /\(([A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*)\)/.exec(core)?.[1];
  if (acronym !== undefined) return acronym;
  // The event named after a colon or comma, its year left out (it is beside it): the ACL Anthology's "Findings of
  // the Association for Computational Linguistics: EMNLP 2024" is "Findings of EMNLP", DBLP's "The Twelfth
  // International Conference on Learning Representations, ICLR 2024, Vienna, Austria, May 7-11, 2024" is "ICLR".
  const named = /[,:]\s*([A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*)(?:\s+(?:19|20)\d\d\b|$)/.exec(core);
  const event = named?.[1];
  if (event !== undefined) return /^findings\b/i.test(core) ? `Findings of ${event}` : event;
  return truncate(core, room);
}

/** The card's grey line: the authors (members in bold), the venue and the year, in about `chars` characters. */
export function paperByline(
  paper: Paper,
  chars = 90,
  memberKeys: readonly string[] = [],
  authorsShown = AUTHORS_SHOWN,
): string {
  const authors = authorLine(paper, memberKeys, authorsShown);
  // The venue gets what the authors leave of the line (marks and entities do not show), or is left out.
  const shown = authors.replace(/[*]|&[a-z]+;/g, " ").length;
  // Two " · " and a four-digit year: 10 characters.
  const room = chars - shown - 10;
  const venue = paper.venue?.trim() && room >= 12 ? fmt.plain(venueIn(paper.venue.trim(), room)) : undefined;
  return [authors, venue, paper.year === undefined ? undefined : String(paper.year)]
    .filter((part) => part !== undefined)
    .join(" · ");
}

/** "arXiv · DOI · PDF · code · id 2f9k3xa": where the paper opens, small, and the handle to find it again. */
export function paperLinksLine(paper: Paper): string {
  const links = paperLinksOf(paper);
  const labelled: [string | undefined, string][] = [
    [links.arxiv, "arXiv"],
    [links.doi, "DOI"],
    [links.pdf, "PDF"],
    [links.code, "code"],
  ];
  const shown = labelled.flatMap(([href, label]) => (href === undefined ? [] : [fmt.link(href, label)]));
  return [...shown, `id ${fmt.plain(paper.id)}`].join(" · ");
}

/** Why a paper is like another: "shares *reward models* · *RLHF*" (the terms are corpus text, shown as written). */
export function sharesLine(shares: readonly string[] | undefined): string | undefined {
  const terms = (shares ?? []).filter((term) => term.trim() !== "").slice(0, 4);
  if (terms.length === 0) return undefined;
  return `shares ${terms.map((term) => fmt.bold(fmt.plain(truncate(term, 60)))).join(", ")}`;
}

/** The card's title: bold, linked to the paper (DOI, else arXiv, else its URL) when it has a link. */
export function paperTitle(paper: Paper, max: number): string {
  const title = fmt.bold(fmt.plain(truncate(titleOf(paper), max)));
  const href = paperLinksOf(paper).title;
  return href === undefined ? title : fmt.link(href, title);
}

const CONNECTOR = /^(?:\s+|\s*-\s*|\s+(?:of|from|with|for|and|the|to|in|on|a|an|by|via)\s+)$/i;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Matches joined by spaces, hyphens or one small word make one bold phrase, always of whole words. */
function snippetRuns(parts: SnippetPart[]): SnippetPart[] {
  const merged: SnippetPart[] = [];
  for (const part of parts) {
    if (part.text === "") continue;
    const last = merged.at(-1);
    const beforeLast = merged.at(-2);
    if (part.match && last && !last.match && beforeLast?.match && CONNECTOR.test(last.text)) {
      merged.pop();
      beforeLast.text += last.text + part.text;
    } else if (last && last.match === part.match) {
      last.text += part.text;
    } else {
      merged.push({ ...part });
    }
  }
  // A bold mark inside a word does not render in Slack: widen the phrase to the word's edges.
  for (let i = 0; i < merged.length; i++) {
    const part = merged[i];
    if (part === undefined || !part.match) continue;
    const next = merged[i + 1];
    if (next && WORD_CHAR.test(part.text.slice(-1)) && WORD_CHAR.test(next.text.charAt(0))) {
      const tail = /^[\p{L}\p{N}'’]+/u.exec(next.text)?.[0] ?? "";
      part.text += tail;
      next.text = next.text.slice(tail.length);
    }
    const previous = merged[i - 1];
    if (previous && WORD_CHAR.test(part.text.charAt(0)) && WORD_CHAR.test(previous.text.slice(-1))) {
      const head = /[\p{L}\p{N}'’]+$/u.exec(previous.text)?.[0] ?? "";
      part.text = head + part.text;
      previous.text = previous.text.slice(0, previous.text.length - head.length);
    }
  }
  // Widening can empty the text between two phrases: they are one phrase then.
  const joined: SnippetPart[] = [];
  for (const part of merged) {
    const last = joined.at(-1);
    if (part.text === "") continue;
    if (last && last.match === part.match) last.text += part.text;
    else joined.push(part);
  }
  return joined;
}

function snippetText(parts: SnippetPart[]): string {
  return snippetRuns(parts)
    .map((part) => (part.match ? fmt.bold(fmt.plain(part.text)) : fmt.plain(part.text)))
    .join("");
}

/** The snippet from a little before its first matched word, when that word would fall past `max` characters. */
function fromFirstMatch(parts: SnippetPart[], max: number): SnippetPart[] {
  const first = parts.findIndex((part) => part.match);
  const lead = parts.slice(0, Math.max(0, first)).reduce((n, part) => n + part.text.length, 0);
  const before = parts[first - 1];
  if (first <= 0 || lead + (parts[first]?.text.length ?? 0) <= max || before === undefined) return parts;
  // Keep a few words of context before the match, starting at a word.
  const room = Math.floor(max / 4);
  const tail = before.text.slice(-room);
  const space = tail.indexOf(" ");
  const kept = space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : "";
  return [{ text: `…${kept}`, match: false }, ...parts.slice(first)];
}

/** The snippet's parts cut near `max` characters at a word break, with "…" where it was cut. */
function clippedSnippet(whole: SnippetPart[], max: number): SnippetPart[] {
  const parts = fromFirstMatch(whole, max);
  if (parts.reduce((n, part) => n + part.text.length, 0) <= max) return parts;
  const kept: SnippetPart[] = [];
  // Cut short, the text leaves room for the "…" after it.
  let room = max - 1;
  for (const part of parts) {
    if (part.text.length <= room) {
      kept.push(part);
      room -= part.text.length;
      continue;
    }
    const space = part.text.lastIndexOf(" ", room);
    // A word that does not fit is left out whole: "multi-*age*…" would bold half a word, "*RLHF* u…" show a letter.
    // Only a first word longer than the room is cut inside.
    let cut = space >= 0 ? space : part.match || kept.length > 0 ? 0 : room;
    // Never half of a surrogate pair: a lone half is not text.
    const code = part.text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    const text = part.text.slice(0, cut).trimEnd();
    if (text !== "") kept.push({ ...part, text });
    kept.push({ text: "…", match: false });
    break;
  }
  return kept;
}

/** What a card says when its source gave no abstract (Google Scholar and DBLP exports never do). */
export const NO_ABSTRACT = "No abstract in the library.";

/** A card's body: the whole abstract, the matches in context, the opening, or that there is no abstract. */
export function cardBodyText(card: Card, chars = PREVIEW_CHARS): string {
  if (card.paper.abstract.trim() === "") return fmt.italic(NO_ABSTRACT);
  if (card.full) return fmt.plain(card.paper.abstract);
  if (card.snippet && card.snippet.length > 0) return snippetText(clippedSnippet(card.snippet, chars));
  return fmt.plain(abstractPreview(card.paper.abstract, chars));
}

/** "• Title (2024) `id`": a paper in a list, its year where it has one. */
export function paperLine(paper: Paper): string {
  const year = paper.year === undefined ? "" : ` (${paper.year})`;
  return `• ${fmt.plain(truncate(titleOf(paper), 200))}${year} ${fmt.code(paper.id)}`;
}

/** What a paper is called in a list: its named method ("SPA-VL"), else its headline shortened. */
export function shortTitleOf(paper: Paper): string {
  const title = titleOf(paper);
  const colon = title.indexOf(": ");
  if (colon > 0 && colon <= 40) return title.slice(0, colon).replace(/\s+\(.*\)$/u, "");
  return truncate(title, 60);
}

export function resultsHeading(reply: Extract<Reply, { kind: "results" }>): string {
  const shown = reply.cards.length === 0 ? "" : ` · ${reply.offset + 1}–${reply.offset + reply.cards.length}`;
  const count = plural(reply.total, "paper", reply.orMore);
  if (reply.showingFor) {
    return `Showing results for ${fmt.bold(fmt.plain(truncate(reply.showingFor, QUERY_CHARS)))} · ${count}${shown}`;
  }
  return `${fmt.bold(count)} for ${quoted(reply.query)}${shown}`;
}

/** "Papers like *headline*", with the range once there is more than one page. */
export function similarHeading(reply: Extract<Reply, { kind: "similar" }>): string {
  const paged = reply.offset > 0 || reply.nextOffset !== undefined;
  const range = paged ? ` · ${reply.offset + 1}–${reply.offset + reply.cards.length}` : "";
  return `Papers like ${fmt.bold(fmt.plain(truncate(titleOf(reply.of), 300)))}${range}`;
}

/** " · 6–10 of 23" when a list has more than the page shows. */
export function range(offset: number, shown: number, total: number): string {
  return total > shown ? ` · ${offset + 1}–${offset + shown} of ${total}` : "";
}

export function peopleHeading(reply: Extract<Reply, { kind: "people" }>): string {
  const lines = range(reply.firstLine, reply.lines.length, reply.lineTotal);
  if (reply.showingFor) {
    return `Showing people behind ${fmt.bold(fmt.plain(truncate(reply.showingFor, QUERY_CHARS)))}${lines}`;
  }
  if (reply.like) {
    const who = reply.like.others ? "Others who work" : "People who work";
    return `${who} on papers like ${fmt.bold(fmt.plain(truncate(reply.topic, QUERY_CHARS)))}${lines}`;
  }
  return `${fmt.bold(`People behind ${quoted(reply.heading ?? reply.topic)}`)}${lines}`;
}

export function authorOverview(summary: AuthorSummary, members?: MembersOf): string {
  const firsts = summary.papers.filter((p) => p.firstAuthor).length;
  const reach = summary.profiled ? "" : " · counted where an author line names them";
  const self = members?.[summary.key];
  const mention = slackMention(self?.slack);
  const member = self === undefined ? "" : `Member of the group${mention === "" ? "" : ` ${mention}`} · `;
  const lines = [`${member}${plural(summary.papers.length, "paper")} · ${firsts} as first author${reach}`];
  if (summary.topics.length > 0)
    lines.push(
      `${fmt.bold("Topics")}  ${summary.topics
        .slice(0, 8)
        .map((topic) => fmt.plain(topic))
        .join(" · ")}`,
    );
  return lines.join("\n");
}

/** The person's papers, first-author ones first, each group under its own label. */
export function authorPaperGroups(summary: AuthorSummary): { label: string; papers: Paper[] }[] {
  const firsts = summary.papers.filter((p) => p.firstAuthor).map((p) => p.paper);
  const others = summary.papers.filter((p) => !p.firstAuthor).map((p) => p.paper);
  return [
    { label: "As first author", papers: firsts },
    { label: firsts.length > 0 ? "As co-author" : "Papers", papers: others },
  ].filter((group) => group.papers.length > 0);
}

const COAUTHORS_SHOWN = 12;

/** "Often with  A (4), B (3)": with a members.yml, members first (mentioned), the others apart. */
export function coauthorLine(summary: AuthorSummary, members?: MembersOf): string | undefined {
  if (summary.coauthors.length === 0) return undefined;
  const shown = summary.coauthors.slice(0, COAUTHORS_SHOWN);
  const named = (c: AuthorSummary["coauthors"][number]) => {
    const mention = slackMention(members?.[c.key]?.slack);
    return `${fmt.plain(c.name)}${mention === "" ? "" : ` ${mention}`} (${c.papers})`;
  };
  const more = summary.coauthors.length - COAUTHORS_SHOWN;
  const tail = more > 0 ? `, and ${more} more` : "";
  if (members === undefined) return `${fmt.bold("Often with")}  ${shown.map(named).join(", ")}${tail}`;
  const inGroup = shown.filter((c) => members[c.key] !== undefined).map(named);
  const outside = shown.filter((c) => members[c.key] === undefined).map(named);
  return [
    ...(inGroup.length > 0 ? [`${fmt.bold("Often with")}  ${inGroup.join(", ")}`] : []),
    ...(outside.length > 0 ? [`${fmt.bold("Outside the group")}  ${outside.join(", ")}`] : []),
  ]
    .join(" · ")
    .concat(tail);
}

export function notFoundText(reply: Extract<Reply, { kind: "notFound" }>): string {
  const suggestions = reply.suggestions.slice(0, 10).map((s) => messageText(truncate(s, 200)));
  switch (reply.what) {
    case "author": {
      const head = `I couldn't find anyone called ${quoted(reply.query)}.`;
      if (reply.purpose === "follow") {
        return (reply.people?.length ?? 0) > 0
          ? `${head} Follow one of these, or the words as a topic:`
          : `${head} Follow the words as a topic instead?`;
      }
      if ((reply.people?.length ?? 0) > 0) return `${head} Did you mean:`;
      return suggestions.length > 0
        ? `${head}\nClosest names: ${suggestions.join(", ")}`
        : `${head}\nCheck the spelling, or try the surname alone.`;
    }
    case "paper": {
      // A DOI, arXiv id, link or citation key pasted, not one of our ids.
      const head = /[/:.]/.test(reply.query)
        ? `No paper in the library is ${quoted(reply.query)}.`
        : `No paper has the id ${quoted(reply.query)}: it may have left the corpus, or the id is mistyped.`;
      return [head, ...suggestions.map((s) => `• ${s}`)].join("\n");
    }
    case "results": {
      const absent = (reply.missing ?? []).slice(0, 10).map((word) => quoted(truncate(word, 100)));
      const head =
        absent.length > 0
          ? `Nothing matched ${quoted(reply.query)}: no paper mentions ${absent.join(", ")}.`
          : `Nothing matched ${quoted(reply.query)}.`;
      if (absent.length > 0 && (reply.didYouMean?.length ?? 0) > 0) return `${head} Search instead:`;
      if ((reply.didYouMean?.length ?? 0) > 0) return `${head} Did you mean:`;
      return [head, ...(suggestions.length > 0 ? ["Try:", ...suggestions.map((s) => `• ${s}`)] : [])].join(
        "\n",
      );
    }
  }
}

export function problemLine(problem: { file: string; line: number; message: string }): string {
  const where = problem.line > 0 ? `${problem.file}:${problem.line}` : problem.file;
  return `• ${fmt.code(truncate(where, 120))} ${fmt.plain(truncate(problem.message, 200))}`;
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
export function stateProblemLine(problem: string): string {
  const what = STATE_PROBLEMS[problem] ?? fmt.plain(problem);
  return `${fmt.bold("Saved state")} is ${what}: answers go on, repeats are caught in memory only, daily posts and follow DMs wait. Paperbot tries it again every few seconds and carries on by itself once it works.`;
}

/** One feature's usage card. */

export function helpText(reply: Extract<Reply, { kind: "help" }>): string {
  const lines =
    reply.topic === undefined
      ? helpLines(reply.exampleId, reply.examples)
      : topicHelpLines(reply.topic, reply.examples);
  return lines.map((line) => messageText(line)).join("\n");
}
