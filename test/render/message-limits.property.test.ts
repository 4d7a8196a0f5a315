import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HELP_TOPICS } from "../../src/bot/intents.js";
import type { Card, CardButton, Reply } from "../../src/bot/reply.js";
import { peopleLinesOf } from "../../src/bot/who-answer.js";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { LIVE_MARKUP, limitProblems, visibleTexts, withoutOwnLinks } from "./block-kit-checks.js";
import { isWellFormed } from "./well-formed.js";

const nasty = fc.constantFrom(
  "<!channel>",
  "<!here>",
  "<!everyone>",
  "@here",
  "@channel",
  "@everyone",
  "<@U123>",
  "<#C42|general>",
  "<http://evil.example|click>",
  "<!subteam^S1>",
  "&amp;",
  "&",
  "<",
  ">",
  "*",
  "`",
  "_",
  "~",
  "*bold*",
  "_it_",
  "~s~",
  "`c`",
  "😀",
  "👩‍🔬",
  "\u0000",
  "\n",
  " ",
);
const word = fc.oneof(fc.string({ unit: "grapheme", maxLength: 12 }), nasty);
const phrase = (maxWords: number) => fc.array(word, { maxLength: maxWords }).map((words) => words.join(" "));
const longText = fc.oneof(
  phrase(40),
  fc.tuple(nasty, fc.integer({ min: 1, max: 2500 })).map(([token, n]) => token.repeat(n).slice(0, 10_000)),
);

/** What an export can carry into a link: hostile schemes, markup, spaces and the odd real link. */
const linkish = fc.oneof(
  longText,
  fc.constantFrom(
    "javascript:alert(1)",
    "<!channel>",
    "https://example.org/a|b>c<d&e",
    "https://github.com/org/repo",
    "http://example.org/paper.pdf",
    "data:text/html,<b>x</b>",
    "10.1000/ has spaces",
    "10.18653/v1/2023.acl-long.7",
    "2309.07864",
    "hep-th/9901001",
  ),
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const paper: fc.Arbitrary<Paper> = fc
  .record({
    id: fc.stringMatching(/^[a-z0-9]{1,12}$/),
    headline: longText,
    // An export's author list can be 500 names long.
    authors: fc.oneof(
      fc.array(phrase(4), { maxLength: 4 }),
      fc.array(phrase(2), { minLength: 400, maxLength: 500 }),
    ),
    owners: fc.array(phrase(4), { maxLength: 3 }),
    etAl: fc.boolean(),
    abstract: fc.oneof(
      longText,
      linkish.map((link) => `Code at ${link} and https://github.com/${link}.`),
    ),
    title: optional(longText),
    venue: optional(longText),
    year: optional(fc.integer({ min: 1900, max: 2100 })),
    doi: optional(linkish),
    arxivId: optional(linkish),
    url: optional(linkish),
    // An entry as a .bib file gave it: anything at all, up to the loader's 20,000 characters.
    bibtex: optional(
      fc.oneof(
        longText,
        linkish.map((link) => `@misc{k,\n  url = {${link}},\n  note = {<!channel>}\n}`),
      ),
    ),
  })
  .map(({ title, venue, year, doi, arxivId, url, bibtex, ...p }) => ({
    ...p,
    ...(title === undefined ? {} : { title }),
    ...(venue === undefined ? {} : { venue }),
    ...(year === undefined ? {} : { year }),
    ...(doi === undefined ? {} : { doi }),
    ...(arxivId === undefined ? {} : { arxivId }),
    ...(url === undefined ? {} : { url }),
    ...(bibtex === undefined ? {} : { bibtex }),
    authorKeys: p.authors.map((_, i) => `a${i}`),
    ownerKeys: p.owners.map((_, i) => `o${i}`),
    sources: [{ file: "x.txt", line: 1 }],
  }));

const buttons = fc.subarray<CardButton>(["share", "similar", "moreBy", "full", "reroll", "save", "follow"]);
const card: fc.Arbitrary<Card> = fc.record({
  paper,
  snippet: fc.option(fc.array(fc.record({ text: phrase(6), match: fc.boolean() }), { maxLength: 8 }), {
    nil: undefined,
  }),
  full: fc.boolean(),
  sharedBy: fc.option(fc.oneof(fc.constant("U0123ABC"), phrase(2)), { nil: undefined }),
  shares: fc.option(fc.array(phrase(3), { maxLength: 4 }), { nil: undefined }),
  seen: fc.option(fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { maxLength: 500 }), { nil: undefined }),
  buttons,
});
const cards = fc.array(card, { maxLength: 100 });
const person = fc.record({
  key: fc.oneof(phrase(3), fc.constant("k")),
  name: longText,
  papers: fc.nat(500),
});

const followTarget = fc.record({
  kind: fc.constantFrom("topic" as const, "author" as const),
  target: fc.oneof(phrase(3), longText),
  label: longText,
});
const listPage = {
  total: fc.nat(5000),
  offset: fc.nat(2000),
  nextOffset: fc.option(fc.nat(5000), { nil: undefined }),
};
const savedItem = fc.record({
  paperId: fc.stringMatching(/^[a-z0-9]{1,12}$/),
  savedAt: fc.nat(),
  headline: longText,
  authors: longText,
  owners: fc.array(longText, { maxLength: 3 }),
  abstract: longText,
  paper: fc.option(paper, { nil: undefined }),
});

const followReply: fc.Arbitrary<Reply> = fc.oneof(
  fc.record({
    kind: fc.constant("followed" as const),
    target: followTarget,
    added: fc.boolean(),
    matching: fc.nat(10_000),
    total: fc.nat(1000),
    dailyCap: fc.integer({ min: 1, max: 50 }),
  }),
  fc.record({ kind: fc.constant("unfollowed" as const), target: followTarget, removed: fc.boolean() }),
  fc.record({
    kind: fc.constant("following" as const),
    follows: fc.array(followTarget, { maxLength: 120 }),
    notice: fc.option(longText, { nil: undefined }),
    ...listPage,
  }),
  fc.record({
    kind: fc.constant("saved" as const),
    items: fc.array(savedItem, { maxLength: 80 }),
    notice: fc.option(longText, { nil: undefined }),
    ...listPage,
  }),
  fc.record({
    kind: fc.constantFrom("savedOne" as const),
    paper: fc.record({ id: fc.stringMatching(/^[a-z0-9]{1,12}$/), headline: longText }),
    added: fc.boolean(),
    total: fc.nat(),
  }),
  fc.record({
    kind: fc.constantFrom("unsaved" as const),
    paper: fc.record({ id: fc.stringMatching(/^[a-z0-9]{1,12}$/), headline: longText }),
    removed: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant("digest" as const),
    digestId: fc.uuid(),
    groups: fc.array(
      fc.record({
        follow: followTarget,
        papers: fc.array(fc.record({ paper, also: fc.array(followTarget, { maxLength: 30 }) }), {
          maxLength: 30,
        }),
      }),
      { maxLength: 30 },
    ),
    capReached: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    ...listPage,
  }),
  fc.record({
    kind: fc.constant("whatsNew" as const),
    papers: fc.array(paper, { maxLength: 80 }),
    changedAt: fc.option(fc.nat(4_000_000_000_000), { nil: undefined }),
    since: fc.option(fc.nat(4_000_000_000_000), { nil: undefined }),
    topic: fc.option(longText, { nil: undefined }),
    ...listPage,
  }),
  fc.record({
    kind: fc.constant("ambiguous" as const),
    query: longText,
    candidates: fc.array(person, { maxLength: 40 }),
    purpose: fc.constant("follow" as const),
  }),
  fc.record({
    kind: fc.constant("notFound" as const),
    what: fc.constant("author" as const),
    query: longText,
    suggestions: fc.array(longText, { maxLength: 20 }),
    people: fc.option(fc.array(person, { maxLength: 10 }), { nil: undefined }),
    purpose: fc.constant("follow" as const),
  }),
);

const reply: fc.Arbitrary<Reply> = fc.oneof(
  followReply,
  fc.record({
    kind: fc.constant("results" as const),
    query: longText,
    total: fc.nat(1000),
    offset: fc.nat(100),
    cards,
    nextOffset: fc.option(fc.nat(1000), { nil: undefined }),
    notice: fc.option(longText, { nil: undefined }),
    showingFor: fc.option(longText, { nil: undefined }),
    didYouMean: fc.option(fc.array(longText, { maxLength: 5 }), { nil: undefined }),
    perPage: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant("card" as const), card, title: fc.option(longText, { nil: undefined }) }),
  fc.record({ kind: fc.constant("bibtex" as const), paper }),
  fc.record({
    kind: fc.constant("similar" as const),
    of: paper,
    cards,
    offset: fc.nat(100),
    nextOffset: fc.option(fc.nat(100), { nil: undefined }),
  }),
  fc
    .record({
      topic: longText,
      firstLine: fc.nat(100),
      lineTotal: fc.nat(1000),
      nextOffset: fc.option(fc.nat(1000), { nil: undefined }),
      notice: fc.option(longText, { nil: undefined }),
      like: fc.option(fc.record({ id: fc.stringMatching(/^[a-z0-9]{7}$/), others: fc.boolean() }), {
        nil: undefined,
      }),
      people: fc.array(
        fc.record({
          key: phrase(2),
          name: longText,
          score: fc.double({ min: 0, max: 100, noNaN: true }),
          profiled: fc.boolean(),
          papers: fc.array(fc.record({ paper, score: fc.double({ min: 0, max: 10, noNaN: true }) }), {
            maxLength: 6,
          }),
        }),
        { maxLength: 60 },
      ),
    })
    .map(
      ({ people, nextOffset, notice, like, ...page }): Reply => ({
        kind: "people",
        ...page,
        lines: peopleLinesOf(people),
        ...(nextOffset !== undefined ? { nextOffset } : {}),
        ...(notice !== undefined ? { notice } : {}),
        ...(like !== undefined ? { like } : {}),
      }),
    ),
  fc.record({
    kind: fc.constant("author" as const),
    nearOf: fc.option(longText, { nil: undefined }),
    summary: fc.record({
      key: phrase(2),
      name: longText,
      profiled: fc.boolean(),
      papers: fc.array(fc.record({ paper, firstAuthor: fc.boolean() }), { maxLength: 120 }),
      coauthors: fc.array(person, { maxLength: 60 }),
      topics: fc.array(phrase(3), { maxLength: 30 }),
    }),
  }),
  fc.record({
    kind: fc.constant("ambiguous" as const),
    query: longText,
    candidates: fc.array(person, { maxLength: 40 }),
  }),
  fc.record({
    kind: fc.constant("notFound" as const),
    what: fc.constantFrom("author" as const, "paper" as const, "results" as const),
    query: longText,
    suggestions: fc.array(longText, { maxLength: 20 }),
    people: fc.option(fc.array(person, { maxLength: 10 }), { nil: undefined }),
    didYouMean: fc.option(fc.array(longText, { maxLength: 5 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("help" as const),
    exampleId: fc.option(fc.stringMatching(/^[a-z0-9]{7}$/), { nil: undefined }),
    topic: fc.option(fc.constantFrom(...HELP_TOPICS), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant("stats" as const),
    papers: fc.nat(),
    people: fc.nat(),
    profiles: fc.nat(),
    files: fc.nat(),
    problems: fc.array(fc.record({ file: longText, line: fc.nat(), message: longText }), { maxLength: 200 }),
  }),
  fc.record({ kind: fc.constantFrom("info" as const, "error" as const), message: longText }),
  fc.record({
    kind: fc.constant("dailyPreview" as const),
    title: longText,
    card: fc.option(card, { nil: undefined }),
    schedule: fc.record({
      channelId: fc.oneof(phrase(1), fc.constantFrom("C0PAPERS", "G0PRIVATE", "D0DIRECT", "C0>x")),
      enabled: fc.boolean(),
      time: fc.constantFrom("09:00", "23:59"),
      timeZone: longText,
      weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7]),
      nextRunAt: fc.option(fc.oneof(fc.constant("2026-01-16T09:00:00.000+01:00"), longText), {
        nil: undefined,
      }),
      paused: fc.option(longText, { nil: undefined }),
      recent: fc.constant<{ date: string; paper: Paper }[]>([]),
    }),
  }),
);

/** mrkdwn texts of the blocks: where a stray `*`, `_`, `~` or backtick would become formatting. */
function mrkdwnTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) mrkdwnTexts(item, out);
  else if (value && typeof value === "object") {
    if ("type" in value && value.type === "mrkdwn" && "text" in value && typeof value.text === "string")
      out.push(value.text);
    else for (const [key, inner] of Object.entries(value)) if (key !== "value") mrkdwnTexts(inner, out);
  }
  return out;
}

const count = (text: string, mark: string) => text.split(mark).length - 1;

describe("renderSlackMessage on hostile text", () => {
  it("stays inside every Block Kit limit and lets no text notify anyone or fake a link", () => {
    fc.assert(
      fc.property(reply, (r) => {
        const message = renderSlackMessage(r);
        expect(limitProblems(message.blocks)).toEqual([]);
        expect(message.text.length).toBeGreaterThan(0);
        expect(message.text.length).toBeLessThanOrEqual(3000);
        // Rich text (a BibTeX entry) is shown as written, never read as mrkdwn: only a ping must not get through.
        const rich = message.blocks.filter((block) => block.type === "rich_text");
        for (const text of visibleTexts(rich)) {
          expect(isWellFormed(text)).toBe(true);
          expect(text.length).toBeLessThanOrEqual(3000);
          expect(text).not.toMatch(/<[!@#]/);
        }
        const texts = [
          message.text,
          ...visibleTexts(message.blocks.filter((block) => block.type !== "rich_text")),
        ];
        // A preview links its channel (a link, never a ping), from the schedule's own channel id only.
        const ownChannel = r.kind === "dailyPreview" ? `<#${r.schedule.channelId}>` : undefined;
        for (const text of texts) {
          expect(isWellFormed(text)).toBe(true);
          const ours = withoutOwnLinks(ownChannel === undefined ? text : text.replaceAll(ownChannel, ""));
          expect(ours.replace(/Shared by <@U[A-Z0-9]+>$/, "")).not.toMatch(LIVE_MARKUP);
        }
        // Only our own marks are left, and they come in pairs: none from the corpus or the query.
        for (const whole of mrkdwnTexts(message.blocks)) {
          expect(count(whole, "`") % 2, whole).toBe(0);
          // Inside a code span or a link's address Slack formats nothing: ids and file names show there as written.
          const text = withoutOwnLinks(whole).replace(/`[^`]*`/g, "");
          expect(text).not.toContain("**");
          expect(count(text, "~")).toBe(0);
          for (const mark of ["*", "_"]) expect(count(text, mark) % 2, `${mark} in ${text}`).toBe(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("the follow, reading-list, digest and what's-new replies on hostile text", () => {
  it("stay inside every Block Kit limit and let no text notify anyone", () => {
    fc.assert(
      fc.property(followReply, (r) => {
        const message = renderSlackMessage(r);
        expect(limitProblems(message.blocks)).toEqual([]);
        expect(message.text.length).toBeLessThanOrEqual(3000);
        for (const text of [message.text, ...visibleTexts(message.blocks)]) {
          expect(isWellFormed(text)).toBe(true);
          expect(text).not.toMatch(LIVE_MARKUP);
        }
      }),
      { numRuns: 300 },
    );
  });
});
