import { LRUCache } from "lru-cache";
import SearchableMap from "minisearch/SearchableMap";
import { personKey } from "../corpus/names.js";
import { editsFor } from "./defaults.js";
import { editDistance } from "./edit-distance.js";
import { isSlipOfName, nameTokensOf } from "./names.js";
import type { IndexStore, PersonRow } from "./store-read.js";

export type PersonResolution =
  | { kind: "found"; person: PersonRow }
  | { kind: "ambiguous"; candidates: PersonRow[] }
  | { kind: "notFound"; suggestions: PersonRow[] };

export interface PeopleIndex {
  resolve(name: string): PersonResolution;
  /**
   * The one reading of a name the papers must be by (`author:`, "by …", names among a query's words): the people it
   * names, else the one near name it is a slip of ("Enyu Zhuo"); when nobody, the names near it.
   */
  lookup(name: string): { people: PersonRow[]; near: PersonRow[] };
  person(key: string): PersonRow | undefined;
}

const maxCandidates = 10;
const maxSuggestions = 5;
/** Candidates for a misspelt name checked part by part (the nearest by their longest part). */
const maxChecked = 500;
/** Loose names whose people are remembered: one query reads each of its names many times over (the words'
 * runs, the filter, each suggestion), and a common given name alone means a thousand people and more. */
const rememberedNames = 16;

/** People with a file first, then the most prolific. */
export function byStanding(a: PersonRow, b: PersonRow): number {
  return Number(b.profiled) - Number(a.profiled) || b.papers - a.papers || a.name.localeCompare(b.name);
}

/** The one near name that keeps the typed words right, in their places or swapped ("enyu zhuo", "Zhou Enyu"). */
export function slipAmong(name: string, near: readonly PersonRow[]): PersonRow | undefined {
  const typed = name.trim().toLowerCase().split(/\s+/);
  const fitting = near.filter(
    (person) => isSlipOfName(typed, person.name, 1) || isSlipOfName([...typed].reverse(), person.name, 1),
  );
  return fitting.length === 1 ? fitting[0] : undefined;
}

export function createPeopleIndex(store: IndexStore): PeopleIndex {
  // Every name part in the corpus, for misspelt names: read when first needed.
  let nameParts: SearchableMap<true> | undefined;
  /** Name parts near a typed one, with their distance (a swap of two letters is one edit). */
  const nearParts = (typed: string): Map<string, number> => {
    const cap = Math.max(1, editsFor(typed.length));
    nameParts ??= SearchableMap.from(store.nameTokens().map((token): [string, true] => [token, true]));
    const near = new Map<string, number>();
    for (const [part] of nameParts.fuzzyGet(typed, cap + 1)) {
      const distance = editDistance(typed, part, cap);
      if (distance <= cap) near.set(part, distance);
    }
    return near;
  };
  const people = (keys: Iterable<string>): PersonRow[] => store.people([...keys]).sort(byStanding);

  const exactMatchOf = (name: string): PersonRow | undefined => {
    const parts = name.split(/\s+/);
    return (
      store.person(personKey(name)) ??
      (parts.length > 1 ? store.person(personKey([...parts].reverse().join(" "))) : undefined)
    );
  };

  const remembered = new LRUCache<string, PersonRow[]>({
    max: rememberedNames,
    memoMethod: (name) => peopleNamedBy(name),
  });
  const tokenMatchesOf = (name: string): PersonRow[] => remembered.memo(name);

  /** People named by every part of `name`; an initial ("E. Zhou") stands for any part it begins. */
  const peopleNamedBy = (name: string): PersonRow[] => {
    const tokens = nameTokensOf(name);
    const initials = tokens.filter((token) => token.length === 1);
    const parts = tokens.filter((token) => token.length > 1);
    if (parts.length === 0) return [];
    let keys: Set<string> | undefined;
    for (const token of parts) {
      const withToken = new Set(store.personKeysWithToken(token));
      if (withToken.size === 0) {
        // A hyphenated part may be spelt joined in the corpus; its joined token then does the narrowing.
        if (name.includes("-")) continue;
        return [];
      }
      keys = keys ? new Set([...keys].filter((key) => withToken.has(key))) : withToken;
    }
    const named = people(keys ?? []);
    if (initials.length === 0) return named;
    return named.filter((person) => {
      const own = nameTokensOf(person.name).filter((token) => !parts.includes(token));
      return initials.every((initial) => own.some((token) => token.startsWith(initial)));
    });
  };

  /** How near a typed name part is to one of a person's (a swap of two letters is one edit). */
  const partDistance = (person: PersonRow, part: string, cap: number): number => {
    let best = cap + 1;
    for (const spelling of new Set([person.name, ...person.spellings])) {
      for (const token of nameTokensOf(spelling)) best = Math.min(best, editDistance(part, token, cap));
    }
    return best;
  };

  /**
   * People every typed part of whose name is near one of theirs, nearest first. The longest part (the
   * rarest, as a rule) finds the candidates through the name-part trees; the others are checked on them.
   */
  const suggestionsFor = (name: string): PersonRow[] => {
    const typed = name
      .split(/\s+/)
      .map(personKey)
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const [first, ...rest] = typed;
    if (first === undefined) return [];
    const distances = new Map<string, number>();
    for (const [found, distance] of nearParts(first)) {
      for (const key of store.personKeysWithToken(found)) {
        distances.set(key, Math.min(distances.get(key) ?? distance, distance));
      }
    }
    const checked = [...distances].sort((a, b) => a[1] - b[1]).slice(0, maxChecked);
    const near = store
      .people(checked.map(([key]) => key))
      .flatMap((person) => {
        let total = distances.get(person.key) ?? 0;
        for (const part of rest) total += partDistance(person, part, Math.max(1, editsFor(part.length)));
        return total <= Math.max(1, Math.floor(personKey(name).length / 4)) ? [{ person, total }] : [];
      })
      .filter(({ total }) => total > 0);
    return near
      .sort((a, b) => a.total - b.total || byStanding(a.person, b.person))
      .slice(0, maxSuggestions)
      .map(({ person }) => person);
  };

  const matching = (name: string): PersonRow[] => {
    const trimmed = name.trim();
    if (trimmed === "") return [];
    const exact = exactMatchOf(trimmed);
    return exact ? [exact] : tokenMatchesOf(trimmed);
  };

  return {
    person: (key) => store.person(key),
    resolve(name) {
      const named = matching(name);
      if (named.length > 1) return { kind: "ambiguous", candidates: named.slice(0, maxCandidates) };
      const [only] = named;
      if (only !== undefined) return { kind: "found", person: only };
      return { kind: "notFound", suggestions: name.trim() === "" ? [] : suggestionsFor(name.trim()) };
    },
    lookup(name) {
      const named = matching(name);
      if (named.length > 0 || name.trim() === "") return { people: named, near: [] };
      const near = suggestionsFor(name.trim());
      const slip = slipAmong(name, near);
      return slip ? { people: [slip], near: [] } : { people: [], near };
    },
  };
}
