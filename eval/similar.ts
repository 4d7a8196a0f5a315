// `npm run eval:similar [-- --sets scifact,nfcorpus,own --sources 300 --data DIR]`: how well "more like this" finds a
// paper's neighbours, and where its floor belongs. Two papers judged (at the set's highest grade) relevant to the
// same query are partners; a paper's neighbours should be its partners more than any other paper. Ours (floor 0,
// so every score is seen) beside plain FTS5 (porter) ranking the paper's 12 most distinctive terms (tf × IDF) by
// bm25(), as Lucene's MoreLikeThis does.
import { readFile } from "node:fs/promises";
import Database from "better-sqlite3";
import { optionsOf } from "../bench/options.js";
import { indexedTextOf } from "../src/corpus/indexed-text.js";
import { loadCorpus } from "../src/corpus/load.js";
import type { Corpus } from "../src/corpus/types.js";
import { searchDefaults } from "../src/search/defaults.js";
import { createSearchEngine } from "../src/search/engine.js";
import { seededRandom } from "../src/search/seeded-random.js";
import { readBeirSet } from "./beir.js";
import { defaultDataDir } from "./gate.js";
import { mean } from "./metrics.js";
import { judgedPaperIds, qrelsSchema } from "./relevance.js";

const { values } = optionsOf("eval:similar", {
  options: {
    sets: { type: "string", default: "scifact,nfcorpus,own" },
    sources: { type: "string", default: "300" },
    data: { type: "string" },
    corpus: { type: "string", default: "seeds" },
    qrels: { type: "string", default: "eval/qrels.json" },
  },
});

/** A corpus and, per paper id, the papers judged at the highest grade relevant to a query it is relevant to. */
interface PairSet {
  name: string;
  corpus: Corpus;
  partners: Map<string, Set<string>>;
}

/** Neighbours of a paper, best first, with a score (ours: the share of the paper's own score). */
type Neighbours = (id: string) => { id: string; score: number }[];

const FLOORS = [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5];
const SHOWN = 5;

function partnersOf(groups: Iterable<readonly string[]>): Map<string, Set<string>> {
  const partners = new Map<string, Set<string>>();
  for (const group of groups) {
    for (const a of group) {
      for (const b of group) {
        if (a === b) continue;
        const set = partners.get(a) ?? new Set<string>();
        set.add(b);
        partners.set(a, set);
      }
    }
  }
  return partners;
}

function beirPairs(name: string, dir: string): PairSet {
  const set = readBeirSet(dir, name);
  const paperOfDoc = new Map<string, string>();
  for (const [paper, docs] of set.docIdsOf) for (const doc of docs) paperOfDoc.set(doc, paper);
  const top = Math.max(...[...set.qrels.values()].flatMap((judged) => [...judged.values()]));
  const groups = [...set.qrels.values()].map((judged) => [
    ...new Set(
      [...judged].flatMap(([doc, grade]) => {
        const paper = paperOfDoc.get(doc);
        return grade === top && paper !== undefined ? [paper] : [];
      }),
    ),
  ]);
  return { name, corpus: set.corpus, partners: partnersOf(groups) };
}

async function ownPairs(): Promise<PairSet> {
  const qrels = qrelsSchema.parse(JSON.parse(await readFile(values.qrels, "utf8")));
  const corpus = await loadCorpus(values.corpus);
  const { ids } = judgedPaperIds(corpus.papers, qrels);
  const groups = Object.values(qrels.queries).map(({ judged }) =>
    Object.entries(judged).flatMap(([key, grade]) => {
      const id = ids.get(key);
      return grade === 2 && id !== undefined ? [id] : [];
    }),
  );
  return { name: "own", corpus, partners: partnersOf(groups) };
}

/** Plain FTS5 with the porter tokenizer: the paper's 12 terms of highest tf × IDF, any of them, by bm25(). */
function plainMoreLikeThis(corpus: Corpus): { neighbours: Neighbours; close: () => void } {
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE papers USING fts5(id UNINDEXED, text, tokenize = 'porter')");
  db.exec("CREATE VIRTUAL TABLE terms USING fts5vocab(papers, 'instance')");
  db.exec("CREATE VIRTUAL TABLE docs USING fts5vocab(papers, 'row')");
  const insert = db.prepare("INSERT INTO papers (rowid, id, text) VALUES (?, ?, ?)");
  const rowidOf = new Map<string, number>();
  db.transaction(() => {
    corpus.papers.forEach((paper, at) => {
      rowidOf.set(paper.id, at + 1);
      insert.run(at + 1, paper.id, indexedTextOf(paper));
    });
  })();
  const total = corpus.papers.length;
  const termsOf = db.prepare<[number], { term: string; tf: number; df: number }>(
    "SELECT i.term, count(*) AS tf, d.doc AS df FROM terms AS i JOIN docs AS d ON d.term = i.term WHERE i.doc = ? GROUP BY i.term",
  );
  const top = db.prepare<[string, number, number], { id: string; score: number }>(
    "SELECT id, -bm25(papers) AS score FROM papers WHERE papers MATCH ? AND rowid != ? ORDER BY score DESC LIMIT ?",
  );
  return {
    neighbours(id) {
      const rowid = rowidOf.get(id) ?? 0;
      const terms = termsOf
        .all(rowid)
        .filter((t) => t.df > 1 && /^\p{L}[\p{L}\p{N}]+$/u.test(t.term))
        .map((t) => ({ term: t.term, weight: t.tf * Math.log(1 + (total - t.df + 0.5) / (t.df + 0.5)) }))
        .sort((a, b) => b.weight - a.weight)
        .slice(0, 12);
      if (terms.length === 0) return [];
      return top.all(terms.map((t) => `"${t.term}"`).join(" OR "), rowid, 20);
    },
    close: () => db.close(),
  };
}

interface Outcome {
  /** Partners among the first five, over five. */
  precision: number;
  reciprocalRank: number;
  /** Each neighbour of the first twenty, with whether it is a partner. */
  scored: { score: number; partner: boolean }[];
  partners: number;
}

function outcomesOf(set: PairSet, neighbours: Neighbours, sources: readonly string[]): Outcome[] {
  return sources.map((id) => {
    const partners = set.partners.get(id) ?? new Set<string>();
    const found = neighbours(id).slice(0, 20);
    const first = found.findIndex((n) => partners.has(n.id));
    return {
      precision: found.slice(0, SHOWN).filter((n) => partners.has(n.id)).length / SHOWN,
      reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
      scored: found.map((n) => ({ score: n.score, partner: partners.has(n.id) })),
      partners: partners.size,
    };
  });
}

/** At a floor: partners shown over papers shown, partners shown over those there were to show, F1, and papers left alone. */
function atFloor(outcomes: readonly Outcome[], floor: number) {
  let shown = 0;
  let right = 0;
  let wanted = 0;
  let none = 0;
  for (const outcome of outcomes) {
    const kept = outcome.scored.filter((n) => n.score >= floor).slice(0, SHOWN);
    shown += kept.length;
    right += kept.filter((n) => n.partner).length;
    wanted += Math.min(SHOWN, outcome.partners);
    if (kept.length === 0) none += 1;
  }
  const precision = shown === 0 ? 0 : right / shown;
  const recall = wanted === 0 ? 0 : right / wanted;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, none: none / outcomes.length, shown: shown / outcomes.length };
}

const f3 = (n: number) => n.toFixed(3);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measure(set: PairSet): Promise<string[]> {
  const random = seededRandom(34);
  const candidates = [...set.partners.keys()];
  // A fair sample, the same every run.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] ?? "", candidates[i] ?? ""];
  }
  const sources = candidates.slice(0, Number(values.sources));
  const ours = createSearchEngine(set.corpus, { ...searchDefaults, similarFloor: 0 });
  const plain = plainMoreLikeThis(set.corpus);
  const lines = [`${set.name}: ${set.corpus.papers.length} papers, ${sources.length} with partners sampled`];
  try {
    const started = performance.now();
    const mine = outcomesOf(
      set,
      (id) => (ours.similar(id, { limit: 20 }) ?? []).map((hit) => ({ id: hit.paper.id, score: hit.score })),
      sources,
    );
    const ms = (performance.now() - started) / Math.max(1, sources.length);
    const theirs = outcomesOf(set, plain.neighbours, sources);
    for (const [name, outcomes] of [
      ["ours", mine],
      ["fts5-mlt", theirs],
    ] as const) {
      lines.push(
        `  ${name.padEnd(9)} P@5 ${f3(mean(outcomes.map((o) => o.precision)))}  MRR ${f3(mean(outcomes.map((o) => o.reciprocalRank)))}`,
      );
    }
    lines.push(`  ours: ${ms.toFixed(1)} ms a paper`);
    const partnerScores = mine.flatMap((o) => o.scored.filter((n) => n.partner).map((n) => n.score));
    const otherScores = mine.flatMap((o) =>
      o.scored
        .slice(0, SHOWN)
        .filter((n) => !n.partner)
        .map((n) => n.score),
    );
    lines.push(
      `  ours score (share of the paper's own): partners in the top 20 median ${f3(median(partnerScores))}, other papers of the top 5 median ${f3(median(otherScores))}`,
      "  floor  shown  precision  recall  F1     papers with none shown",
    );
    for (const floor of FLOORS) {
      const at = atFloor(mine, floor);
      lines.push(
        `  ${floor.toFixed(2)}   ${at.shown.toFixed(2)}   ${f3(at.precision)}      ${f3(at.recall)}   ${f3(at.f1)}  ${(at.none * 100).toFixed(1)}%`,
      );
    }
  } finally {
    ours.close();
    plain.close();
  }
  return lines;
}

try {
  const dataDir = values.data ?? defaultDataDir();
  const out: string[] = [];
  for (const name of (values.sets ?? "").split(",").filter((s) => s !== "")) {
    const set = name === "own" ? await ownPairs() : beirPairs(name, dataDir);
    out.push(...(await measure(set)), "");
  }
  process.stdout.write(`${out.join("\n")}\n`);
} catch (error) {
  process.stderr.write(`eval:similar: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
