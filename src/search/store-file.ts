import { statSync } from "node:fs";
import Database from "better-sqlite3";
import type { AbstractFacts } from "../corpus/abstract-facts.js";
import type { CorpusRead } from "../corpus/types.js";
import { type OpenEngine, paperLookupsOf, searchEngineOf } from "./engine.js";
import type { TextPaper } from "./index-text.js";
import { APPLICATION_ID, INDEX_VERSION, SCHEMA_VERSION } from "./store-schema.js";
import { rowOrderOf, type SharedRows, startIndex, type WriteOptions } from "./store-write.js";
import type { PaperLookups } from "./types.js";

/** An index file that cannot be used: not ours, from another version, unfinished, truncated or corrupt. */
export class IndexFileError extends Error {
  override name = "IndexFileError";
}

/**
 * The acronyms, as a helper gives them: the text rows wait for them, the rest is written meanwhile;
 * and, when it shares the text rows, which rows to work out here and the helper's.
 */
export interface FromAbstractsInTurn {
  facts: Promise<AbstractFacts>;
  rows?: SharedRows;
}

/**
 * Writes the index of a corpus as read into a new file at `path` (which must not exist), flushed to disk. What
 * comes from its abstracts together (the acronyms) is worked out by `helper` (on another thread, say) while the
 * rest is written: it is given the papers and their row order at once; the text rows wait for its acronyms, and
 * those it works out itself are written after the ones worked out here.
 */
export async function writeIndexFileHelped(
  path: string,
  corpus: CorpusRead,
  options: WriteOptions,
  helper: (papers: readonly TextPaper[], rowOrder: number[]) => Promise<FromAbstractsInTurn>,
): Promise<void> {
  const db = new Database(path);
  // Written once, by one process, before anyone reads it: no journal, one sync at the end.
  // Large pages hold several papers each (one is about 3 KB): a smaller file, written faster.
  db.pragma("page_size = 16384");
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("locking_mode = EXCLUSIVE");
  db.pragma("cache_size = -131072");
  db.pragma("temp_store = MEMORY");
  try {
    const { facts, rows } = await helper(corpus.papers, rowOrderOf(corpus.papers));
    const written = startIndex(db, corpus, options);
    options.meanwhile?.();
    written.writeText(await facts, rows);
    for await (const batch of rows?.rest() ?? []) written.writeRows(batch);
    written.finish();
    db.pragma("synchronous = FULL");
  } finally {
    db.close();
  }
}

/**
 * Opens an index file read-only and gives it to `use` (the connection's page cache: `cacheMB`) once checked; throws
 * IndexFileError when the file is not a usable index built from `fingerprint`.
 */
function openChecked<T>(
  path: string,
  fingerprint: string,
  cacheMB: number,
  use: (db: Database.Database) => T,
): T {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`cache_size = -${cacheMB * 1024}`);
    const pragma = (name: string) => db.pragma(name, { simple: true });
    const size = (pragma("page_count") as number) * (pragma("page_size") as number);
    if (pragma("application_id") !== APPLICATION_ID) throw new IndexFileError("not a Paperbot index");
    if (pragma("user_version") !== SCHEMA_VERSION) throw new IndexFileError("another schema version");
    if (statSync(path).size !== size) throw new IndexFileError("truncated");
    const meta = (key: string) => db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key);
    if (meta("complete") !== "1") throw new IndexFileError("never finished");
    if (meta("version") !== INDEX_VERSION) throw new IndexFileError("built by another version");
    if ((meta("fingerprint") ?? "") !== fingerprint) throw new IndexFileError("built from other files");
    return use(db);
  } catch (error) {
    db.close();
    if (error instanceof IndexFileError) throw error;
    throw new IndexFileError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The search engine over an index file, opened read-only and checked: ours, this version, complete, whole,
 * and built from `fingerprint`. Throws IndexFileError (also for a file that is no database at all).
 */
export function openIndexFile(path: string, fingerprint: string): OpenEngine {
  // 8 MB a search worker: searches read pages again and again (600 bench queries at 100,000 papers read 944 MB
  // through 16 MB, 472 MB through 64 MB), but from the OS's file cache that cost no measurable time, and each
  // worker's pages are in the bot's RSS (64 MB was a fifth of it).
  return openChecked(path, fingerprint, 8, searchEngineOf);
}

/** The cheap lookups over an index file, on a connection of their own (opened and checked as openIndexFile). */
export function openIndexLookups(path: string, fingerprint: string): PaperLookups & { close(): void } {
  // One row at a time: a small page cache does.
  return openChecked(path, fingerprint, 4, paperLookupsOf);
}

/** SQLite's own check of every page of an index file (seconds at 100,000 papers): "ok" or what is wrong. */
export function integrityOf(path: string): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("quick_check") as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check).filter((line) => line !== "ok");
    return problems.length === 0 ? "ok" : problems.slice(0, 3).join("; ");
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db.close();
  }
}
