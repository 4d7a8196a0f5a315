import type { Database, Statement } from "better-sqlite3";
import type { Acronym, Paper } from "../corpus/types.js";
import { TEXT_TOKENIZER, TEXT_WEIGHTS } from "./store-schema.js";

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
  /** A paper to leave out (the one "more like this" starts from). */
  without?: number;
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
  count(query: MatchQuery): number;
  /** The first `limit` matches by rowid, up to `maxRowid` when given (a fair sample). */
  rowidsUpTo(query: MatchQuery, limit: number, maxRowid?: number): number[];
  /** The best matches first; with `maxRowid`, only papers up to that rowid are ranked (a fair sample). */
  top(query: MatchQuery, limit: number, maxRowid?: number): Ranked[];
  /** Which of `rowids` match. */
  holding(match: string, rowids: readonly number[]): Set<number>;
  papers(rowids: readonly number[]): Map<number, Paper>;
  /** A paper by its id, in any case, or by the start of it when only one id starts so. */
  paperByIdOrPrefix(id: string): { rowid: number; paper: Paper } | undefined;
  paperIds(): string[];
  /** How many papers hold this word as written; 0 for a word the corpus does not know. */
  wordPapers(word: string): number;
  /** Each word as `text` analyses it: its terms (one for a word of letters and digits), by FTS5's own tokenizer. */
  termsOf(words: readonly string[]): string[][];
  /** How many papers hold this term in their text (FTS5's own vocabulary of `text`). */
  termPapers(term: string): number;
  /** Whether any paper matches (a word the Porter stemmer knows in another form, say). */
  anyMatch(match: string): boolean;
  /** Every word from `from` up to (not including) `to`, of `length` characters when given, with its papers. */
  wordsBetween(from: string, to: string, length?: number): [string, number][];
  person(key: string): PersonRow | undefined;
  /** The people with these keys, in one query: those in the corpus, in the order of `keys`. */
  people(keys: readonly string[]): PersonRow[];
  personKeysWithToken(token: string): string[];
  /** Every name part from `from` up to (not including) `to`. */
  namePartsBetween(from: string, to: string): IterableIterator<[string, true]>;
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
  const whereOf = (query: MatchQuery, extra: string[] = []): { sql: string; params: object } => {
    const conditions = ["text MATCH @match", ...extra];
    const params: Record<string, unknown> = { match: query.match };
    if (query.authors !== undefined) {
      const authors = JSON.stringify(query.authors);
      if (authors !== heldAuthors) holdPapersOf(authors);
      conditions.push(AUTHOR_FILTER);
    }
    if (query.without !== undefined) {
      conditions.push("rowid != @without");
      params.without = query.without;
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
  // On this connection only (temp tables; the file is not written): FTS5's vocabulary of `text`, and a table
  // with the same tokenizer whose own vocabulary tells how `text` analyses a word.
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_terms USING fts5vocab(main, 'text', 'row');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.probe USING fts5(word, tokenize='${TEXT_TOKENIZER}');
    CREATE VIRTUAL TABLE IF NOT EXISTS temp.probe_terms USING fts5vocab(temp, 'probe', 'instance');`);
  const probed = db.transaction((words: readonly string[]) => {
    const insert = prepared("INSERT INTO temp.probe(rowid, word) VALUES (?, ?)");
    for (const [at, word] of words.entries()) insert.run(at + 1, word);
    const rows = prepared("SELECT doc, term FROM temp.probe_terms ORDER BY doc, offset").raw().all() as [
      number,
      string,
    ][];
    prepared("DELETE FROM temp.probe").run();
    return rows;
  });

  return {
    count(query) {
      const { sql, params } = whereOf(query);
      return (prepared(`SELECT count(*) FROM text WHERE ${sql}`).pluck().get(params) as number) ?? 0;
    },
    rowidsUpTo(query, limit, maxRowid) {
      const { sql, params } = whereOf(query, maxRowid === undefined ? [] : ["rowid <= @maxRowid"]);
      const statement = prepared(`SELECT rowid FROM text WHERE ${sql} LIMIT @limit`).pluck();
      return statement.all({ ...params, limit, ...(maxRowid === undefined ? {} : { maxRowid }) }) as number[];
    },
    top(query, limit, maxRowid) {
      const { sql, params } = whereOf(query, maxRowid === undefined ? [] : ["rowid <= @maxRowid"]);
      const statement = prepared(
        `SELECT rowid, -bm25(text, ${TEXT_WEIGHTS}) AS score FROM text WHERE ${sql} ORDER BY score DESC, rowid LIMIT @limit`,
      );
      return statement.all({ ...params, limit, ...(maxRowid === undefined ? {} : { maxRowid }) }) as Ranked[];
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
    papers(rowids) {
      if (rowids.length === 0) return new Map();
      const rows = prepared(`${PAPER_ROWS} WHERE p.rowid IN (SELECT value FROM json_each(?))`).all(
        rowidList(rowids),
      ) as PaperRow[];
      return new Map(rows.map((row) => [row.rowid, paperOf(row)]));
    },
    paperByIdOrPrefix(id) {
      const exact = prepared(`${PAPER_ROWS} WHERE p.id = ?`).get(id) as PaperRow | undefined;
      const found = exact
        ? [exact]
        : (prepared(`${PAPER_ROWS} WHERE p.id >= ? ORDER BY p.id LIMIT 2`).all(id) as PaperRow[]);
      const papers = found.map((row) => ({ rowid: row.rowid, paper: paperOf(row) }));
      const starting = papers.filter((p) => p.paper.id.toLowerCase().startsWith(id.toLowerCase()));
      return exact ? papers[0] : starting.length === 1 ? starting[0] : undefined;
    },
    paperIds() {
      // In id order, which is rowid order, read from the id index alone: a third of the time of the table.
      ids ??= prepared("SELECT id FROM papers ORDER BY id").pluck().all() as string[];
      return ids;
    },
    wordPapers(word) {
      return (prepared("SELECT papers FROM vocabulary WHERE word = ?").pluck().get(word) as number) ?? 0;
    },
    termsOf(words) {
      const terms = words.map((): string[] => []);
      for (const [doc, term] of probed(words)) terms[doc - 1]?.push(term);
      return terms;
    },
    termPapers(term) {
      return (prepared("SELECT doc FROM temp.text_terms WHERE term = ?").pluck().get(term) as number) ?? 0;
    },
    anyMatch(match) {
      return prepared("SELECT 1 FROM text WHERE text MATCH ? LIMIT 1").pluck().get(match) !== undefined;
    },
    wordsBetween(from, to, length) {
      // As one string: a row object per word cost more than the tree the words go into (words hold no space).
      const where = `${length === undefined ? "" : "length(word) = @length AND "}word >= @from AND word < @to`;
      const listed = prepared(
        `SELECT group_concat(word || ' ' || papers, ' ') FROM vocabulary WHERE ${where}`,
      )
        .pluck()
        .get({ from, to, ...(length === undefined ? {} : { length }) });
      const parts = typeof listed === "string" ? listed.split(" ") : [];
      return parts.flatMap((word, at): [string, number][] =>
        at % 2 === 0 ? [[word, Number(parts[at + 1])]] : [],
      );
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
    namePartsBetween(from, to) {
      const statement = prepared(
        "SELECT DISTINCT token, 1 FROM name_tokens WHERE token >= ? AND token < ?",
      ).raw();
      return statement.iterate(from, to) as IterableIterator<[string, true]>;
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
    meta(key) {
      return prepared("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined;
    },
    close() {
      db.close();
    },
  };
}
