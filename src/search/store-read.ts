import type { Database, Statement } from "better-sqlite3";
import { z } from "zod";
import type { Acronym, Paper } from "../corpus/types.js";

const formerIdsSchema = z.array(z.tuple([z.string(), z.string()]));

/** A matching paper by its rowid, with its BM25 score (higher is better). */
export interface Ranked {
  rowid: number;
  score: number;
}

/** An FTS5 expression over `text`, and what narrows it beyond words. */
export interface MatchQuery {
  match: string;
  /** Person keys: only papers naming one of them (visibly or as an owner). */
  authors?: readonly string[];
}

export interface PersonRow {
  key: string;
  name: string;
  spellings: string[];
  profiled: boolean;
  papers: number;
}

/** One name on one paper: `position` on the visible author line (0 = first), null for a hidden owner. */
export interface AuthorshipRow {
  paper: number;
  person: string;
  position: number | null;
  owner: boolean;
}

/** Everything search asks of the SQLite file, as prepared statements. */
export interface IndexStore {
  /** How many papers match. */
  count(match: string): number;
  /** The best matches first, scored by bm25() with these column weights (higher is better). */
  top(query: MatchQuery, limit: number, weights: readonly number[]): Ranked[];
  /** Which of `rowids` match. */
  holding(match: string, rowids: readonly number[]): Set<number>;
  /** Which of `rowids` match, with their bm25() scores under these column weights (higher is better). */
  scores(match: string, rowids: readonly number[], weights: readonly number[]): Map<number, number>;
  papers(rowids: readonly number[]): Map<number, Paper>;
  /** A paper by its id, in any case, or by the start of it when only one id starts so. */
  paperByIdOrPrefix(id: string): { rowid: number; paper: Paper } | undefined;
  paperIds(): string[];
  /** How many papers hold this term in any column of `text` (FTS5's own vocabulary). */
  termPapers(term: string): number;
  /** Every word of `surface` (as written, plurals folded) with the papers holding it: what typos are corrected to. */
  vocabulary(): [string, number][];
  person(key: string): PersonRow | undefined;
  /** The people with these keys, in one query: those in the corpus, in the order of `keys`. */
  people(keys: readonly string[]): PersonRow[];
  personKeysWithToken(token: string): string[];
  /** Every part of every name, once. */
  nameTokens(): string[];
  authorshipOf(rowids: readonly number[]): AuthorshipRow[];
  papersOf(key: string): AuthorshipRow[];
  /** The papers of any of these people, first-author ones first, then by their place on the author line. */
  papersOfAny(keys: readonly string[]): number[];
  coauthorsOf(key: string, limit: number): { key: string; papers: number }[];
  acronyms(): Acronym[];
  meta(key: string): string | undefined;
  close(): void;
}

// `+rowid`: not a lookup per paper of the authors (FTS5 then works out BM25 afresh for each: 2 ms a paper), but
// a check on each match (21 s → 18 ms for "reward models" among the 4,900 papers of the Kongs of 100,000). The
// authors' papers are gathered once into a temporary table, not once per statement (a common surname's 2,000
// people cost 20 ms a statement, and one search asks several).
const AUTHOR_FILTER = "+rowid IN (SELECT rowid FROM temp.by_authors)";

/** Where a hidden owner (no place on the visible author line) is put: after every visible author. */
export const HIDDEN_OWNER_PLACE = 99;

// A paper's abstract and headline are kept beside the rest of it (JSON).
const PAPER_ROWS = `SELECT p.rowid, p.paper, p.abstract, h.headline
  FROM papers AS p JOIN headlines AS h ON h.rowid = p.rowid`;
type PaperRow = { rowid: number; paper: string; abstract: string; headline: string };
const paperOf = (row: PaperRow): Paper => ({
  ...(JSON.parse(row.paper) as Omit<Paper, "abstract" | "headline">),
  abstract: row.abstract,
  headline: row.headline,
});
type AuthorshipRecord = Omit<AuthorshipRow, "owner"> & { owner: number };

interface PersonRecord {
  key: string;
  name: string;
  spellings: string;
  profiled: number;
  papers: number;
}

/** The store over an open index database (checked by the caller). */
export function indexStoreOf(db: Database): IndexStore {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  let heldAuthors: string | undefined;
  // Made by the first search by an author, on this connection only (the file is not written).
  const holdPapersOf = db.transaction((authors: string) => {
    if (heldAuthors === undefined)
      db.exec("CREATE TEMP TABLE IF NOT EXISTS by_authors(rowid INTEGER PRIMARY KEY)");
    prepared("DELETE FROM temp.by_authors").run();
    prepared(
      "INSERT OR IGNORE INTO temp.by_authors SELECT paper FROM authorship WHERE person IN (SELECT value FROM json_each(?))",
    ).run(authors);
    heldAuthors = authors;
  });
  const whereOf = (query: MatchQuery): { sql: string; params: object } => {
    const conditions = ["text MATCH @match"];
    const params: Record<string, unknown> = { match: query.match };
    if (query.authors !== undefined) {
      const authors = JSON.stringify(query.authors);
      if (authors !== heldAuthors) holdPapersOf(authors);
      conditions.push(AUTHOR_FILTER);
    }
    return { sql: conditions.join(" AND "), params };
  };
  const rowidList = (rowids: readonly number[]) => JSON.stringify(rowids);
  const personOf = (record: PersonRecord | undefined): PersonRow | undefined =>
    record && {
      ...record,
      spellings: JSON.parse(record.spellings) as string[],
      profiled: record.profiled === 1,
    };
  const authorshipOfRecord = (row: AuthorshipRecord): AuthorshipRow => ({ ...row, owner: row.owner === 1 });
  let ids: string[] | undefined;
  const termPapers = new Map<string, number>();
  let formerIds: Map<string, string> | undefined;
  const paperOfIdOrPrefix = (id: string): { rowid: number; paper: Paper } | undefined => {
    const exact = prepared(`${PAPER_ROWS} WHERE p.id = ?`).get(id) as PaperRow | undefined;
    const found = exact
      ? [exact]
      : (prepared(`${PAPER_ROWS} WHERE p.id >= ? ORDER BY p.id LIMIT 2`).all(id) as PaperRow[]);
    const papers = found.map((row) => ({ rowid: row.rowid, paper: paperOf(row) }));
    const starting = papers.filter((p) => p.paper.id.toLowerCase().startsWith(id.toLowerCase()));
    return exact ? papers[0] : starting.length === 1 ? starting[0] : undefined;
  };
  const metaOf = (key: string) =>
    prepared("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
  // On this connection only (a temp table; the file is not written): FTS5's vocabulary of `text`.
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_terms USING fts5vocab(main, 'text', 'row')");
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_columns USING fts5vocab(main, 'text', 'col')");

  return {
    count(match) {
      return (prepared("SELECT count(*) FROM text WHERE text MATCH ?").pluck().get(match) as number) ?? 0;
    },
    top(query, limit, weights) {
      const { sql, params } = whereOf(query);
      const statement = prepared(
        `SELECT rowid, -bm25(text, ${weights.join(", ")}) AS score FROM text WHERE ${sql} ORDER BY score DESC, rowid LIMIT @limit`,
      );
      return statement.all({ ...params, limit }) as Ranked[];
    },
    holding(match, rowids) {
      // One pass over the matches, each checked against the list: a seek per paper takes up to a millisecond
      // where the paper lacks the word (and SQLite 3.53's FTS5 drops a bound `rowid = ?` beside MATCH).
      if (rowids.length === 0) return new Set();
      const statement = prepared(
        "SELECT rowid FROM text WHERE text MATCH ? AND +rowid IN (SELECT value FROM json_each(?))",
      ).pluck();
      return new Set(statement.all(match, rowidList(rowids)) as number[]);
    },
    scores(match, rowids, weights) {
      if (rowids.length === 0) return new Map();
      const statement = prepared(
        `SELECT rowid, -bm25(text, ${weights.join(", ")}) FROM text WHERE text MATCH ? AND +rowid IN (SELECT value FROM json_each(?))`,
      ).raw();
      return new Map(statement.all(match, rowidList(rowids)) as [number, number][]);
    },
    papers(rowids) {
      if (rowids.length === 0) return new Map();
      const rows = prepared(`${PAPER_ROWS} WHERE p.rowid IN (SELECT value FROM json_each(?))`).all(
        rowidList(rowids),
      ) as PaperRow[];
      return new Map(rows.map((row) => [row.rowid, paperOf(row)]));
    },
    paperByIdOrPrefix(id) {
      const own = paperOfIdOrPrefix(id);
      if (own !== undefined) return own;
      // An id a merge took away finds the paper that has it now (saved lists and follows keep old ids).
      formerIds ??= new Map(
        formerIdsSchema
          .parse(JSON.parse(metaOf("former_ids") ?? "[]"))
          .map(([old, now]) => [old.toLowerCase(), now]),
      );
      const now = formerIds.get(id.toLowerCase());
      return now === undefined ? undefined : paperOfIdOrPrefix(now);
    },
    paperIds() {
      // In id order, which is rowid order, read from the id index alone: a third of the time of the table.
      ids ??= prepared("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
      return ids;
    },
    termPapers(term) {
      // Remembered: FTS5 counts them by reading the term's whole doclist (2 to 3 ms for a word of most papers).
      let papers = termPapers.get(term);
      if (papers === undefined) {
        if (termPapers.size >= 20_000) termPapers.clear();
        papers =
          (prepared("SELECT doc FROM temp.text_terms WHERE term = ?").pluck().get(term) as number) ?? 0;
        termPapers.set(term, papers);
      }
      return papers;
    },
    vocabulary() {
      return prepared("SELECT term, doc FROM temp.text_columns WHERE col = 'surface'").raw().all() as [
        string,
        number,
      ][];
    },
    person(key) {
      return personOf(prepared("SELECT * FROM people WHERE key = ?").get(key) as PersonRecord | undefined);
    },
    people(keys) {
      if (keys.length === 0) return [];
      const records = prepared("SELECT * FROM people WHERE key IN (SELECT value FROM json_each(?))").all(
        JSON.stringify(keys),
      ) as PersonRecord[];
      const byKey = new Map(records.map((record) => [record.key, record]));
      return keys.flatMap((key) => personOf(byKey.get(key)) ?? []);
    },
    personKeysWithToken(token) {
      return prepared("SELECT key FROM name_tokens WHERE token = ?").pluck().all(token) as string[];
    },
    nameTokens() {
      return prepared("SELECT DISTINCT token FROM name_tokens").pluck().all() as string[];
    },
    authorshipOf(rowids) {
      const rows = prepared(
        "SELECT paper, person, position, owner FROM authorship WHERE paper IN (SELECT value FROM json_each(?))",
      ).all(rowidList(rowids)) as AuthorshipRecord[];
      return rows.map(authorshipOfRecord);
    },
    papersOf(key) {
      const rows = prepared(
        "SELECT paper, person, position, owner FROM authorship WHERE person = ? ORDER BY paper",
      ).all(key) as AuthorshipRecord[];
      return rows.map(authorshipOfRecord);
    },
    papersOfAny(keys) {
      return prepared(
        `SELECT paper FROM authorship WHERE person IN (SELECT value FROM json_each(?))
         GROUP BY paper ORDER BY min(coalesce(position, ${HIDDEN_OWNER_PLACE})), paper`,
      )
        .pluck()
        .all(JSON.stringify(keys)) as number[];
    },
    coauthorsOf(key, limit) {
      return prepared(
        `SELECT other.person AS key, count(*) AS papers FROM authorship AS mine
         JOIN authorship AS other ON other.paper = mine.paper AND other.person != mine.person
         WHERE mine.person = ? GROUP BY other.person ORDER BY papers DESC LIMIT ?`,
      ).all(key, limit) as { key: string; papers: number }[];
    },
    acronyms() {
      return prepared("SELECT short, long FROM acronyms ORDER BY rowid").all() as Acronym[];
    },
    meta: metaOf,
    close() {
      db.close();
    },
  };
}
