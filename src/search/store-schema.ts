import { CORPUS_PARSE_VERSION } from "../corpus/version.js";

/** Marks a SQLite file as a Paperbot index ("PBIX"), so a foreign database is never taken for one. */
export const APPLICATION_ID = 0x50424958;
/** Bump when the tables or how the text is analysed change: every stored index is then rebuilt. */
export const SCHEMA_VERSION = 10;
/** What an index file must have been built with to be used: our schema and analysis, and the corpus parser. */
export const INDEX_VERSION = `schema-${SCHEMA_VERSION}.parse-${CORPUS_PARSE_VERSION}`;

/** How `text` analyses words: Porter stems of lower-case words without accents. */
export const TEXT_TOKENIZER = "porter unicode61 remove_diacritics 2";

/**
 * `text` matches and ranks (Porter stems, BM25, phrases) the abstracts only: names are in `people`, `name_tokens`
 * and `authorship`, so a long author list does not lengthen a paper. It is contentless: the paper itself is kept
 * once in `papers`, its abstract as a column and the rest as JSON (as JSON, the abstracts took seconds to write), and
 * its headline in `headlines`: that is worked out on another thread while the papers are written. `vocabulary` holds
 * every word as written with the number of papers holding it: the dictionary behind typos and prefixes (by length,
 * covering: a typo tree is read from the index alone). Rowids follow paper id order, which is a hash of the
 * abstract: any range of rowids is a fair sample of the corpus.
 */
export const SCHEMA = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE papers(rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE COLLATE NOCASE, abstract TEXT NOT NULL,
  paper TEXT NOT NULL);
CREATE TABLE headlines(rowid INTEGER PRIMARY KEY, headline TEXT NOT NULL);
CREATE VIRTUAL TABLE text USING fts5(abstract, compounds, content='',
  tokenize='${TEXT_TOKENIZER}');
CREATE TABLE vocabulary(word TEXT PRIMARY KEY, papers INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE people(key TEXT PRIMARY KEY, name TEXT NOT NULL, spellings TEXT NOT NULL,
  profiled INTEGER NOT NULL, papers INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE name_tokens(token TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY(token, key)) WITHOUT ROWID;
CREATE TABLE authorship(person TEXT NOT NULL, paper INTEGER NOT NULL, position INTEGER, owner INTEGER NOT NULL,
  PRIMARY KEY(person, paper)) WITHOUT ROWID;
CREATE TABLE acronyms(short TEXT NOT NULL, long TEXT NOT NULL);
`;

/** The secondary indexes, made once the tables are filled: sorting once is faster than growing them row by row. */
export const INDEXES = `
CREATE INDEX vocabulary_by_length ON vocabulary(length(word), word, papers);
CREATE INDEX authorship_by_paper ON authorship(paper, person);
`;

/** Each paper's words as written, only while counting them: what `vocabulary` is counted from. */
export const WORDS_WHILE_COUNTING = `CREATE VIRTUAL TABLE words USING fts5(abstract, compounds, content='', detail=none,
  columnsize=0, tokenize='unicode61 remove_diacritics 2')`;

/** BM25 weights of the `text` columns: a compound written joined ("ppomax") counts as a word. */
export const TEXT_WEIGHTS = "1.0, 1.0";
