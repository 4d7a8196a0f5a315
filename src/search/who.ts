import type { SearchDefaults } from "./defaults.js";
import type { Matches } from "./match.js";
import type { IndexStore } from "./store-read.js";
import type { Expert, WhoResult } from "./types.js";

/** What who ranks people by: matches, the people to leave out (those the topic names), and what to say. */
export interface Evidence {
  matches: Matches;
  leaving: string[];
  notice?: string;
  /** What to say when the people left out wrote every match alone. */
  alone?: string;
}

interface Credit {
  key: string;
  score: number;
  /** Evidence papers as their rank among the matches, best first. */
  ranks: number[];
  /** Place on the author line of their best paper. */
  position: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The people behind a topic: each matching paper counts by the square root of its score over the best (a second paper
 * matters), a first author's by `firstAuthorWeight`. Ties: more papers, then first on the best paper's line.
 */
export function expertsOf(
  store: IndexStore,
  topic: string,
  evidence: Evidence,
  options: { limit: number; offset: number; defaults: SearchDefaults },
): WhoResult {
  const { matches, leaving, notice, alone } = evidence;
  const { offset, limit, defaults } = options;
  const noticed = notice === undefined ? {} : { notice };
  const best = matches.top[0]?.score ?? 0;
  if (matches.top.length === 0) return { topic, total: 0, offset, people: [], ...noticed };
  const relevance = matches.top.map((m) => (best > 0 ? Math.min(1, m.score / best) : 1));
  const rankOf = new Map(matches.top.map((m, rank) => [m.rowid, rank]));
  const left = new Set(leaving);
  const credits = new Map<string, Credit>();
  for (const { paper, person, position } of store.authorshipOf(matches.top.map((m) => m.rowid))) {
    const rank = rankOf.get(paper);
    if (left.has(person) || rank === undefined || (relevance[rank] ?? 0) < defaults.evidenceFloor) continue;
    const credit = credits.get(person) ?? { key: person, score: 0, ranks: [], position };
    credit.score += Math.sqrt(relevance[rank] ?? 0) * (position === 0 ? defaults.firstAuthorWeight : 1);
    credit.ranks.push(rank);
    if (Math.min(...credit.ranks) === rank) credit.position = position;
    credits.set(person, credit);
  }
  const people = new Map(store.people([...credits.keys()]).map((person) => [person.key, person]));
  const sorted = [...credits.values()]
    .map((credit) => ({ ...credit, ranks: credit.ranks.sort((a, b) => a - b) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        b.ranks.length - a.ranks.length ||
        (a.ranks[0] ?? 0) - (b.ranks[0] ?? 0) ||
        a.position - b.position ||
        Number(people.get(b.key)?.profiled) - Number(people.get(a.key)?.profiled) ||
        (a.key < b.key ? -1 : 1),
    );
  // People whose evidence is the very same papers stay together, where the best of them ranks.
  const blocks = new Map<string, Credit[]>();
  for (const credit of sorted)
    blocks.set(credit.ranks.join(","), [...(blocks.get(credit.ranks.join(",")) ?? []), credit]);
  const ranked = [...blocks.values()].flat();
  if (ranked.length === 0 && alone !== undefined)
    return { topic, total: 0, offset, people: [], notice: alone };
  const shown = ranked.slice(offset, offset + limit);
  const papers = store.papers(
    shown.flatMap((credit) => credit.ranks.map((rank) => matches.top[rank]?.rowid ?? 0)),
  );
  const expertOf = (credit: Credit): Expert => {
    const person = people.get(credit.key);
    return {
      key: credit.key,
      name: person?.name ?? credit.key,
      score: round(credit.score),
      profiled: person?.profiled ?? false,
      papers: credit.ranks.flatMap((rank) => {
        const paper = papers.get(matches.top[rank]?.rowid ?? 0);
        return paper ? [{ paper, score: round(relevance[rank] ?? 0) }] : [];
      }),
    };
  };
  return { topic, total: ranked.length, offset, people: shown.map(expertOf), ...noticed };
}
