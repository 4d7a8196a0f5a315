import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { createHealthTracker } from "./health.js";
import { latestSchemaVersion, migrations, tooNewError } from "./migrations.js";
import { messageOf, StateUnavailableError } from "./sql.js";
import { sqliteDatabase, sqliteProblemOf } from "./sqlite-database.js";
import { probeWrite, type StateStore, type StateStoreOptions, stateStoreOver } from "./store.js";

function failure(problem: StateUnavailableError["problem"], path: string, error: unknown) {
  return new StateUnavailableError(problem, `${path}: ${messageOf(error)}`, { cause: error });
}

/** Applies the missing migration steps, one transaction each, counting versions in user_version. */
function migrate(db: Database.Database, path: string): void {
  const current = Number(db.pragma("user_version", { simple: true }));
  if (current > latestSchemaVersion) {
    throw tooNewError(path, current);
  }
  for (let version = current; version < latestSchemaVersion; version++) {
    const sql = migrations[version]?.sqlite ?? "";
    try {
      db.transaction(() => {
        db.exec(sql);
        db.pragma(`user_version = ${version + 1}`);
      }).immediate();
    } catch (error) {
      throw failure(sqliteProblemOf(error) ?? "unreadable", path, error);
    }
  }
}

/**
 * The SQLite store: opens (creating the folder and file on first start) the file, checks it with
 * quick_check, turns on WAL and applies migrations. A file it cannot use throws StateUnavailableError and is
 * left byte for byte as it was; one that opens but cannot be written opens with health() saying so.
 */
export async function openSqliteStore(path: string, options: StateStoreOptions = {}): Promise<StateStore> {
  const now = options.now ?? Date.now;
  let db: Database.Database;
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
  } catch (error) {
    throw failure("unreadable", path, error);
  }
  try {
    db.pragma("busy_timeout = 5000");
    try {
      const check = db.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new Error(String(check));
    } catch (error) {
      throw failure("corrupt", path, error);
    }
    try {
      db.pragma("journal_mode = WAL");
    } catch (error) {
      // A read-only file keeps the journal it has; anything else is not a file we can use.
      if (sqliteProblemOf(error) !== "read-only") throw failure("unreadable", path, error);
    }
    db.pragma("foreign_keys = ON");
    migrate(db, path);
  } catch (error) {
    db.close();
    throw error instanceof StateUnavailableError ? error : failure("unreadable", path, error);
  }
  const health = createHealthTracker(now);
  const sql = sqliteDatabase(db, path === ":memory:" ? path : resolve(path), health);
  try {
    await probeWrite(sql);
  } catch (error) {
    if (!(error instanceof StateUnavailableError)) {
      await sql.close();
      throw failure("unreadable", path, error);
    }
  }
  return stateStoreOver(sql, health, options);
}
