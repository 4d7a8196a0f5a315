import { personKey } from "../corpus/names.js";
import { editDistance } from "../search/edit-distance.js";

/** Someone a typed name may mean: a member (by name or alias) or a person the index suggested. */
export interface NameCandidate {
  key: string;
  name: string;
  /** Other spellings that name the same person (a member's aliases). */
  aliases?: readonly string[];
}

/** The name parts of a name, folded as person keys fold them ("Wen-Xiang" is one part). */
const partsOf = (name: string): string[] =>
  name
    .split(/\s+/)
    .map(personKey)
    .filter((part) => part.length > 0);

/** Slips a part of this length may hold: one in a short part, two from seven letters on. */
const slipsAllowed = (length: number): number => (length < 3 ? 0 : length < 7 ? 1 : 2);

/** Each order of a short list (a name has a few parts; longer ones are compared as written). */
function ordersOf<T>(items: readonly T[]): T[][] {
  if (items.length <= 1 || items.length > 4) return [[...items]];
  return items.flatMap((item, at) =>
    ordersOf([...items.slice(0, at), ...items.slice(at + 1)]).map((rest) => [item, ...rest]),
  );
}

/**
 * How many slips part from `typed` to `name`: part by part in whichever order fits best (given and family
 * names either way round), a swap of two letters counting as one, each part within its own allowance; the
 * parts run together when they are split differently ("Wenxiang" for "Wen-Xiang"). Undefined when too far.
 */
export function nameSlips(typed: string, name: string): number | undefined {
  const want = partsOf(typed);
  const have = partsOf(name);
  if (want.length === 0 || have.length === 0) return undefined;
  let best: number | undefined;
  if (want.length === have.length) {
    for (const order of ordersOf(have)) {
      let total = 0;
      for (const [at, part] of want.entries()) {
        const other = order[at] ?? "";
        const allowed = slipsAllowed(Math.min(part.length, other.length));
        const slips = editDistance(part, other, allowed);
        if (slips > allowed) {
          total = Number.POSITIVE_INFINITY;
          break;
        }
        total += slips;
      }
      if (best === undefined || total < best) best = total;
    }
  }
  if (best !== undefined && Number.isFinite(best)) return best;
  const joinedWant = want.join("");
  const allowed = slipsAllowed(Math.min(joinedWant.length, have.join("").length));
  const joined = Math.min(
    ...ordersOf(have).map((order) => editDistance(joinedWant, order.join(""), allowed)),
  );
  return want.length > 1 && joined <= allowed ? joined : undefined;
}

/**
 * The candidates a typed name is closest to, by their fewest slips over name and aliases (several when they
 * tie); none when every candidate is too far. A candidate listed twice (a member also suggested) counts once.
 */
export function nearestNames(typed: string, candidates: readonly NameCandidate[]): NameCandidate[] {
  const scored = new Map<string, { candidate: NameCandidate; slips: number }>();
  for (const candidate of candidates) {
    const slips = [candidate.name, ...(candidate.aliases ?? [])]
      .map((name) => nameSlips(typed, name))
      .filter((found): found is number => found !== undefined);
    if (slips.length === 0) continue;
    const fewest = Math.min(...slips);
    const known = scored.get(candidate.key);
    if (known === undefined || fewest < known.slips) scored.set(candidate.key, { candidate, slips: fewest });
  }
  const fewest = Math.min(...[...scored.values()].map((entry) => entry.slips));
  return [...scored.values()].filter((entry) => entry.slips === fewest).map((entry) => entry.candidate);
}
