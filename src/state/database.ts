import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { migrateStateDatabase } from "./migrations.js";

export type StateDatabase = Database.Database;

export type StateDatabaseProblem = "unreadable" | "corrupt" | "too-new";

/** The state database could not be used; the daily posts stop, commands keep working. Never reset silently. */
export class StateDatabaseError extends Error {
  override readonly name = "StateDatabaseError";
  constructor(
    readonly problem: StateDatabaseProblem,
    readonly path: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`state database ${path} is ${problem}: ${detail}`, options);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Opens (creating the folder and file on first start) the SQLite state database, checks it with
 * quick_check, turns on WAL and applies migrations. Throws StateDatabaseError instead of touching a bad file.
 */
export function openStateDatabase(path: string): StateDatabase {
  let db: StateDatabase;
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
  } catch (error) {
    throw new StateDatabaseError("unreadable", path, messageOf(error), { cause: error });
  }
  try {
    db.pragma("busy_timeout = 5000");
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(String(check));
  } catch (error) {
    db.close();
    throw new StateDatabaseError("corrupt", path, messageOf(error), { cause: error });
  }
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    migrateStateDatabase(db);
  } catch (error) {
    db.close();
    const tooNew = messageOf(error).includes("newer than");
    throw new StateDatabaseError(tooNew ? "too-new" : "unreadable", path, messageOf(error), { cause: error });
  }
  return db;
}
