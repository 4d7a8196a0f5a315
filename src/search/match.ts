// FTS5 query text, built only from words of letters and digits: nothing a user types reaches MATCH as syntax.
// Every expression built here is one operand (a phrase, or a group in parentheses), so any can be combined as is.

const wordOnly = /^[\p{L}\p{N}]+$/u;
/** Beyond this many AND clauses, an "at least m of n words" expression costs more than it is worth. */
const maxCombinations = 64;

/** A quoted FTS5 phrase of words as written (one word is a phrase of one). */
export function phraseOf(words: readonly string[]): string {
  const safe = words.filter((word) => wordOnly.test(word));
  if (safe.length === 0) throw new Error("a phrase needs at least one word");
  return `"${safe.join(" ")}"`;
}

/** Any one of the phrases (each a list of words as written). */
export function anyPhraseOf(phrases: readonly (readonly string[])[]): string {
  return anyOf(phrases.map(phraseOf));
}

export function anyOf(parts: readonly string[]): string {
  return parts.length === 1 ? parts.join("") : `(${parts.join(" OR ")})`;
}

export function allOf(parts: readonly string[]): string {
  return parts.length === 1 ? parts.join("") : `(${parts.join(" AND ")})`;
}

/** `expression` without the papers matching any of `excluded`. */
export function without(expression: string, excluded: readonly string[]): string {
  return excluded.length === 0 ? expression : `${expression} NOT ${anyOf(excluded)}`;
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/** Papers matching at least `m` of the clauses, or undefined when that takes too many combinations. */
export function atLeast(clauses: readonly string[], m: number): string | undefined {
  const n = clauses.length;
  if (m <= 1) return anyOf(clauses);
  if (m >= n) return allOf(clauses);
  if (binomial(n, m) > maxCombinations) return undefined;
  const combinations: string[] = [];
  const pick = (from: number, chosen: string[]): void => {
    if (chosen.length === m) {
      combinations.push(allOf(chosen));
      return;
    }
    for (const [i, clause] of clauses.entries()) {
      if (i >= from && i <= n - (m - chosen.length)) pick(i + 1, [...chosen, clause]);
    }
  };
  pick(0, []);
  return anyOf(combinations);
}
