import type { Database } from "better-sqlite3";
import type { Corpus, Paper } from "../corpus/types.js";
import { nameTokensOf } from "./names.js";
import {
  APPLICATION_ID,
  INDEX_VERSION,
  SCHEMA,
  SCHEMA_VERSION,
  WORDS_WHILE_BUILDING,
} from "./store-schema.js";

export interface WriteOptions {
  /** What the corpus was read from (its files' fingerprint), recorded so a stale file is never used. */
  fingerprint: string;
  /** Called as papers are indexed, every few hundred. */
  onPapers?: (indexed: number, total: number) => void;
}

const PROGRESS_EVERY = 500;
const letterOrDigit = /[\p{L}\p{N}]/u;

function isWordUnit(code: number): boolean {
  if (code < 128)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return letterOrDigit.test(String.fromCharCode(code));
}

/**
 * Hyphenated words written joined, so that "PPO-max" is found as "ppomax" too (and a slip in it corrected).
 * Read around each hyphen only: a scan of every word would cost seconds over 100,000 abstracts.
 */
function joinedCompoundsOf(text: string): string {
  const found: string[] = [];
  let end = 0;
  for (let at = text.indexOf("-"); at > 0; at = text.indexOf("-", Math.max(at + 1, end))) {
    if (!isWordUnit(text.charCodeAt(at - 1)) || !isWordUnit(text.charCodeAt(at + 1))) continue;
    let start = at - 1;
    while (start > 0 && isWordUnit(text.charCodeAt(start - 1))) start--;
    end = at + 1;
    while (
      end < text.length &&
      (isWordUnit(text.charCodeAt(end)) || (text[end] === "-" && isWordUnit(text.charCodeAt(end + 1))))
    )
      end++;
    found.push(text.slice(start, end).replaceAll("-", ""));
  }
  return found.join(" ");
}

function byId(a: Paper, b: Paper): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Writes the index of a corpus into an empty database: the papers, the full-text tables, the vocabulary,
 * the people and who wrote what. `complete` is written last: a file without it was never finished.
 */
export function writeIndex(db: Database, corpus: Corpus, options: WriteOptions): void {
  db.exec(SCHEMA);
  db.exec(WORDS_WHILE_BUILDING);
  const papers = [...corpus.papers].sort(byId);
  const insertPaper = db.prepare("INSERT INTO papers(rowid, id, paper) VALUES (?, ?, ?)");
  const insertText = db.prepare("INSERT INTO text(rowid, abstract, compounds) VALUES (?, ?, ?)");
  const insertWords = db.prepare("INSERT INTO temp.words(rowid, abstract, compounds) VALUES (?, ?, ?)");
  const insertAuthor = db.prepare(
    "INSERT OR IGNORE INTO authorship(person, paper, position, owner) VALUES (?, ?, ?, ?)",
  );
  const markOwner = db.prepare("UPDATE authorship SET owner = 1 WHERE person = ? AND paper = ?");
  const insertPerson = db.prepare("INSERT INTO people VALUES (?, ?, ?, ?, ?)");
  const insertToken = db.prepare("INSERT OR IGNORE INTO name_tokens(token, key) VALUES (?, ?)");
  const insertAcronym = db.prepare("INSERT INTO acronyms(short, long) VALUES (?, ?)");
  const setMeta = db.prepare("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");

  db.transaction(() => {
    // Merging as the tables grow is wasted work when the index is optimised once at the end.
    db.exec("INSERT INTO text(text, rank) VALUES ('automerge', 0)");
    db.exec("INSERT INTO temp.words(words, rank) VALUES ('automerge', 0)");
    papers.forEach((paper, at) => {
      const rowid = at + 1;
      insertPaper.run(rowid, paper.id, JSON.stringify(paper));
      const compounds = joinedCompoundsOf(paper.abstract);
      insertText.run(rowid, paper.abstract, compounds);
      insertWords.run(rowid, paper.abstract, compounds);
      paper.authorKeys.forEach((key, position) => {
        insertAuthor.run(key, rowid, position, 0);
      });
      for (const key of paper.ownerKeys) {
        if (insertAuthor.run(key, rowid, null, 1).changes === 0) markOwner.run(key, rowid);
      }
      if (rowid % PROGRESS_EVERY === 0) options.onPapers?.(rowid, papers.length);
    });
    if (papers.length % PROGRESS_EVERY !== 0) options.onPapers?.(papers.length, papers.length);
    for (const person of corpus.people.values()) {
      const spellings = JSON.stringify(person.spellings);
      insertPerson.run(person.key, person.name, spellings, person.profiled ? 1 : 0, person.paperIds.length);
      for (const spelling of new Set([person.name, ...person.spellings])) {
        for (const token of nameTokensOf(spelling)) insertToken.run(token, person.key);
      }
    }
    for (const { short, long } of corpus.acronyms) insertAcronym.run(short, long);
    db.exec("INSERT INTO text(text) VALUES ('optimize')");
    db.exec("CREATE VIRTUAL TABLE temp.word_counts USING fts5vocab(temp, words, 'row')");
    db.exec("INSERT INTO main.vocabulary(word, papers) SELECT term, doc FROM temp.word_counts");
    db.exec("DROP TABLE temp.word_counts");
    const stats = {
      papers: papers.length,
      people: corpus.people.size,
      profiles: corpus.profiles,
      files: corpus.files,
    };
    setMeta.run("version", INDEX_VERSION);
    setMeta.run("fingerprint", options.fingerprint);
    setMeta.run("stats", JSON.stringify(stats));
    setMeta.run("problems", JSON.stringify(corpus.problems));
    setMeta.run("complete", "1");
  })();
  db.exec("DROP TABLE temp.words");
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
}
