import { LEVELS, type LinePerson, type PeopleLine } from "../bot/people-lines.js";
import type { ButtonSpec } from "./buttons.js";
import { personButtonSpec } from "./buttons.js";
import { slackMention } from "./escape.js";
import { fmt } from "./format.js";
import { paperLine, plural, shortTitleOf } from "./lines.js";

const EVIDENCE_PER_PERSON = 3;

/** "●●●○○" for a line's level (1 to 5). */
export function levelDots(level: number): string {
  const filled = Math.max(1, Math.min(LEVELS, level));
  return `${"●".repeat(filled)}${"○".repeat(LEVELS - filled)}`;
}

/** What the dots of a who reply mean, said once under its lines. */
export const LEVEL_LEGEND = `${levelDots(5)} the most work on this topic here · ${levelDots(1)} the least`;

/** Heading of the people after the group's members. */
export const OUTSIDE_HEADING = "Outside the group: also on these papers";

const personName = (person: LinePerson): string => {
  const mention = slackMention(person.slack);
  return mention === "" ? fmt.plain(person.name) : `${fmt.plain(person.name)} ${mention}`;
};

/**
 * "2. *Yongting Zhang, Lu Chen* ●●●○○ · SPA-VL `v35q3xk`" for people who bring one paper; a person with
 * several gets "· 4 papers" and the first three as bullets under the name. A member with a Slack id is mentioned.
 */
export function peopleLineText(line: PeopleLine, rank: number): string {
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

/** "Papers by …" for each person of the line. */
export function peopleLineSpecs(line: PeopleLine): ButtonSpec[] {
  return line.people.map(personButtonSpec);
}
