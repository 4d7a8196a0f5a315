import type { Matches } from "./ranking.js";
import type { IndexStore } from "./store-read.js";
import type { Expert, WhoResult } from "./types.js";

/** Papers read as evidence: the best matches, and none much weaker than the best. */
export const evidencePapers = 50;
const minRelevance = 0.2;
const firstAuthorWeight = 1.25;

interface Credit {
  key: string;
  score: number;
  /** Evidence as [rank among the matches, relevance], best first. */
  papers: { rank: number; relevance: number }[];
  firstAuthor: number;
  /** Place on the author line of the best evidence paper (hidden owners after everyone named). */
  position: number;
}

/** What who ranks people by: matches, the people to leave out (those the topic names), and what to say. */
export interface Evidence {
  matches: Matches;
  leaving: string[];
  notice?: string;
  /** What to say when the people left out wrote every match alone. */
  alone?: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * How strongly each match counts: its score against the best paper holding the most words (a paper holding
 * fewer counts by its own weak score, not as the best of its band), times the share of the words it holds.
 */
function relevanceOf(matches: Matches): number[] {
  const most = matches.top[0]?.level ?? 0;
  const best = matches.top.reduce((high, m) => (m.level === most ? Math.max(high, m.score) : high), 0);
  return matches.top.map((m) => (Math.min(1, m.score / (best || 1)) * m.level) / Math.max(1, matches.groups));
}

/** BM25 ratios between relevant papers are steep; evidence counts by their square root (a second paper matters). */
const weightOf = (relevance: number) => Math.sqrt(relevance);

/**
 * The people behind a topic, ranked as search ranks papers: those with a paper holding the most of its words first,
 * then by the evidence they bring: every paper they wrote among the matches
 * counts by its relevance (a file's owner wrote every paper in it, named on the line or not), a first author
 * counts more. People whose evidence is the very same papers stay together, in the order of the paper's line.
 */
export function expertsOf(
  store: IndexStore,
  topic: string,
  { matches, leaving, notice, alone }: Evidence,
  options: { limit: number; offset: number },
): WhoResult {
  const noticed = notice === undefined ? {} : { notice };
  if (matches.top.length === 0) return { topic, total: 0, offset: options.offset, people: [], ...noticed };
  const left = new Set(leaving);
  const relevance = relevanceOf(matches);
  // Each paper keeps its own relevance: a weak paper dropped between two strong ones shifts the ranks after it.
  const evidence = matches.top.flatMap((match, i) => {
    const paperRelevance = relevance[i] ?? 0;
    return paperRelevance >= minRelevance ? [{ ...match, relevance: paperRelevance }] : [];
  });
  const rankOf = new Map(evidence.map((m, rank) => [m.rowid, rank]));
  const credits = new Map<string, Credit>();
  const rows = store.authorshipOf(evidence.map((m) => m.rowid));
  for (const row of rows) {
    const rank = rankOf.get(row.paper);
    if (left.has(row.person) || rank === undefined) continue;
    const paperRelevance = evidence[rank]?.relevance ?? 0;
    const credit = credits.get(row.person) ?? {
      key: row.person,
      score: 0,
      papers: [],
      firstAuthor: 0,
      position: 99,
    };
    credit.score += weightOf(paperRelevance) * (row.position === 0 ? firstAuthorWeight : 1);
    credit.papers.push({ rank, relevance: paperRelevance });
    if (row.position === 0) credit.firstAuthor += 1;
    const best = credit.papers.reduce((low, p) => Math.min(low, p.rank), rank);
    if (best === rank) credit.position = row.position ?? 99;
    credits.set(row.person, credit);
  }
  for (const credit of credits.values()) credit.papers.sort((a, b) => a.rank - b.rank);
  const people = new Map(store.people([...credits.keys()]).map((person) => [person.key, person]));
  const mostWords = (credit: Credit) => Math.max(...credit.papers.map((p) => evidence[p.rank]?.level ?? 0));
  const byEvidence = (a: Credit, b: Credit) =>
    mostWords(b) - mostWords(a) ||
    b.score - a.score ||
    b.papers.length - a.papers.length ||
    b.firstAuthor - a.firstAuthor ||
    (a.papers[0]?.rank ?? 0) - (b.papers[0]?.rank ?? 0) ||
    a.position - b.position ||
    Number(people.get(b.key)?.profiled) - Number(people.get(a.key)?.profiled) ||
    (people.get(b.key)?.papers ?? 0) - (people.get(a.key)?.papers ?? 0) ||
    (a.key < b.key ? -1 : 1);
  // People with the same evidence form one block, placed where its best member ranks.
  const blocks = new Map<string, Credit[]>();
  for (const credit of [...credits.values()].sort(byEvidence)) {
    const key = credit.papers.map((p) => p.rank).join(",");
    blocks.set(key, [...(blocks.get(key) ?? []), credit]);
  }
  const ranked = [...blocks.values()].flat();
  if (ranked.length === 0 && alone !== undefined)
    return { topic, total: 0, offset: options.offset, people: [], notice: alone };
  const shown = ranked.slice(options.offset, options.offset + options.limit);
  const expertOf = (credit: Credit): Expert => {
    const person = people.get(credit.key);
    return {
      key: credit.key,
      name: person?.name ?? credit.key,
      score: round(credit.score),
      profiled: person?.profiled ?? false,
      papers: credit.papers.flatMap(({ rank, relevance: r }) => {
        const paper = evidence[rank]?.paper;
        return paper ? [{ paper, score: round(r) }] : [];
      }),
    };
  };
  return { topic, total: ranked.length, offset: options.offset, people: shown.map(expertOf), ...noticed };
}
