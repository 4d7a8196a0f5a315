import type { Database } from "better-sqlite3";
import type { AbstractFacts } from "../corpus/abstract-facts.js";
import { identifierKeysOf } from "../corpus/identifiers.js";
import type { Corpus, CorpusRead, PaperRead } from "../corpus/types.js";
import { synonymsOf, type TextRow, textRowWriter } from "./index-text.js";
import { nameTokensOf, transliterated } from "./names.js";
import { APPLICATION_ID, INDEX_VERSION, INDEXES, SCHEMA, SCHEMA_VERSION } from "./store-schema.js";

export interface WriteOptions {
  /** What the corpus was read from (its files' fingerprint), recorded so a stale file is never used. */
  fingerprint: string;
  /** Called as papers are indexed, every few hundred. */
  onPapers?: (indexed: number, total: number) => void;
  /** The caller's own work, done while a helper works out the acronyms (writeIndexFileHelped). */
  meanwhile?: () => void;
}

const PROGRESS_EVERY = 500;

/** Text rows in row order from row `from` (0 is the first row). */
export interface RowBatch {
  from: number;
  rows: readonly TextRow[];
}

/** Text rows shared with a helper that works out some of them meanwhile. */
export interface SharedRows {
  /** The next rows to work out here, `from` up to `to`, or undefined once every row is someone's. */
  claim: () => { from: number; to: number } | undefined;
  /** The helper's next rows, if they are here by now. */
  ready: () => RowBatch | undefined;
  /** The helper's rows not given yet, once every row is claimed. */
  rest: () => AsyncIterable<RowBatch>;
}

/** The papers' places in the corpus in rowid order (their ids' order): the i-th row is the paper at `order[i]`. */
export function rowOrderOf(papers: readonly Pick<PaperRead, "id">[]): number[] {
  const ids = papers.map((paper) => paper.id);
  return ids.map((_, at) => at).sort((a, b) => ((ids[a] ?? "") < (ids[b] ?? "") ? -1 : 1));
}

/**
 * Writes the index of a corpus into an empty database: the papers, the full-text table, the people and who
 * wrote what. `complete` is written last: a file without it was never finished.
 */
export function writeIndex(db: Database, corpus: Corpus, options: WriteOptions): void {
  const written = startIndex(db, corpus, options);
  written.writeText({ acronyms: corpus.acronyms });
  written.finish();
}

/**
 * Writes all of the index but what comes from the abstracts together (the acronyms they define), in a
 * transaction left open: that may be worked out meanwhile on another thread, and so may part of the text rows. The
 * steps returned write the text rows and the rest, and commit.
 */
export function startIndex(db: Database, corpus: CorpusRead, options: WriteOptions) {
  db.exec(SCHEMA);
  // Rows in id order; `at` is the paper's place in the corpus, where its headline is.
  const papers = rowOrderOf(corpus.papers).flatMap((at) => {
    const paper = corpus.papers[at];
    return paper === undefined ? [] : [{ paper, at }];
  });
  const insertPaper = db.prepare(
    "INSERT INTO papers(rowid, id, abstract, bibtex, paper, year) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertText = db.prepare(
    "INSERT INTO text(rowid, headline, stems, surface, synonyms, venue) VALUES (?, @headline, @stems, @surface, @synonyms, @venue)",
  );
  db.exec(
    "CREATE TEMP TABLE named(person TEXT NOT NULL, paper INTEGER NOT NULL, position INTEGER, owner INTEGER)",
  );
  const insertNamed = db.prepare("INSERT INTO temp.named VALUES (?, ?, ?, ?)");
  const insertPerson = db.prepare("INSERT INTO people VALUES (?, ?, ?, ?, ?)");
  const insertToken = db.prepare("INSERT INTO name_tokens(token, key) VALUES (?, ?)");
  const insertAcronym = db.prepare("INSERT INTO acronyms(short, long) VALUES (?, ?)");
  // Two entries with one citation key (in two files): the first paper keeps it.
  const insertIdentifier = db.prepare("INSERT OR IGNORE INTO identifiers(key, paper) VALUES (?, ?)");
  const setMeta = db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");

  db.exec("BEGIN");
  try {
    for (const [at, { paper }] of papers.entries()) {
      for (const [position, key] of paper.authorKeys.entries()) insertNamed.run(key, at + 1, position, 0);
      for (const key of paper.ownerKeys) insertNamed.run(key, at + 1, null, 1);
    }
    // Written in key order (inserted as they come, the rows land all over the table: 1.3 s at 100,000 papers). A
    // name keeps its first place on the author line; an owner not on it has none.
    db.exec(`INSERT INTO authorship SELECT person, paper, min(position), max(owner) FROM temp.named
      GROUP BY person, paper ORDER BY person, paper; DROP TABLE temp.named`);
    // Name parts written in key order (token, then person), each pair once.
    const tokens = new Set<string>();
    for (const person of corpus.people.values()) {
      const written = JSON.stringify(person.spellings);
      insertPerson.run(person.key, person.name, written, person.profiled ? 1 : 0, person.paperIds.length);
      // Each spelling as written and as typed without its umlauts ("Mueller" finds Müller; "Muller" does already).
      const spellings = new Set(
        [person.name, ...person.spellings].flatMap((name) => [name, transliterated(name)]),
      );
      for (const token of [...spellings].flatMap(nameTokensOf)) tokens.add(`${token}\0${person.key}`);
    }
    for (const pair of [...tokens].sort()) insertToken.run(...pair.split("\0"));
    // The abstract and the BibTeX entry (which holds the abstract too) in columns of their own: as JSON strings, with
    // their line breaks and quotes escaped, they were a third of the time this loop took for a .bib of 100,000.
    // JSON.stringify leaves out what is undefined.
    for (const [place, { paper }] of papers.entries()) {
      const { id, abstract, bibtex = null, year = null } = paper;
      const rest = JSON.stringify({ ...paper, abstract: undefined, bibtex: undefined });
      insertPaper.run(place + 1, id, abstract, bibtex, rest, year);
      for (const key of identifierKeysOf(paper)) insertIdentifier.run(key, place + 1);
    }
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
  let written = 0;
  /**
   * Writes text rows worked out here or elsewhere, as they come. Rows out of order cost FTS5 a flush of its pending
   * terms, no more: at 100,000 papers, batches from both ends were written faster than in order, merged as fast.
   */
  const writeRows = ({ from, rows }: RowBatch) => {
    if (from < 0 || from + rows.length > papers.length) throw new Error("a text row for no paper");
    for (const [offset, row] of rows.entries()) {
      insertText.run(from + offset + 1, row);
      written += 1;
      if (written % PROGRESS_EVERY === 0) options.onPapers?.(written, papers.length);
    }
  };
  let acronymsKnown: AbstractFacts["acronyms"] = [];
  /**
   * Writes the text rows: all worked out here, or with `shared`, those it gives this thread as
   * they are claimed, and the helper's that are here by then. The rest follow with writeRows.
   */
  const writeText = ({ acronyms }: AbstractFacts, shared?: SharedRows) => {
    acronymsKnown = acronyms;
    // The text rows need the acronyms: written here, once those are known.
    // Merged once, by 'optimize' below: pending terms flushed every 64 MB (not 1 MB) and no merges before then,
    // a fifth less time at 100,000 papers for the same terms, documents and positions.
    db.exec("INSERT INTO text(text, rank) VALUES ('automerge', 0)");
    db.exec("INSERT INTO text(text, rank) VALUES ('crisismerge', 2000)");
    db.exec("INSERT INTO text(text, rank) VALUES ('hashsize', 67108864)");
    const textRowOf = textRowWriter(synonymsOf(acronyms));
    const rowsOf = (from: number, to: number) => papers.slice(from, to).map(({ paper }) => textRowOf(paper));
    if (shared === undefined) return writeRows({ from: 0, rows: rowsOf(0, papers.length) });
    for (let mine = shared.claim(); mine !== undefined; mine = shared.claim()) {
      for (let theirs = shared.ready(); theirs !== undefined; theirs = shared.ready()) writeRows(theirs);
      writeRows({ from: mine.from, rows: rowsOf(mine.from, mine.to) });
    }
  };
  /** Writes the rest, and commits. */
  const finish = () => {
    if (written !== papers.length) throw new Error("a text row for each paper was expected");
    if (papers.length % PROGRESS_EVERY !== 0) options.onPapers?.(papers.length, papers.length);
    db.exec("INSERT INTO text(text) VALUES ('optimize')");
    for (const { short, long } of acronymsKnown) insertAcronym.run(short, long);
    db.exec(INDEXES);
    const { people, profiles, files, problems, members = [], formerIds = [] } = corpus;
    const stats = { papers: papers.length, people: people.size, profiles, files };
    const meta = { stats, problems, members, former_ids: [...formerIds] };
    setMeta.run("version", INDEX_VERSION);
    setMeta.run("fingerprint", options.fingerprint);
    for (const [key, value] of Object.entries(meta)) setMeta.run(key, JSON.stringify(value));
    setMeta.run("complete", "1");
    db.exec("COMMIT");
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  };
  return { writeText, writeRows, finish };
}
