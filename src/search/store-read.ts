import type { Database, Statement } from "better-sqlite3";
import { z } from "zod";
import { headlineFor } from "../corpus/headline.js";
import type { Acronym, Paper } from "../corpus/types.js";
import type { Years } from "./query.js";

const formerIdsSchema = z.array(z.tuple([z.string(), z.string()]));

/** A matching paper by its rowid, with its BM25 score (higher is better). */
export interface Ranked {
  rowid: number;
  score: number;
}

export interface PersonRow {
  key: string;
  name: string;
  spellings: string[];
  profiled: boolean;
  papers: number;
}

/** One name on one paper: `position` on the visible author line (0 = first), HIDDEN_OWNER_PLACE for a hidden owner. */
export interface AuthorshipRow {
  paper: number;
  person: string;
  position: number;
}

/** Everything search asks of the SQLite file. */
export type IndexStore = ReturnType<typeof indexStoreOf>;

/** Where a hidden owner (no place on the visible author line) is put: after every visible author. */
const HIDDEN_OWNER_PLACE = 99;
/** Rows whose value is among a JSON list's. */
const IN_JSON = "IN (SELECT value FROM json_each(?))";
const AUTHORSHIP = `SELECT paper, person, coalesce(position, ${HIDDEN_OWNER_PLACE}) AS position FROM authorship`;

/** A person's papers: first-author ones first, each part newest first (papers without a year last). */
const NEWEST_FIRST_AUTHOR = "ORDER BY position > 0, p.year IS NULL, p.year DESC, position, a.paper";

// A paper's abstract and BibTeX entry are kept beside the rest of it (JSON).
const PAPER_ROWS = "SELECT p.rowid, p.paper, p.abstract, p.bibtex FROM papers AS p";
type PaperRow = { rowid: number; paper: string; abstract: string; bibtex: string | null };
const paperOf = (row: PaperRow): Paper => {
  const read = JSON.parse(row.paper) as Omit<Paper, "abstract" | "headline">;
  const paper = { ...read, abstract: row.abstract, ...(row.bibtex === null ? {} : { bibtex: row.bibtex }) };
  return { ...paper, headline: headlineFor(paper) };
};
type PersonRecord = Omit<PersonRow, "spellings" | "profiled"> & { spellings: string; profiled: number };
const personOf = (record?: PersonRecord): PersonRow | undefined =>
  record && {
    ...record,
    spellings: JSON.parse(record.spellings) as string[],
    profiled: record.profiled === 1,
  };

/** The store over an open index database (checked by the caller), as prepared statements. */
export function indexStoreOf(db: Database) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string): Statement => {
    const statement = statements.get(sql) ?? db.prepare(sql);
    statements.set(sql, statement);
    return statement;
  };
  const all = <T>(sql: string, ...params: unknown[]) => prepared(sql).all(...params) as T[];
  // The authors' papers gathered once into a temporary table (on this connection; the file is not written), then
  // `+rowid` checks each match against it: a lookup per paper makes FTS5 work out BM25 afresh (2 ms a paper).
  let heldAuthors: string | undefined;
  const holdPapersOf = db.transaction((authors: string) => {
    db.exec("CREATE TEMP TABLE IF NOT EXISTS by_authors(rowid INTEGER PRIMARY KEY)");
    prepared("DELETE FROM temp.by_authors").run();
    prepared(
      `INSERT OR IGNORE INTO temp.by_authors SELECT paper FROM authorship WHERE person ${IN_JSON}`,
    ).run(authors);
    heldAuthors = authors;
  });
  let ids: string[] | undefined;
  const termPapers = new Map<string, number>();
  let formerIds: Map<string, string> | undefined;
  let dated: boolean | undefined;
  const paperOfIdOrPrefix = (id: string): { rowid: number; paper: Paper } | undefined => {
    const exact = prepared(`${PAPER_ROWS} WHERE p.id = ?`).get(id) as PaperRow | undefined;
    const found = exact
      ? [exact]
      : (prepared(`${PAPER_ROWS} WHERE p.id >= ? ORDER BY p.id LIMIT 2`).all(id) as PaperRow[]);
    const papers = found.map((row) => ({ rowid: row.rowid, paper: paperOf(row) }));
    const starting = papers.filter((p) => p.paper.id.toLowerCase().startsWith(id.toLowerCase()));
    return exact ? papers[0] : starting.length === 1 ? starting[0] : undefined;
  };
  const meta = (key: string) =>
    prepared("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
  // On this connection only (a temp table; the file is not written): FTS5's vocabulary of `text`.
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_terms USING fts5vocab(main, 'text', 'row')");
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_columns USING fts5vocab(main, 'text', 'col')");

  return {
    count(match: string): number {
      return (prepared("SELECT count(*) FROM text WHERE text MATCH ?").pluck().get(match) as number) ?? 0;
    },
    /** The best matches first by bm25() with these column weights; `authors`: only papers naming one of them. */
    top(match: string, limit: number, weights: readonly number[], authors?: readonly string[]): Ranked[] {
      const held = authors === undefined ? undefined : JSON.stringify(authors);
      if (held !== undefined && held !== heldAuthors) holdPapersOf(held);
      const byAuthors = held === undefined ? "" : " AND +rowid IN (SELECT rowid FROM temp.by_authors)";
      return prepared(
        `SELECT rowid, -bm25(text, ${weights.join(", ")}) AS score FROM text WHERE text MATCH ?${byAuthors} ORDER BY score DESC, rowid LIMIT ?`,
      ).all(match, limit) as Ranked[];
    },
    /** Which of `rowids` match: one pass over the matches (a seek per paper takes up to a millisecond). */
    holding(match: string, rowids: readonly number[]): Set<number> {
      if (rowids.length === 0) return new Set();
      const statement = prepared(`SELECT rowid FROM text WHERE text MATCH ? AND +rowid ${IN_JSON}`).pluck();
      return new Set(statement.all(match, JSON.stringify(rowids)) as number[]);
    },
    /** Which of `rowids` match, with their bm25() scores under these column weights. */
    scores(match: string, rowids: readonly number[], weights: readonly number[]): Map<number, number> {
      if (rowids.length === 0) return new Map();
      const statement = prepared(
        `SELECT rowid, -bm25(text, ${weights.join(", ")}) FROM text WHERE text MATCH ? AND +rowid ${IN_JSON}`,
      ).raw();
      return new Map(statement.all(match, JSON.stringify(rowids)) as [number, number][]);
    },
    papers(rowids: readonly number[]): Map<number, Paper> {
      if (rowids.length === 0) return new Map();
      const rows = all<PaperRow>(`${PAPER_ROWS} WHERE p.rowid ${IN_JSON}`, JSON.stringify(rowids));
      return new Map(rows.map((row) => [row.rowid, paperOf(row)]));
    },
    /** A paper by its id in any case, the start of one id, or an id a merge took away (saved lists keep old ids). */
    paperByIdOrPrefix(id: string): { rowid: number; paper: Paper } | undefined {
      const own = paperOfIdOrPrefix(id);
      if (own !== undefined) return own;
      formerIds ??= new Map(
        formerIdsSchema
          .parse(JSON.parse(meta("former_ids") ?? "[]"))
          .map(([old, now]) => [old.toLowerCase(), now]),
      );
      const now = formerIds.get(id.toLowerCase());
      return now === undefined ? undefined : paperOfIdOrPrefix(now);
    },
    /** The paper a pasted identifier names (identifierKeysIn's keys, the first found). */
    paperByIdentifier(keys: readonly string[]): { rowid: number; paper: Paper } | undefined {
      const named = prepared(`${PAPER_ROWS} WHERE p.rowid = (SELECT paper FROM identifiers WHERE key = ?)`);
      for (const key of keys) {
        const row = named.get(key) as PaperRow | undefined;
        if (row !== undefined) return { rowid: row.rowid, paper: paperOf(row) };
      }
      return undefined;
    },
    paperIds(): string[] {
      // In id order, which is rowid order, read from the id index alone: a third of the time of the table.
      ids ??= prepared("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
      return ids;
    },
    /** How many papers hold this term in any column (FTS5's vocabulary), remembered: FTS5 reads its whole doclist. */
    termPapers(term: string): number {
      const known = termPapers.get(term);
      if (known !== undefined) return known;
      if (termPapers.size >= 20_000) termPapers.clear();
      const papers =
        (prepared("SELECT doc FROM temp.text_terms WHERE term = ?").pluck().get(term) as number) ?? 0;
      termPapers.set(term, papers);
      return papers;
    },
    /** The `limit` words of `surface` (as written, plurals folded) most papers hold, and their papers. */
    commonestWords(limit: number): [string, number][] {
      const sql =
        "SELECT term, doc FROM temp.text_columns WHERE col = 'surface' ORDER BY doc DESC, term LIMIT ?";
      return prepared(sql).raw().all(limit) as [string, number][];
    },
    /** The words of `surface` that start with `prefix`, with their papers (FTS5 reads only that range of terms). */
    wordsStarting(prefix: string): [string, number][] {
      const sql = "SELECT term, doc FROM temp.text_columns WHERE term >= ? AND term < ? AND col = 'surface'";
      // U+10FFFF is the greatest character: every word with the prefix sorts (as UTF-8 bytes) before prefix + it.
      return prepared(sql).raw().all(prefix, `${prefix}\u{10FFFF}`) as [string, number][];
    },
    person(key: string): PersonRow | undefined {
      return personOf(prepared("SELECT * FROM people WHERE key = ?").get(key) as PersonRecord | undefined);
    },
    /** The people with these keys who are in the corpus, in the order of `keys`. */
    people(keys: readonly string[]): PersonRow[] {
      if (keys.length === 0) return [];
      const records = all<PersonRecord>(`SELECT * FROM people WHERE key ${IN_JSON}`, JSON.stringify(keys));
      const byKey = new Map(records.map((record) => [record.key, record]));
      return keys.flatMap((key) => personOf(byKey.get(key)) ?? []);
    },
    personKeysWithToken(token: string): string[] {
      return prepared("SELECT key FROM name_tokens WHERE token = ?").pluck().all(token) as string[];
    },
    /** The parts of names people go by that start with `prefix`. */
    nameTokensStarting(prefix: string): string[] {
      const sql = "SELECT DISTINCT token FROM name_tokens WHERE token >= ? AND token < ?";
      return prepared(sql).pluck().all(prefix, `${prefix}\u{10FFFF}`) as string[];
    },
    /** The `limit` parts of names people go by: those of people with a file first, then of the most papers. */
    nameTokens(limit: number): string[] {
      const sql = `SELECT token FROM name_tokens JOIN people USING (key) GROUP BY token
        ORDER BY max(profiled) DESC, sum(papers) DESC, token LIMIT ?`;
      return prepared(sql).pluck().all(limit) as string[];
    },
    authorshipOf(rowids: readonly number[]): AuthorshipRow[] {
      return all<AuthorshipRow>(`${AUTHORSHIP} WHERE paper ${IN_JSON}`, JSON.stringify(rowids));
    },
    /** A person's papers, first-author ones first, then by their place on the author line. */
    papersOf(key: string): AuthorshipRow[] {
      return all<AuthorshipRow>(
        `SELECT a.* FROM (${AUTHORSHIP} WHERE person = ?) a JOIN papers p ON p.rowid = a.paper ${NEWEST_FIRST_AUTHOR}`,
        key,
      );
    },
    /** Whether some paper has a year. */
    dated(): boolean {
      dated ??= prepared("SELECT 1 FROM papers WHERE year IS NOT NULL LIMIT 1").get() !== undefined;
      return dated;
    },
    /** The year of each of these papers that has one. */
    yearsOf(rowids: readonly number[]): Map<number, number> {
      const rows = prepared(
        `SELECT rowid, year FROM papers WHERE year IS NOT NULL AND rowid ${IN_JSON}`,
      ).raw();
      return new Map(rows.all(JSON.stringify(rowids)) as [number, number][]);
    },
    /** The papers from these years (all with a year when none is given), newest first. */
    papersFrom({ from = 0, to = 9999 }: Years): number[] {
      const sql = "SELECT rowid FROM papers WHERE year BETWEEN ? AND ? ORDER BY year DESC, rowid";
      return prepared(sql).pluck().all(from, to) as number[];
    },
    /** The papers of any of these people, first-author ones first, then by their place on the author line. */
    papersOfAny(keys: readonly string[]): number[] {
      return prepared(
        `SELECT a.paper FROM (${AUTHORSHIP} WHERE person ${IN_JSON}) a JOIN papers p ON p.rowid = a.paper
         GROUP BY a.paper ${NEWEST_FIRST_AUTHOR.replace(/position/g, "min(position)")}`,
      )
        .pluck()
        .all(JSON.stringify(keys)) as number[];
    },
    coauthorsOf(key: string, limit: number): { key: string; papers: number }[] {
      return prepared(
        `SELECT other.person AS key, count(*) AS papers FROM authorship AS mine
         JOIN authorship AS other ON other.paper = mine.paper AND other.person != mine.person
         WHERE mine.person = ? GROUP BY other.person ORDER BY papers DESC LIMIT ?`,
      ).all(key, limit) as { key: string; papers: number }[];
    },
    acronyms(): Acronym[] {
      return prepared("SELECT short, long FROM acronyms ORDER BY rowid").all() as Acronym[];
    },
    meta,
    close(): void {
      db.close();
    },
  };
}
