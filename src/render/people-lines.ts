import type { PeopleLine } from "../bot/people-lines.js";
import type { ButtonSpec } from "./buttons.js";
import { personButtonSpec } from "./buttons.js";
import type { TextFormat } from "./format.js";
import { paperLine, plural, scoreBar, shortTitleOf } from "./lines.js";

const EVIDENCE_PER_PERSON = 3;

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
  return [head, ...evidence, ...(left > 0 ? [`  …and ${plural(left, "more paper")}`] : [])].join("\n");
}

/** "Papers by …" for each person of the line. */
export function peopleLineSpecs(line: PeopleLine): ButtonSpec[] {
  return line.people.flatMap((person) => personButtonSpec(person) ?? []);
}
