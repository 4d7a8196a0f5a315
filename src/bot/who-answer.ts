import type { Member } from "../corpus/types.js";
import { asWrittenIn } from "../search/names.js";
import { anyoneNamed } from "../search/notices.js";
import type { Expert, SearchIndex, WhoResult } from "../search/types.js";
import type { Intent } from "./intents.js";
import { MESSAGES, SEARCH_SUGGESTIONS, WHO_SUGGESTIONS } from "./messages.js";
import { paperNotFound } from "./paper-answers.js";
import { type Answer, info, toAsker } from "./ports.js";
import type { LinePerson, MembersOf, PeopleLine, PeoplePage } from "./reply.js";

/** Who is in the group: members.yml's members and the owners of author files (people with a file of their own). */
export interface Group {
  /** Members by person key, for their Slack ids. */
  members: ReadonlyMap<string, Member>;
  /** The corpus has a group at all: without one, nobody is "outside" it. */
  any: boolean;
}

const NO_GROUP: Group = { members: new Map(), any: false };

/** The group of an index's corpus: its members.yml members, and whether anyone has a file of their own. */
export function groupOf(stats: { profiles: number; members?: readonly Member[] }): Group {
  const members = new Map((stats.members ?? []).map((member) => [member.key, member]));
  return { members, any: stats.profiles > 0 || members.size > 0 };
}

/** The members.yml members among these people, by key, with their Slack ids; undefined without a members.yml. */
export function membersAmong(
  stats: { members?: readonly Member[] },
  keys: readonly string[],
): MembersOf | undefined {
  const { members } = groupOf({ profiles: 0, ...stats });
  if (members.size === 0) return undefined;
  return Object.fromEntries(
    keys.flatMap((key) => {
      const member = members.get(key);
      if (member === undefined) return [];
      return [[key, member.slack === undefined ? {} : { slack: member.slack }]];
    }),
  );
}

/** People a who reply reads at once: more than any topic has in seeds or the 100k bench corpus (178). */
export const PEOPLE_READ = 200;

export const LEVELS = 5;

const singlePaperOf = (expert: Expert): string | undefined =>
  expert.papers.length === 1 ? expert.papers[0]?.paper.id : undefined;

const inGroup = (expert: Expert, group: Group) => expert.profiled || group.members.has(expert.key);

/** Experts as lines, members first; neighbours on one same paper share a line; dots never rise going down. */
export function peopleLinesOf(experts: readonly Expert[], group: Group = NO_GROUP): PeopleLine[] {
  const people: LinePerson[] = experts.map((expert) => {
    const slack = group.members.get(expert.key)?.slack;
    return slack === undefined ? expert : { ...expert, slack };
  });
  const members = group.any ? people.filter((person) => inGroup(person, group)) : people;
  const others = group.any ? people.filter((person) => !inGroup(person, group)) : [];
  const inside = linesOf(members, false);
  const outside = linesOf(others, true);
  const top = Math.max(0, ...[...inside, ...outside].map((line) => line.score));
  for (const part of [inside, outside]) {
    let ceiling = LEVELS;
    for (const line of part) {
      const level = top > 0 ? Math.max(1, Math.min(LEVELS, Math.round((line.score / top) * LEVELS))) : 1;
      line.level = Math.min(level, ceiling);
      ceiling = line.level;
    }
  }
  return [...inside, ...outside];
}

function linesOf(people: readonly LinePerson[], outside: boolean): PeopleLine[] {
  const lines: PeopleLine[] = [];
  let open: { line: PeopleLine; paper: string } | undefined;
  for (const person of people) {
    const paper = singlePaperOf(person);
    if (open !== undefined && paper === open.paper) {
      open.line.people.push(person);
      open.line.score = Math.max(open.line.score, person.score);
      continue;
    }
    const line: PeopleLine = {
      people: [person],
      papers: person.papers,
      score: person.score,
      level: 1,
      ...(outside ? { outside } : {}),
    };
    lines.push(line);
    open = paper === undefined ? undefined : { line, paper };
  }
  return lines;
}

/** The `size` lines from the person at `offset`; a stale offset inside a line brings the whole line. */
export function peoplePageOf(lines: readonly PeopleLine[], offset: number, size: number): PeoplePage {
  let before = 0;
  let firstLine = 0;
  while (firstLine < lines.length && before + (lines[firstLine]?.people.length ?? 0) <= offset) {
    before += lines[firstLine]?.people.length ?? 0;
    firstLine += 1;
  }
  const page = lines.slice(firstLine, firstLine + size);
  const peopleIn = (some: readonly PeopleLine[]) => some.reduce((sum, line) => sum + line.people.length, 0);
  const after = before + peopleIn(page);
  const everyone = peopleIn(lines);
  return {
    lines: page,
    firstLine,
    lineTotal: lines.length,
    ...(firstLine > 0 ? { previousOffset: peopleIn(lines.slice(0, Math.max(0, firstLine - size))) } : {}),
    ...(after < everyone ? { nextOffset: after } : {}),
  };
}

/** Lines of a who reply: a person, or co-authors who share one paper. */
const LINES_PER_PAGE = 5;

/** "reward models besides Rui Zheng": the topic, then the people to leave out of the answer. */
const LEAVING_OUT =
  /^(.+?),? (?:besides|except(?: for)?|other than|apart from|aside from|excluding|but not|not counting) (.+)$/i;

/** Everyone a who reads, in rank order (undefined: its paper is gone): a page is cut from all, so it can end between lines. */
async function everyoneIn<T extends WhoResult | undefined>(read: (limit: number) => Promise<T>): Promise<T> {
  const first = await read(PEOPLE_READ);
  if (first === undefined || first.people.length >= first.total) return first;
  return read(first.total);
}

const everyoneBehind = (index: SearchIndex, topic: string) =>
  everyoneIn((limit) => index.who(topic, { limit, offset: 0 }));

/** Everyone behind the topic, without the people it says to leave out when they are someone. */
async function everyoneBut(index: SearchIndex, topic: string): Promise<WhoResult> {
  const [, rest, name] = LEAVING_OUT.exec(topic) ?? [];
  if (rest === undefined || name === undefined) return everyoneBehind(index, topic);
  const lookup = await index.author(name);
  if (lookup.kind === "notFound") return everyoneBehind(index, topic);
  const left =
    lookup.kind === "found"
      ? { keys: [lookup.summary.key], who: lookup.summary.name }
      : {
          keys: lookup.candidates.map((c) => c.key),
          who: anyoneNamed(asWrittenIn(name, lookup.candidates[0]?.name ?? ""), lookup.candidates.length),
        };
  const everyone = await everyoneBehind(index, rest);
  const people = everyone.people.filter((person) => !left.keys.includes(person.key));
  const notice = [everyone.notice, MESSAGES.leavingOut(left.who)].filter(Boolean).join(" ");
  return { ...everyone, people, total: people.length, notice };
}

export async function whoAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "who" }>,
): Promise<Answer> {
  const everyone = await everyoneBut(index, intent.topic);
  const lines = peopleLinesOf(everyone.people, groupOf(index.stats()));
  const page = peoplePageOf(lines, intent.offset, intent.limit ?? LINES_PER_PAGE);
  if (page.lines.length === 0) {
    if (intent.offset > 0) return info(MESSAGES.noMorePeople, intent.paging);
    if (everyone.notice !== undefined) return info(everyone.notice);
    // A topic that is someone's name ("who zheng"): their papers are a search of their own.
    const person = await index.author(intent.topic);
    const named =
      person.kind === "found"
        ? [SEARCH_SUGGESTIONS.author(person.summary.name)]
        : person.kind === "ambiguous"
          ? [SEARCH_SUGGESTIONS.author(intent.topic)]
          : [];
    return toAsker({
      kind: "notFound",
      what: "results",
      query: intent.topic,
      suggestions: [...named, ...WHO_SUGGESTIONS],
    });
  }
  const showingFor = everyone.showingFor === undefined ? {} : { showingFor: everyone.showingFor };
  const notice = everyone.notice === undefined ? {} : { notice: everyone.notice };
  const heading = everyone.topic === intent.topic ? {} : { heading: everyone.topic };
  const reply = {
    kind: "people" as const,
    topic: intent.topic,
    ...heading,
    ...showingFor,
    ...notice,
    ...page,
  };
  return toAsker(reply, intent.paging);
}

/** "who works on this?" under a card: its authors and those of papers like it, a page of lines at a time. */
export async function whoLikeAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "whoLike" }>,
): Promise<Answer> {
  const { id, others } = intent;
  const everyone = await everyoneIn((limit) => index.whoLike(id, { limit, offset: 0, others }));
  if (everyone === undefined) return paperNotFound(intent.id, intent.paging);
  const lines = peopleLinesOf(everyone.people, groupOf(index.stats()));
  const page = peoplePageOf(lines, intent.offset, LINES_PER_PAGE);
  if (page.lines.length === 0) {
    const message = intent.offset > 0 ? MESSAGES.noMorePeople : MESSAGES.nobodyElse;
    return info(message, intent.paging);
  }
  const like = { id: intent.id, others: intent.others };
  return toAsker({ kind: "people", topic: everyone.topic, like, ...page }, intent.paging);
}
