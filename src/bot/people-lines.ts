import type { Member } from "../corpus/types.js";
import type { Expert } from "../search/types.js";

/** Someone on a who line; `slack`: a member's Slack user id, when members.yml gives one. */
export type LinePerson = Expert & { slack?: string };

/** One line of a who reply: a person, or the people who bring the very same single paper. */
export interface PeopleLine {
  people: LinePerson[];
  papers: Expert["papers"];
  /** The best score among the line's people. */
  score: number;
  /** How much of their work is on the topic, 1 to 5 dots: never more than a line above it in its part. */
  level: number;
  /** Not in the group, in a corpus that has one: shown after the group's members, under a heading of its own. */
  outside?: boolean;
}

/** One page of a who reply, counted in lines (what the user reads) and in people (what a Show more resumes at). */
export interface PeoplePage {
  lines: PeopleLine[];
  /** Lines before this page. */
  firstLine: number;
  lineTotal: number;
  /** People before the page before this one, when this is not the first. */
  previousOffset?: number;
  /** People before the next page, when there is one. */
  nextOffset?: number;
}

/** Who is in the group: members.yml's members and the owners of author files (people with a file of their own). */
export interface Group {
  /** Members by person key, for their Slack ids. */
  members: ReadonlyMap<string, Member>;
  /** The corpus has a group at all: without one, nobody is "outside" it. */
  any: boolean;
}

export const NO_GROUP: Group = { members: new Map(), any: false };

/** The group of an index's corpus: its members.yml members, and whether anyone has a file of their own. */
export function groupOf(stats: { profiles: number; members?: readonly Member[] }): Group {
  const members = new Map((stats.members ?? []).map((member) => [member.key, member]));
  return { members, any: stats.profiles > 0 || members.size > 0 };
}

/** The members.yml members among these people, by key, with their Slack ids; undefined without a members.yml. */
export function membersAmong(
  stats: { members?: readonly Member[] },
  keys: readonly string[],
): Record<string, { slack?: string }> | undefined {
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
  const after = before + page.reduce((sum, line) => sum + line.people.length, 0);
  const peopleIn = (some: readonly PeopleLine[]) => some.reduce((sum, line) => sum + line.people.length, 0);
  const everyone = peopleIn(lines);
  return {
    lines: page,
    firstLine,
    lineTotal: lines.length,
    ...(firstLine > 0 ? { previousOffset: peopleIn(lines.slice(0, Math.max(0, firstLine - size))) } : {}),
    ...(after < everyone ? { nextOffset: after } : {}),
  };
}
