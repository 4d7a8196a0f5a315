import type { AcronymTerms } from "./analyze.js";

export const emptyQueryNotice =
  'Type a few words to search for, e.g. `reward models` or `author:"Shihan Dou"`.';
export const stopWordsNotice =
  "Every word is too short or too common to search for. Try something more specific, e.g. `speculative decoding`.";
export const onlyExclusionsNotice = "Add a word to search for besides the ones to leave out.";

export function unknownAuthorNotice(name: string): string {
  return `No author matches “${name}”.`;
}

/** "Also searched for RLHF (reinforcement learning from human feedback, … with human feedback)." */
export function expansionNotice(expansions: readonly AcronymTerms[]): string {
  const longsByShort = new Map<string, Set<string>>();
  for (const { short, long } of expansions) {
    const longs = longsByShort.get(short) ?? new Set<string>();
    longs.add(long.toLowerCase());
    longsByShort.set(short, longs);
  }
  const named = [...longsByShort].map(([short, longs]) => `${short} (${[...longs].join(", ")})`);
  return `Also searched for ${named.join(", ")}.`;
}

/** A name as typed, and the people it was found to mean. */
export interface NamedPeople {
  name: string;
  people: readonly string[];
}

/** The people a name may mean, said of them together: "anyone named “Zheng” (3 people)". */
export const anyoneNamed = (name: string, people: number): string =>
  `anyone named “${name}” (${people} people)`;

/** "Rui Zheng", or "anyone named “Zheng” (3 people)", joined by "and". */
const whoIsNamed = (named: readonly NamedPeople[]): string =>
  named
    .map(({ name, people }) => (people.length === 1 ? people[0] : anyoneNamed(name, people.length)))
    .join(" and ");

/** Names typed among the words, read as whose papers to show. */
export function namedAuthorsNotice(named: readonly NamedPeople[], together?: "joint" | "either"): string {
  if (together === "joint") return `Papers by ${whoIsNamed(named)} together.`;
  if (together === "either") return `No paper is by ${whoIsNamed(named)} together; these are by either.`;
  return `Papers by ${whoIsNamed(named)}.`;
}

/** A who topic naming people: the answer is who wrote those people's papers on it with them. */
export function coauthorsNotice(named: readonly NamedPeople[]): string {
  return `Who worked on it with ${whoIsNamed(named)}.`;
}

/** A who topic naming people who wrote their papers on it without anyone else. */
export function aloneNotice(named: readonly NamedPeople[]): string {
  return `Nobody else wrote the papers of ${whoIsNamed(named)} on it.`;
}

/** A who topic naming people who have no paper on it: the answer is everyone's. */
export function noPapersByNotice(named: readonly NamedPeople[]): string {
  return `No paper by ${whoIsNamed(named)} matches; these are everyone's.`;
}

/** “federated”, “privacy” */
const quotedWords = (words: readonly string[]) => words.map((word) => `“${word}”`).join(", ");

/** Years typed that no paper holds, left out; undefined when there are none. */
export function undatedNotice(years: readonly string[]): string | undefined {
  if (years.length === 0) return undefined;
  return `The papers carry no dates, so ${quotedWords(years)} ${years.length === 1 ? "was" : "were"} left out.`;
}

/** Some words of the query are in no paper at all. */
export function missingWordsNotice(words: readonly string[]): string {
  return `No paper mentions ${quotedWords(words)}; these match the rest.`;
}

/** Who, for a topic the papers lack: nobody, and the words that no paper has. */
export function nobodyOnNotice(words: readonly string[]): string {
  return `Nobody here has worked on that: no paper mentions ${quotedWords(words)}.`;
}

/** The answer holds papers with only some of the words, after those with all of them. */
export function someWordsNotice(withAll: number): string {
  if (withAll === 0) return "No paper has all of those words; these have some of them.";
  return `${withAll === 1 ? "One paper has" : `${withAll} papers have`} all of those words; the rest have some of them.`;
}
