import type { Expert } from "../search/types.js";

/** One line of a who reply: a person, or the people whose evidence is the same papers. */
export interface PeopleLine {
  people: Expert[];
  papers: Expert["papers"];
  /** The best score among the line's people. */
  score: number;
}

/** One page of a who reply, counted in lines (what the user reads) and in people (what a Show more resumes at). */
export interface PeoplePage {
  lines: PeopleLine[];
  /** Lines before this page. */
  firstLine: number;
  lineTotal: number;
  /** The best score of all lines, the yardstick of every page's score bars. */
  topScore: number;
  /** People before the page before this one, when this is not the first. */
  previousOffset?: number;
  /** People before the next page, when there is one. */
  nextOffset?: number;
}

/**
 * People a who reply reads at once, to cut its page from all of them: more than a topic has in the seeds or
 * the 100,000-paper bench corpus (at most 178); a topic with more is read again whole.
 */
export const PEOPLE_READ = 200;

const evidenceOf = (expert: Expert): string | undefined =>
  expert.papers.length === 0
    ? undefined
    : expert.papers
        .map(({ paper }) => paper.id)
        .sort()
        .join(" ");

/**
 * Experts in rank order as lines: neighbours who bring the same papers share a line. The index ranks
 * people with the same evidence side by side, and merging neighbours only keeps every line a run of
 * consecutive people, so a page that ends between lines also ends between people.
 */
export function peopleLinesOf(experts: readonly Expert[]): PeopleLine[] {
  const lines: PeopleLine[] = [];
  let open: { line: PeopleLine; evidence: string } | undefined;
  for (const expert of experts) {
    const evidence = evidenceOf(expert);
    if (open !== undefined && evidence === open.evidence) {
      open.line.people.push(expert);
      open.line.score = Math.max(open.line.score, expert.score);
      continue;
    }
    const line: PeopleLine = { people: [expert], papers: expert.papers, score: expert.score };
    lines.push(line);
    open = evidence === undefined ? undefined : { line, evidence };
  }
  return lines;
}

/**
 * The `size` lines that start with the person at `offset` (a person inside a line, from a stale button,
 * brings the whole line rather than losing its first members).
 */
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
    topScore: Math.max(0, ...lines.map((line) => line.score)),
    ...(firstLine > 0 ? { previousOffset: peopleIn(lines.slice(0, Math.max(0, firstLine - size))) } : {}),
    ...(after < everyone ? { nextOffset: after } : {}),
  };
}
