import MiniSearch from "minisearch";
import { z } from "zod";
import { personKey } from "../src/corpus/names.js";
import type { Corpus, Paper } from "../src/corpus/types.js";
import type { SearchEngine } from "../src/search/types.js";

export const qrelsSchema = z.object({
  papers: z.record(z.string(), z.string().min(1)),
  queries: z.record(z.string(), z.record(z.string(), z.number().int().min(0))),
  experts: z.record(
    z.string(),
    z.object({ top: z.number().int().min(1), atLeast: z.number().int().min(1), of: z.array(z.string()) }),
  ),
  authors: z.record(z.string(), z.object({ name: z.string(), papers: z.number().int().min(0) })),
});

export type Qrels = z.infer<typeof qrelsSchema>;

export const targets = { ndcg: 0.97, mrr: 1 } as const;
const depth = 10;

export interface QueryScore {
  query: string;
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

export interface RelevanceReport {
  search: RankingScore;
  baseline: RankingScore;
  experts: ExpertCheck[];
  authors: AuthorCheck[];
  /** Qrels keys that name no paper, or more than one. */
  problems: string[];
  passed: boolean;
}

/** Each qrels key → the id of the one paper whose abstract contains its text. */
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
  return { ids, problems };
}

function ndcgAt(ranked: readonly string[], judgments: ReadonlyMap<string, number>): number {
  const dcg = ranked
    .slice(0, depth)
    .reduce((sum, id, i) => sum + (judgments.get(id) ?? 0) / Math.log2(i + 2), 0);
  const ideal = [...judgments.values()]
    .sort((a, b) => b - a)
    .slice(0, depth)
    .reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

function reciprocalRankOf(ranked: readonly string[], judgments: ReadonlyMap<string, number>): number {
  const at = ranked.findIndex((id) => (judgments.get(id) ?? 0) > 0);
  return at === -1 ? 0 : 1 / (at + 1);
}

/** nDCG@10 (linear gains) and MRR of a ranking function over the qrels queries. */
export function rankingScoreOf(
  rank: (query: string) => string[],
  qrels: Qrels,
  ids: ReadonlyMap<string, string>,
): RankingScore {
  const keyOfId = new Map([...ids].map(([key, id]) => [id, key]));
  const queries = Object.entries(qrels.queries).map(([query, judged]): QueryScore => {
    const judgments = new Map<string, number>();
    for (const [key, gain] of Object.entries(judged)) {
      const id = ids.get(key);
      if (id !== undefined) judgments.set(id, gain);
    }
    const ranked = rank(query);
    // Nothing to find: right only when nothing comes back.
    const nothing = judgments.size === 0 ? (ranked.length === 0 ? 1 : 0) : undefined;
    return {
      query,
      ndcg: nothing ?? ndcgAt(ranked, judgments),
      reciprocalRank: nothing ?? reciprocalRankOf(ranked, judgments),
      top: ranked.slice(0, depth).map((id) => keyOfId.get(id) ?? "-"),
    };
  });
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    ndcg: mean(queries.map((q) => q.ndcg)),
    mrr: mean(queries.map((q) => q.reciprocalRank)),
    queries,
  };
}

/** Plain MiniSearch with default options over abstract and authors: the yardstick. */
export function baselineRanker(corpus: Corpus): (query: string) => string[] {
  const mini = new MiniSearch<{ id: string; abstract: string; authors: string }>({
    fields: ["abstract", "authors"],
  });
  mini.addAll(
    corpus.papers.map((paper) => ({
      id: paper.id,
      abstract: paper.abstract,
      authors: paper.authors.join(", "),
    })),
  );
  return (query) => mini.search(query).map((result) => result.id as string);
}

/** `corpus` is what `index` was built from: the baseline is built over the same papers. */
export function evaluateRelevance(index: SearchEngine, corpus: Corpus, qrels: Qrels): RelevanceReport {
  const { ids, problems } = judgedPaperIds(corpus.papers, qrels);
  const search = rankingScoreOf(
    (query) => index.search(query, { limit: depth }).hits.map((hit) => hit.paper.id),
    qrels,
    ids,
  );
  const baseline = rankingScoreOf(baselineRanker(corpus), qrels, ids);
  const experts = Object.entries(qrels.experts).map(([topic, judged]): ExpertCheck => {
    const wanted = new Set(judged.of.map(personKey));
    const found = index
      .who(topic, { limit: judged.top })
      .people.filter((person) => wanted.has(person.key))
      .map((person) => person.name);
    return { topic, found, needed: judged.atLeast, top: judged.top, met: found.length >= judged.atLeast };
  });
  const authors = Object.entries(qrels.authors).map(([query, expected]): AuthorCheck => {
    const lookup = index.author(query);
    if (lookup.kind !== "found") return { query, expected, met: false };
    const got = { name: lookup.summary.name, papers: lookup.summary.papers.length };
    return { query, expected, got, met: got.name === expected.name && got.papers === expected.papers };
  });
  const passed =
    problems.length === 0 &&
    search.ndcg >= targets.ndcg &&
    search.mrr >= targets.mrr &&
    experts.every((check) => check.met) &&
    authors.every((check) => check.met);
  return { search, baseline, experts, authors, problems, passed };
}
