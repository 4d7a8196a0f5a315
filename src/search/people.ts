import SearchableMap from "minisearch/SearchableMap";
import { personKey } from "../corpus/names.js";
import { editDistance } from "./edit-distance.js";
import { nameTokensOf } from "./names.js";
import type { IndexStore, PersonRow } from "./store-read.js";

export type PersonResolution =
  | { kind: "found"; person: PersonRow }
  | { kind: "ambiguous"; candidates: PersonRow[] }
  | { kind: "notFound"; suggestions: PersonRow[] };

export interface PeopleIndex {
  resolve(name: string): PersonResolution;
  /** Everyone a loose name could mean: the one person, all ambiguous candidates, or nobody. */
  matching(name: string): PersonRow[];
  person(key: string): PersonRow | undefined;
}

const maxCandidates = 10;
const maxSuggestions = 5;

/** People with a file first, then the most prolific. */
export function byStanding(a: PersonRow, b: PersonRow): number {
  return Number(b.profiled) - Number(a.profiled) || b.papers - a.papers || a.name.localeCompare(b.name);
}

export function createPeopleIndex(store: IndexStore): PeopleIndex {
  // Name keys and name parts → the people they belong to, for misspelt names (built on the first one).
  let names: SearchableMap<string[]> | undefined;
  const nameMap = (): SearchableMap<string[]> => {
    if (names === undefined) {
      const map = new SearchableMap<string[]>();
      const add = (name: string, key: string) =>
        map.update(name, (keys = []) => (keys.includes(key) ? keys : [...keys, key]));
      for (const [token, key] of store.eachNameToken()) {
        add(token, key);
        add(key, key);
      }
      names = map;
    }
    return names;
  };
  const people = (keys: Iterable<string>): PersonRow[] =>
    [...keys].flatMap((key) => store.person(key) ?? []).sort(byStanding);

  const exactMatchOf = (name: string): PersonRow | undefined => {
    const parts = name.split(/\s+/);
    return (
      store.person(personKey(name)) ??
      (parts.length > 1 ? store.person(personKey([...parts].reverse().join(" "))) : undefined)
    );
  };

  /** People named by every part of `name`. */
  const tokenMatchesOf = (name: string): PersonRow[] => {
    let keys: Set<string> | undefined;
    for (const token of nameTokensOf(name)) {
      const withToken = new Set(store.personKeysWithToken(token));
      if (withToken.size === 0) {
        // A hyphenated part may be spelt joined in the corpus; its joined token then does the narrowing.
        if (name.includes("-")) continue;
        return [];
      }
      keys = keys ? new Set([...keys].filter((key) => withToken.has(key))) : withToken;
    }
    return people(keys ?? []);
  };

  const suggestionsFor = (name: string): PersonRow[] => {
    const key = personKey(name);
    const tokens = nameTokensOf(name);
    const cap = Math.max(1, Math.floor(key.length / 4));
    const distances = new Map<string, number>();
    const look = (typed: string) => {
      for (const [found, [keys]] of nameMap().fuzzyGet(typed, Math.min(cap + 1, 3))) {
        const distance = editDistance(typed, found, cap);
        if (distance > cap) continue;
        for (const person of keys)
          distances.set(person, Math.min(distances.get(person) ?? distance, distance));
      }
    };
    if (key.length >= 3) look(key);
    if (tokens.length === 1 && tokens[0] !== undefined && tokens[0] !== key) look(tokens[0]);
    return people(distances.keys())
      .sort((a, b) => (distances.get(a.key) ?? 0) - (distances.get(b.key) ?? 0) || byStanding(a, b))
      .slice(0, maxSuggestions);
  };

  return {
    person: (key) => store.person(key),
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
