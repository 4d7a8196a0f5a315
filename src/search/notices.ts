import type { Years } from "./query.js";

export const emptyQueryNotice =
  'Type a few words to search for, e.g. `reward models` or `author:"Shihan Dou"`.';
export const stopWordsNotice =
  "Every word is too short or too common to search for. Try a more specific word or two, such as a method's name.";
export const onlyExclusionsNotice = "Add a word to search for besides the ones to leave out.";
export const emptyAuthorNotice = 'Put a name after `author:`, e.g. `author:"Shihan Dou"`.';

export function unknownAuthorNotice(name: string): string {
  return `No author matches “${name}”.`;
}

/** The people a name may mean, said of them together: "anyone named “Zheng” (3 people)". */
export const anyoneNamed = (name: string, people: number): string =>
  `anyone named “${name}” (${people} people)`;

/** A name as typed, and the people it was found to mean. */
export interface NamedPeople {
  name: string;
  people: readonly string[];
}

/** "Rui Zheng", or "anyone named “Zheng” (3 people)", joined by "and" (or "or"). */
const whoIsNamed = (named: readonly NamedPeople[], joiner: "and" | "or" = "and"): string =>
  named
    .map(({ name, people }) => (people.length === 1 ? people[0] : anyoneNamed(name, people.length)))
    .join(` ${joiner} `);

export const namedAuthorsNotice = (named: readonly NamedPeople[], joiner: "and" | "or" = "and") =>
  `Papers by ${whoIsNamed(named, joiner)}.`;
export const coauthorsNotice = (named: readonly NamedPeople[]) =>
  `Who worked on it with ${whoIsNamed(named)}.`;
export const aloneNotice = (named: readonly NamedPeople[]) =>
  `Nobody else wrote the papers of ${whoIsNamed(named)} on it.`;
export const noPapersByNotice = (named: readonly NamedPeople[]) =>
  `No paper by ${whoIsNamed(named)} matches; these are everyone's.`;

/** “federated”, “privacy” */
const quotedWords = (words: readonly string[]) => words.map((word) => `“${word}”`).join(", ");

/** Some words of the query are in no paper at all. */
export const missingWordsNotice = (words: readonly string[]) =>
  `No paper mentions ${quotedWords(words)}; these match the rest.`;

/** Of the papers matching, how many hold every word of the query: the rest hold the rarer ones. */
export const holdingAllNotice = (holdingAll: number) =>
  holdingAll === 0
    ? "No paper holds every word; these hold the rarer ones."
    : `${holdingAll === 1 ? "One" : holdingAll} of these ${holdingAll === 1 ? "holds" : "hold"} every word.`;

/** Years asked for in a corpus of undated papers (author files): left out, and said so. */
export const yearsUnknownNotice = "No paper here has a year, so the years asked for are left out.";

/** A bare year no paper of the rest is from: the rest, from any year. */
export const noPaperFromNotice = ({ from, to }: Years) =>
  `No paper here is from ${from === to ? from : `${from} to ${to}`}; these are from any year.`;

/** Who, for a topic the papers lack: nobody, and the words that no paper has. */
export const nobodyOnNotice = (words: readonly string[]) =>
  `Nobody here has worked on that${words.length > 0 ? `: no paper mentions ${quotedWords(words)}` : ""}.`;

/** Who, for a topic no paper holds every word of: the people of the rarer words, said so. */
export const nobodyOnAllNotice =
  "No paper holds every word of that; these people's papers hold the rarer ones.";

/** The years asked for, and "Newest first." when the papers shown have years to order them by. */
export function yearsNotice({ from, to }: Years = {}, newestFirst = false): string {
  const said = [];
  if (from !== undefined && from === to) said.push(`From ${from}.`);
  else if (from !== undefined) said.push(to === undefined ? `From ${from} on.` : `From ${from} to ${to}.`);
  else if (to !== undefined) said.push(`Up to ${to}.`);
  if (newestFirst) said.push("Newest first.");
  return said.join(" ");
}
