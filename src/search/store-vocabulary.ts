import Database from "better-sqlite3";
import { WORDS_WHILE_COUNTING } from "./store-schema.js";

/** Every word as written, in order, with the number of papers holding it. */
export type Vocabulary = Iterable<readonly [word: string, papers: number]>;

/** The vocabulary of these abstracts and their hyphenated words written joined, by FTS5's own tokenizer. */
export function vocabularyOf(rows: readonly { abstract: string; compounds: string }[]): [string, number][] {
  const db = new Database(":memory:");
  try {
    db.exec(WORDS_WHILE_COUNTING);
    // Merging as the table grows is wasted work: it is read once, at the end.
    db.exec("INSERT INTO words(words, rank) VALUES ('automerge', 0)");
    const insert = db.prepare("INSERT INTO words(rowid, abstract, compounds) VALUES (?, ?, ?)");
    db.transaction(() => {
      for (const [at, { abstract, compounds }] of rows.entries()) insert.run(at + 1, abstract, compounds);
    })();
    db.exec("CREATE VIRTUAL TABLE word_counts USING fts5vocab(words, 'row')");
    return db.prepare("SELECT term, doc FROM word_counts").raw().all() as [string, number][];
  } finally {
    db.close();
  }
}
