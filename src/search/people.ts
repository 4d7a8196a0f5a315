import { personKey } from "../corpus/names.js";
import type { Person } from "../corpus/types.js";
import { editDistance } from "./edit-distance.js";
import { type BigramFinder, bigramFinderOf, bigramsOf } from "./sorted-keys.js";

export type PersonResolution =
  | { kind: "found"; person: Person }
  | { kind: "ambiguous"; candidates: Person[] }
  | { kind: "notFound"; suggestions: Person[] };

export interface PeopleIndex {
  resolve(name: string): PersonResolution;
  /** Everyone a loose name could mean: the one person, all ambiguous candidates, or nobody. */
  matching(name: string): Person[];
}

const maxCandidates = 10;
const maxSuggestions = 5;

/** Name parts as typed and with hyphens joined: "Wen-Xiang Chen" → wen, xiang, wenxiang, chen. */
function nameTokensOf(name: string): string[] {
  const tokens = new Set<string>();
  for (const part of name.split(/\s+/)) {
    const pieces = part
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .map(personKey)
      .filter(Boolean);
    for (const piece of pieces) tokens.add(piece);
    if (pieces.length > 1) tokens.add(pieces.join(""));
  }
  return [...tokens];
}

function byStanding(a: Person, b: Person): number {
  return (
    Number(b.profiled) - Number(a.profiled) ||
    b.paperIds.length - a.paperIds.length ||
    a.name.localeCompare(b.name)
  );
}

export function createPeopleIndex(people: ReadonlyMap<string, Person>): PeopleIndex {
  const byToken = new Map<string, Set<string>>();
  for (const person of people.values()) {
    for (const spelling of new Set([person.name, ...person.spellings])) {
      for (const token of nameTokensOf(spelling)) {
        const keys = byToken.get(token) ?? new Set<string>();
        keys.add(person.key);
        byToken.set(token, keys);
      }
    }
  }
  const personOf = (key: string) => people.get(key) as Person;
  const everyone = [...people.values()];
  const nameTokens = new Map<Person, string[]>();
  const tokensOf = (person: Person): string[] => {
    let tokens = nameTokens.get(person);
    if (!tokens) {
      tokens = nameTokensOf(person.name);
      nameTokens.set(person, tokens);
    }
    return tokens;
  };
  // Built on the first misspelt name: which people a near spelling can possibly mean.
  let finders: { byKey: BigramFinder; byToken: BigramFinder; tokenOwners: number[][] } | undefined;
  const findersOf = () => {
    if (!finders) {
      const tokens = new Map<string, number[]>();
      everyone.forEach((person, at) => {
        for (const token of tokensOf(person)) {
          const owners = tokens.get(token);
          if (owners) owners.push(at);
          else tokens.set(token, [at]);
        }
      });
      finders = {
        byKey: bigramFinderOf(everyone.map((person) => person.key)),
        byToken: bigramFinderOf([...tokens.keys()]),
        tokenOwners: [...tokens.values()],
      };
    }
    return finders;
  };
  /** Everyone within reach of `cap` edits (an edit or swap breaks at most three bigrams), or everyone. */
  const nearPeopleOf = (key: string, tokens: string[], cap: number): Person[] => {
    const needed = (text: string) => bigramsOf(text).size - 3 * cap;
    const token = tokens[0];
    if (needed(key) < 1 || (tokens.length === 1 && token !== undefined && needed(token) < 1)) return everyone;
    const { byKey, byToken, tokenOwners } = findersOf();
    const near = new Set(byKey.candidates(key, needed(key)));
    if (tokens.length === 1 && token !== undefined) {
      for (const at of byToken.candidates(token, needed(token)))
        for (const owner of tokenOwners[at] ?? []) near.add(owner);
    }
    return [...near].sort((a, b) => a - b).map((at) => everyone[at] as Person);
  };

  const suggestionsFor = (name: string): Person[] => {
    const key = personKey(name);
    const tokens = nameTokensOf(name);
    const cap = Math.max(1, Math.floor(key.length / 4));
    const scored: { person: Person; distance: number }[] = [];
    for (const person of nearPeopleOf(key, tokens, cap)) {
      let distance = editDistance(key, person.key, cap);
      if (tokens.length === 1 && distance > cap) {
        for (const token of tokensOf(person)) {
          distance = Math.min(distance, editDistance(tokens[0] as string, token, cap));
        }
      }
      if (distance <= cap) scored.push({ person, distance });
    }
    return scored
      .sort((a, b) => a.distance - b.distance || byStanding(a.person, b.person))
      .slice(0, maxSuggestions)
      .map((s) => s.person);
  };

  /** People named by every token of `name`, best known first. */
  const tokenMatchesOf = (name: string): Person[] => {
    let keys: Set<string> | undefined;
    for (const token of nameTokensOf(name)) {
      const withToken = byToken.get(token);
      if (!withToken) {
        // A hyphenated part may be spelt joined in the corpus; its joined token then does the narrowing.
        if (name.includes("-")) continue;
        return [];
      }
      keys = keys ? new Set([...keys].filter((key) => withToken.has(key))) : new Set(withToken);
    }
    return [...(keys ?? [])].map(personOf).sort(byStanding);
  };

  const exactMatchOf = (name: string): Person | undefined => {
    const parts = name.split(/\s+/);
    return (
      people.get(personKey(name)) ??
      (parts.length > 1 ? people.get(personKey([...parts].reverse().join(" "))) : undefined)
    );
  };

  return {
    resolve(name) {
      const trimmed = name.trim();
      if (trimmed === "") return { kind: "notFound", suggestions: [] };
      const exact = exactMatchOf(trimmed);
      if (exact) return { kind: "found", person: exact };
      const candidates = tokenMatchesOf(trimmed);
      const only = candidates[0];
      if (candidates.length === 1 && only) return { kind: "found", person: only };
      if (candidates.length > 1) return { kind: "ambiguous", candidates: candidates.slice(0, maxCandidates) };
      return { kind: "notFound", suggestions: suggestionsFor(trimmed) };
    },
    matching(name) {
      const trimmed = name.trim();
      if (trimmed === "") return [];
      const exact = exactMatchOf(trimmed);
      return exact ? [exact] : tokenMatchesOf(trimmed);
    },
  };
}
