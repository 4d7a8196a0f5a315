import { CORPUS_PARSE_VERSION } from "../corpus/version.js";

/** Marks a SQLite file as a Paperbot index ("PBIX"), so a foreign database is never taken for one. */
export const APPLICATION_ID = 0x50424958;
/** Bump when the tables or how the text is analysed change: every stored index is then rebuilt. */
export const SCHEMA_VERSION = 22;
/** What an index file must have been built with to be used: our schema and analysis, and the corpus parser. */
export const INDEX_VERSION = `schema-${SCHEMA_VERSION}.parse-${CORPUS_PARSE_VERSION}`;

/** `text`: the model's index, contentless, columns as docs/search.md says (terms analysed already: split on spaces). */
export const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE papers(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE COLLATE NOCASE, abstract TEXT NOT NULL,
  bibtex TEXT, paper TEXT NOT NULL, year INTEGER);
CREATE VIRTUAL TABLE text USING fts5(headline, stems, surface, synonyms, venue, content='',
  tokenize='unicode61 remove_diacritics 2');
CREATE TABLE people(key TEXT PRIMARY KEY, name TEXT NOT NULL, spellings TEXT NOT NULL,
  profiled INTEGER NOT NULL, papers INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE name_tokens(token TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY(token, key)) WITHOUT ROWID;
CREATE TABLE authorship(person TEXT NOT NULL, paper INTEGER NOT NULL, position INTEGER, owner INTEGER NOT NULL,
  PRIMARY KEY(person, paper)) WITHOUT ROWID;
CREATE TABLE acronyms(short TEXT NOT NULL, long TEXT NOT NULL);
CREATE TABLE identifiers(key TEXT PRIMARY KEY, paper INTEGER NOT NULL) WITHOUT ROWID;
`;

/** The secondary indexes, made once the tables are filled: sorting once is faster than growing them row by row. */
export const INDEXES = `
CREATE INDEX authorship_by_paper ON authorship(paper, person);
CREATE INDEX papers_by_year ON papers(year) WHERE year IS NOT NULL;
`;
