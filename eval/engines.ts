import Database from "better-sqlite3";
import MiniSearch from "minisearch";
import { indexedTextOf } from "../src/corpus/indexed-text.js";
import type { Corpus } from "../src/corpus/types.js";
import { createSearchEngine, type OpenEngine } from "../src/search/engine.js";

/** A search over one corpus, as the eval sees it: the ids of the best papers, best first. */
export interface RankingEngine {
  name: string;
  rank(query: string, limit: number): string[];
  close(): void;
}

export const ENGINE_NAMES = ["ours", "fts5-porter", "minisearch"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/**
 * Ours as `paperbot --json search` ranks: the index built in memory from the loaded corpus. Hits come without
 * snippets, as plain FTS5's and MiniSearch's do: their time is ranking alone.
 */
export function oursOver(corpus: Corpus): RankingEngine & { engine: OpenEngine } {
  const engine = createSearchEngine(corpus);
  return {
    name: "ours",
    engine,
    rank: (query, limit) => engine.search(query, { limit, snippets: false }).hits.map((hit) => hit.paper.id),
    close: () => engine.close(),
  };
}

/** The query's words, each quoted, any of them: what a plain FTS5 search of typed text is. */
export function fts5QueryOf(query: string): string {
  return (query.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => `"${word}"`).join(" OR ");
}

/**
 * SQLite FTS5 as it comes: the porter tokenizer, `bm25()` with default weights over the text ours indexes (title,
 * venue, abstract) and the authors.
 */
export function fts5PorterOver(corpus: Corpus): RankingEngine {
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE papers USING fts5(id UNINDEXED, abstract, authors, tokenize = 'porter')");
  const insert = db.prepare("INSERT INTO papers (id, abstract, authors) VALUES (?, ?, ?)");
  db.transaction(() => {
    for (const paper of corpus.papers) insert.run(paper.id, indexedTextOf(paper), paper.authors.join(", "));
  })();
  const select = db
    .prepare<[string, number], { id: string }>(
      "SELECT id FROM papers WHERE papers MATCH ? ORDER BY bm25(papers) LIMIT ?",
    )
    .pluck(false);
  return {
    name: "fts5-porter",
    rank: (query, limit) => {
      const match = fts5QueryOf(query);
      return match === "" ? [] : select.all(match, limit).map((row) => row.id);
    },
    close: () => db.close(),
  };
}

/** MiniSearch with default options over the text ours indexes and the authors. */
export function miniSearchOver(corpus: Corpus): RankingEngine {
  const mini = new MiniSearch<{ id: string; abstract: string; authors: string }>({
    fields: ["abstract", "authors"],
  });
  mini.addAll(
    corpus.papers.map((paper) => ({
      id: paper.id,
      abstract: indexedTextOf(paper),
      authors: paper.authors.join(", "),
    })),
  );
  return {
    name: "minisearch",
    rank: (query, limit) =>
      mini
        .search(query)
        .slice(0, limit)
        .map((result) => String(result.id)),
    close: () => undefined,
  };
}

export function engineOver(name: EngineName, corpus: Corpus): RankingEngine {
  if (name === "ours") return oursOver(corpus);
  if (name === "fts5-porter") return fts5PorterOver(corpus);
  return miniSearchOver(corpus);
}
