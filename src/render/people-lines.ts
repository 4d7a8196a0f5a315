import type { Paper } from "../corpus/types.js";
import type { Expert } from "../search/types.js";
import type { ButtonSpec } from "./buttons.js";
import { personButtonSpec } from "./buttons.js";
import type { TextFormat } from "./format.js";
import { paperLine, scoreBar, shortTitleOf } from "./lines.js";

/** One line of a who reply: a person, or the people whose evidence is the same single paper. */
export interface PeopleLine {
  people: Expert[];
  papers: { paper: Paper; score: number }[];
  /** The best score among the line's people. */
  score: number;
}

export const EVIDENCE_PER_PERSON = 3;

/** Experts in rank order as lines: co-authors who bring only the same one paper share the line of the first of them. */
export function peopleLinesOf(experts: Expert[]): PeopleLine[] {
  const lines: PeopleLine[] = [];
  const bySinglePaper = new Map<string, PeopleLine>();
  for (const expert of experts) {
    const [only, ...more] = expert.papers;
    const single = only !== undefined && more.length === 0 ? only.paper.id : undefined;
    const shared = single === undefined ? undefined : bySinglePaper.get(single);
    if (shared) {
      shared.people.push(expert);
      shared.score = Math.max(shared.score, expert.score);
      continue;
    }
    const line: PeopleLine = { people: [expert], papers: expert.papers, score: expert.score };
    lines.push(line);
    if (single !== undefined) bySinglePaper.set(single, line);
  }
  return lines;
}

/**
 * "2. *Yongting Zhang, Lu Chen, Guodong Zheng* ●●●○○ · SPA-VL `v35q3xk`" for one paper; a person with
 * several papers gets them as bullets under the name.
 */
export function peopleLineText(fmt: TextFormat, line: PeopleLine, rank: number, top: number): string {
  const names = line.people.map((person) => fmt.plain(person.name)).join(", ");
  const head = `${rank}. ${fmt.bold(names)} ${scoreBar(line.score, top)}`;
  const [only, ...more] = line.papers;
  if (only !== undefined && more.length === 0) {
    return `${head} · ${fmt.plain(shortTitleOf(only.paper))} ${fmt.code(only.paper.id)}`;
  }
  const evidence = line.papers.slice(0, EVIDENCE_PER_PERSON).map(({ paper }) => paperLine(fmt, paper));
  const left = line.papers.length - evidence.length;
  return [head, ...evidence, ...(left > 0 ? [`  …and ${left} more paper${left === 1 ? "" : "s"}`] : [])].join(
    "\n",
  );
}

/** "Papers by …" for each person of the line. */
export function peopleLineSpecs(line: PeopleLine): ButtonSpec[] {
  return line.people.flatMap((person) => personButtonSpec(person) ?? []);
}
