import type Database from "better-sqlite3";
import { type HealthTracker, storageErrorOf } from "./health.js";
import type { SqlDatabase, SqlSession, SqlValue, StateProblem } from "./sql.js";

/** What an SQLite error code says about the storage; undefined for errors of the statement itself. */
export function sqliteProblemOf(error: unknown): StateProblem | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return undefined;
  if (code.startsWith("SQLITE_READONLY") || code === "SQLITE_PERM") return "read-only";
  if (code === "SQLITE_FULL") return "disk-full";
  if (code.startsWith("SQLITE_IOERR")) return "io-error";
  if (code.startsWith("SQLITE_CANTOPEN")) return "unreadable";
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") return "corrupt";
  return undefined;
}

interface Queue {
  tail: Promise<unknown>;
  users: number;
}

// One queue per database file for every connection to it in this process: SQLite's write lock is per
// connection and its busy wait blocks the thread, so a second connection's BEGIN while the first awaits
// inside its transaction would wait on a holder that cannot run. Other processes wait with busy_timeout.
const queues = new Map<string, Queue>();

function queueFor(file: string): Queue {
  const queue = queues.get(file) ?? { tail: Promise.resolve(), users: 0 };
  queue.users += 1;
  queues.set(file, queue);
  return queue;
}

/**
 * SqlDatabase over one better-sqlite3 connection to `file`. Statements run one at a time through the
 * file's queue, so an awaited transaction never has another caller's statement slip into it; BEGIN
 * IMMEDIATE makes every write transaction exclusive across processes too.
 */
export function sqliteDatabase(db: Database.Database, file: string, health: HealthTracker): SqlDatabase {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const guarded = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw storageErrorOf(error, sqliteProblemOf(error), health);
    }
  };
  const queue = file === ":memory:" ? { tail: Promise.resolve(), users: 1 } : queueFor(file);
  const exclusive = <T>(work: () => T | Promise<T>): Promise<T> => {
    const result = queue.tail.then(work);
    queue.tail = result.catch(() => undefined);
    return result;
  };
  const sessionOf = (onChange: () => void): SqlSession => ({
    all: async (sql: string, params: readonly SqlValue[] = []) => guarded(() => prepared(sql).all(...params)),
    get: async (sql: string, params: readonly SqlValue[] = []) => guarded(() => prepared(sql).get(...params)),
    run: async (sql: string, params: readonly SqlValue[] = []) =>
      guarded(() => {
        const changes = prepared(sql).run(...params).changes;
        if (changes > 0) onChange();
        return changes;
      }),
  });
  const direct = sessionOf(() => health.wrote());
  return {
    dialect: "sqlite",
    all: (sql, params) => exclusive(() => direct.all(sql, params)),
    get: (sql, params) => exclusive(() => direct.get(sql, params)),
    run: (sql, params) => exclusive(() => direct.run(sql, params)),
    transaction: (work) =>
      exclusive(async () => {
        let changed = false;
        guarded(() => db.exec("BEGIN IMMEDIATE"));
        try {
          const result = await work(
            sessionOf(() => {
              changed = true;
            }),
          );
          guarded(() => db.exec("COMMIT"));
          if (changed) health.wrote();
          return result;
        } catch (error) {
          if (db.inTransaction) {
            try {
              db.exec("ROLLBACK");
            } catch {
              // SQLite rolls back by itself when the disk fails; the first error is the one to report.
            }
          }
          throw error;
        }
      }),
    close: () =>
      exclusive(() => {
        if (!db.open) return;
        db.close();
        queue.users -= 1;
        if (queue.users === 0) queues.delete(file);
      }),
  };
}
