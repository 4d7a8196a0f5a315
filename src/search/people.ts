import { LRUCache } from "lru-cache";
import SearchableMap from "minisearch/SearchableMap";
import { personKey } from "../corpus/names.js";
import { withoutEtAl } from "./analyze.js";
import { editsFor, type SearchDefaults, searchDefaults } from "./defaults.js";
import { editDistance, slipCandidates } from "./edit-distance.js";
import { nameTokensOf } from "./names.js";
import type { IndexStore, PersonRow } from "./store-read.js";
import type { PersonCandidate } from "./types.js";

/** A name read: everyone it names, else the names near it and the one it is a slip of ("Enyu Zhuo"), if one. */
export interface NameReading {
  people: PersonRow[];
  near: PersonRow[];
  slip?: PersonRow;
}

export type PeopleIndex = ReturnType<typeof createPeopleIndex>;

const maxSuggestions = 5;
/** Candidates for a misspelt name checked part by part (the nearest by their longest part). */
const maxChecked = 500;
/** Names remembered: a query reads each of its names many times, and a common given name means thousands. */
const rememberedNames = 16;

/** People with a file first, then the most prolific. */
export function byStanding(a: PersonRow, b: PersonRow): number {
  return Number(b.profiled) - Number(a.profiled) || b.papers - a.papers || a.name.localeCompare(b.name);
}

/** A person as a name the user may pick. */
export const candidateOf = ({ key, name, papers }: PersonRow): PersonCandidate => ({ key, name, papers });

/** Typed words a slip of `name`: as many, one right, each in its place and the others a slip (one edit at least). */
function isSlipOfName(typed: readonly string[], name: string): boolean {
  const parts = name.toLowerCase().split(/\s+/);
  return (
    parts.length === typed.length &&
    typed.some((word, at) => word === parts[at]) &&
    typed.every((word, at) => {
      const part = parts[at] ?? "";
      const forgiven = Math.max(1, editsFor(part.length));
      return editDistance(word, part, forgiven) <= forgiven;
    })
  );
}

/**
 * The one near name that keeps the typed words right, in their places or swapped ("enyu zhuo", "Zhou Enyu"); for one
 * word of five letters or more typed ("Schmit"), the one near name.
 */
function slipAmong(name: string, near: readonly PersonRow[]): PersonRow | undefined {
  const typed = name.trim().toLowerCase().split(/\s+/);
  const fitting =
    typed.length === 1
      ? // A short one changed by a letter is another name too often ("Zhuo": Zhou, Zhu).
        (typed[0] ?? "").length >= 5
        ? near
        : []
      : near.filter(
          (person) => isSlipOfName(typed, person.name) || isSlipOfName([...typed].reverse(), person.name),
        );
  return fitting.length === 1 ? fitting[0] : undefined;
}

export function createPeopleIndex(store: IndexStore, defaults: SearchDefaults = searchDefaults) {
  // The name parts a misspelt name may be a slip of (`typoWords` of them, as many as words): built when first needed.
  let nameParts: SearchableMap<true> | undefined;
  const namePartsOf = () =>
    (nameParts ??= SearchableMap.from(
      store.nameTokens(defaults.typoWords).map((token): [string, true] => [token, true]),
    ));

  /**
   * The person a name (or its words the other way round) names exactly: "Rui Zheng", "Zheng Rui"; or the one person
   * every whole part of a name of two or more is a part of a spelling of (a members.yml alias, "Enyu Zhuo").
   */
  const exactly = (name: string): PersonRow | undefined => {
    const parts = name.split(/\s+/);
    const exact =
      store.person(personKey(name)) ??
      (parts.length > 1 ? store.person(personKey([...parts].reverse().join(" "))) : undefined);
    if (exact !== undefined || parts.length < 2 || !parts.every((part) => /^\p{L}{2,}$/u.test(part)))
      return exact;
    const [only, ...more] = peopleNamedBy(name);
    return more.length === 0 ? only : undefined;
  };

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
        // A hyphenated part may be spelt joined in the corpus, where its joined token does the narrowing.
        const joined = parts.find((other) => other !== token && other.includes(token));
        if (joined !== undefined && store.personKeysWithToken(joined).length > 0) continue;
        return [];
      }
      keys = keys ? new Set([...keys].filter((key) => withToken.has(key))) : withToken;
    }
    const named = store.people([...(keys ?? [])]).sort(byStanding);
    if (initials.length === 0) return named;
    return named.filter((person) => {
      const own = nameTokensOf(person.name).filter((token) => !parts.includes(token));
      return initials.every((initial) => own.some((token) => token.startsWith(initial)));
    });
  };
  const named = new LRUCache<string, PersonRow[]>({ max: rememberedNames, memoMethod: peopleNamedBy });

  /** People each typed part of whose name is near one of theirs, nearest first; the longest part finds them. */
  const suggestionsFor = (name: string): PersonRow[] => {
    const typed = name
      .split(/\s+/)
      .map(personKey)
      .filter(Boolean)
      .sort((a, b) => b.length - a.length);
    const [first, ...rest] = typed;
    if (first === undefined) return [];
    // The people of the name parts near the longest typed one (a swap of two letters is one edit).
    const cap = Math.max(1, editsFor(first.length));
    const distances = new Map<string, number>();
    // As for words (plan.ts): the kept name parts whatever the slip, any other where it keeps the first letters.
    const others = (start: string) => store.nameTokensStarting(start).map((token) => [token, true] as const);
    for (const part of slipCandidates(namePartsOf(), first, cap, defaults.typoPrefix, others).keys()) {
      const distance = editDistance(first, part, cap);
      if (distance > cap) continue;
      for (const key of store.personKeysWithToken(part))
        distances.set(key, Math.min(distances.get(key) ?? distance, distance));
    }
    const checked = [...distances].sort((a, b) => a[1] - b[1]).slice(0, maxChecked);
    return store
      .people(checked.map(([key]) => key))
      .flatMap((person) => {
        // Each other typed part counts how near it is to one of theirs (a swap of two letters is one edit).
        const tokens = [...new Set([person.name, ...person.spellings])].flatMap(nameTokensOf);
        let total = distances.get(person.key) ?? 0;
        for (const part of rest) {
          const cap = Math.max(1, editsFor(part.length));
          total += Math.min(cap + 1, ...tokens.map((token) => editDistance(part, token, cap)));
        }
        return total > 0 && total <= Math.max(1, Math.floor(personKey(name).length / 4))
          ? [{ person, total }]
          : [];
      })
      .sort((a, b) => a.total - b.total || byStanding(a.person, b.person))
      .slice(0, maxSuggestions)
      .map(({ person }) => person);
  };

  return {
    warm: () => void namePartsOf(),
    person: (key: string) => store.person(key),
    exactly,
    /** The one reading of a name, for `author:`, "by …", names among the words and `/paper author`. */
    read(name: string): NameReading {
      const trimmed = withoutEtAl(name).trim();
      if (trimmed === "") return { people: [], near: [] };
      const exact = exactly(trimmed);
      const people = exact ? [exact] : named.memo(trimmed);
      if (people.length > 0) return { people, near: [] };
      const near = suggestionsFor(trimmed);
      const slip = slipAmong(trimmed, near);
      return slip ? { people: [], near, slip } : { people: [], near };
    },
  };
}
