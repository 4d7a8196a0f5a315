import { createHash } from "node:crypto";
import { z } from "zod";
import { personKey } from "../src/corpus/names.js";
import type { Paper } from "../src/corpus/types.js";
import type { SearchEngine } from "../src/search/types.js";
import { mean, ndcgAt, reciprocalRank } from "./metrics.js";

export const HALVES = ["dev", "test"] as const;
export type Half = (typeof HALVES)[number];

export const qrelsSchema = z.object({
  papers: z.record(z.string(), z.string().min(1)),
  queries: z.record(
    z.string(),
    z.object({
      half: z.enum(HALVES),
      judged: z.record(z.string(), z.number().int().min(0).max(2)),
    }),
  ),
  experts: z.record(
    z.string(),
    z.object({ top: z.number().int().min(1), atLeast: z.number().int().min(1), of: z.array(z.string()) }),
  ),
  authors: z.record(z.string(), z.object({ name: z.string(), papers: z.number().int().min(0) })),
});

export type Qrels = z.infer<typeof qrelsSchema>;

/**
 * The half a query belongs to, fixed by its text alone: "test" when the first byte of the SHA-256 of its UTF-8
 * bytes is odd. Nobody chooses it, so no query can be moved out of the gated half.
 */
export function halfOf(query: string): Half {
  const first = createHash("sha256").update(query, "utf8").digest()[0] ?? 0;
  return first % 2 === 1 ? "test" : "dev";
}

const depth = 10;

export interface QueryScore {
  query: string;
  half: Half;
  ndcg: number;
  reciprocalRank: number;
  /** Qrels keys of the top results, "-" for unjudged papers. */
  top: string[];
}

export interface RankingScore {
  ndcg: number;
  mrr: number;
  queries: QueryScore[];
}

export interface ExpertCheck {
  topic: string;
  found: string[];
  needed: number;
  top: number;
  met: boolean;
}

export interface AuthorCheck {
  query: string;
  expected: { name: string; papers: number };
  got?: { name: string; papers: number };
  met: boolean;
}

/**
 * Each qrels key → the id of the one paper whose abstract contains its text; `problems` names keys that match
 * no paper or several, and queries whose half is not the one `halfOf` gives.
 */
export function judgedPaperIds(
  papers: readonly Paper[],
  qrels: Qrels,
): { ids: Map<string, string>; problems: string[] } {
  const ids = new Map<string, string>();
  const problems: string[] = [];
  for (const [key, text] of Object.entries(qrels.papers)) {
    const matches = papers.filter((paper) => paper.abstract.includes(text));
    const only = matches[0];
    if (matches.length === 1 && only) ids.set(key, only.id);
    else problems.push(`"${key}" (${text}) matches ${matches.length} papers`);
  }
  for (const [query, entry] of Object.entries(qrels.queries)) {
    if (entry.half !== halfOf(query))
      problems.push(`"${query}" is in ${entry.half}, halfOf says ${halfOf(query)}`);
    for (const key of Object.keys(entry.judged)) {
      if (qrels.papers[key] === undefined)
        problems.push(`"${query}" judges "${key}", which papers does not name`);
    }
  }
  return { ids, problems };
}

/** nDCG@10 (linear gains) and MRR of a ranking function over the qrels queries of `halves`. */
export function rankingScoreOf(
  rank: (query: string) => string[],
  qrels: Qrels,
  ids: ReadonlyMap<string, string>,
  halves: readonly Half[] = HALVES,
): RankingScore {
  const keyOfId = new Map([...ids].map(([key, id]) => [id, key]));
  const queries = Object.entries(qrels.queries)
    .filter(([, entry]) => halves.includes(entry.half))
    .map(([query, entry]): QueryScore => {
      const judgments = new Map<string, number>();
      for (const [key, gain] of Object.entries(entry.judged)) {
        const id = ids.get(key);
        if (id !== undefined) judgments.set(id, gain);
      }
      const ranked = rank(query);
      // Nothing to find: right only when nothing comes back.
      const nothing = judgments.size === 0 ? (ranked.length === 0 ? 1 : 0) : undefined;
      return {
        query,
        half: entry.half,
        ndcg: nothing ?? ndcgAt(ranked, judgments, depth),
        reciprocalRank: nothing ?? reciprocalRank(ranked, judgments),
        top: ranked.slice(0, depth).map((id) => keyOfId.get(id) ?? "-"),
      };
    });
  return {
    ndcg: mean(queries.map((q) => q.ndcg)),
    mrr: mean(queries.map((q) => q.reciprocalRank)),
    queries,
  };
}

/**
 * How far a search's count means its topic: of every paper it counts, the share judged relevant, and of the relevant
 * the share counted (means over queries with a relevant paper), and how many counts are over twice the relevant.
 */
export function countScoreOf(index: SearchEngine, qrels: Qrels, ids: ReadonlyMap<string, string>) {
  const scores = Object.entries(qrels.queries).flatMap(([query, entry]) => {
    const relevant = new Set(
      Object.entries(entry.judged).flatMap(([key, gain]) => (gain > 0 ? (ids.get(key) ?? []) : [])),
    );
    if (relevant.size === 0) return [];
    const result = index.search(query, { limit: 1000, snippets: false });
    const counted = result.hits.filter((hit) => relevant.has(hit.paper.id)).length;
    return [
      {
        precision: result.total === 0 ? 0 : counted / result.total,
        recall: counted / relevant.size,
        inflated: result.total > 2 * relevant.size,
      },
    ];
  });
  return {
    precision: mean(scores.map((score) => score.precision)),
    recall: mean(scores.map((score) => score.recall)),
    inflated: scores.filter((score) => score.inflated).length,
    queries: scores.length,
  };
}

/** The qrels' "who" topics: at least `atLeast` of the judged people among the first `top`. */
export function expertChecks(index: SearchEngine, qrels: Qrels): ExpertCheck[] {
  return Object.entries(qrels.experts).map(([topic, judged]): ExpertCheck => {
    const wanted = new Set(judged.of.map(personKey));
    const found = index
      .who(topic, { limit: judged.top })
      .people.filter((person) => wanted.has(person.key))
      .map((person) => person.name);
    return { topic, found, needed: judged.atLeast, top: judged.top, met: found.length >= judged.atLeast };
  });
}

/** The qrels' author lookups: the right person, with the right number of papers. */
export function authorChecks(index: SearchEngine, qrels: Qrels): AuthorCheck[] {
  return Object.entries(qrels.authors).map(([query, expected]): AuthorCheck => {
    const lookup = index.author(query);
    if (lookup.kind !== "found") return { query, expected, met: false };
    const got = { name: lookup.summary.name, papers: lookup.summary.papers.length };
    return { query, expected, got, met: got.name === expected.name && got.papers === expected.papers };
  });
}
