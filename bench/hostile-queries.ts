import { createRandom } from "./synthetic/random.js";

/** FTS5's own syntax, and our query syntax used wrongly: all of it must be read as plain words. */
export const QUERY_SYNTAX: readonly string[] = [
  '"',
  "(",
  ")",
  "*",
  "^",
  ":",
  "-",
  "+",
  "NEAR",
  "AND",
  "OR",
  "NOT",
  "author:",
  '-"',
  "{",
  "}",
  "\\",
];
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Deterministic queries a careless or hostile user might type, built around real words of the corpus. */
export function hostileQueries(words: readonly string[], count: number, seed = "hostile"): string[] {
  const random = createRandom(seed);
  const letters = (n: number) => Array.from({ length: n }, () => LETTERS[random.int(26)]).join("");
  const word = () => (words.length > 0 ? random.pick(words) : letters(6));
  const shapes: (() => string)[] = [
    () => `${word()} ${random.pick(QUERY_SYNTAX)}${word()}${random.pick(QUERY_SYNTAX)}`,
    () => `NEAR(${word()} ${word()}, ${random.int(5)})`,
    () => `${word()} OR ${word()} AND NOT ${word()}`,
    () => `"${word()} ${word()}`,
    () => `${word()}* ${random.pick(QUERY_SYNTAX)}`,
    () => `abstract:${word()} ^${word()}`,
    () => letters(3000),
    () => Array.from({ length: 300 }, () => letters(1 + random.int(9))).join(" "),
    () => Array.from({ length: 60 }, () => random.pick(QUERY_SYNTAX)).join(" "),
    () => `${word()} -${word()} -"${word()} ${word()}" author:"${letters(5)}`,
    () => `${letters(1)} ${letters(2)} e.g. i.e. ${word().slice(0, 2)}*`,
  ];
  return Array.from({ length: count }, (_, at) => (shapes[at % shapes.length] as () => string)());
}
