import { accessSync, constants, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Pool, TypeOverrides } from "pg";
import type { Logger } from "../logger.js";
import { guardedDialect, postgresProblemOf, type StateSql, sqliteProblemOf, stateSqlOf } from "./database.js";
import { messageOf, type StateProblem, StateUnavailableError } from "./errors.js";
import { createHealthTracker, type HealthTracker } from "./health.js";
import { migrate, type StateTables } from "./schema.js";
import { probeWrite, type StateStore, type StateStoreOptions, stateStoreOver } from "./store.js";

/** PostgreSQL at `url` when given, else the SQLite file at `path`. */
export interface StateLocation {
  url?: string;
  path: string;
}

/** Without user or password: safe to log. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

export function describeStateLocation(location: StateLocation): string {
  return location.url === undefined ? location.path : describePostgresUrl(location.url);
}

/** Throws StateUnavailableError. */
export function openStateStore(
  location: StateLocation,
  options: Pick<PostgresStoreOptions, "logger" | "now" | "startupWaitMs"> = {},
): Promise<StateStore> {
  return location.url === undefined
    ? openSqliteStore(location.path, options)
    : openPostgresStore(location.url, options);
}

function failure(problem: StateProblem, where: string, error: unknown) {
  return new StateUnavailableError(problem, `${where}: ${messageOf(error)}`, { cause: error });
}

function problemOr(
  error: unknown,
  fallback: StateProblem,
  problemOf: (error: unknown) => StateProblem | undefined,
) {
  return error instanceof StateUnavailableError ? error.problem : (problemOf(error) ?? fallback);
}

/** The file and its folder (SQLite keeps its -wal and -shm there). */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A file it cannot use throws StateUnavailableError, left as it was; one it cannot write opens, health() says so. */
export async function openSqliteStore(path: string, options: StateStoreOptions = {}): Promise<StateStore> {
  let file: Database.Database;
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    file = new Database(path);
  } catch (error) {
    throw failure("unreadable", path, error);
  }
  try {
    file.pragma("busy_timeout = 5000");
    try {
      const check = file.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new Error(String(check));
    } catch (error) {
      // A WAL file on a read-only mount cannot open its shared-memory file: that is not corruption.
      const cannotOpen = sqliteProblemOf(error) === "unreadable";
      throw failure(cannotOpen ? (writable(path) ? "unreadable" : "read-only") : "corrupt", path, error);
    }
    try {
      file.pragma("journal_mode = WAL");
    } catch (error) {
      // A read-only file keeps the journal it has; anything else is not a file we can use.
      if (sqliteProblemOf(error) !== "read-only") throw failure("unreadable", path, error);
    }
    file.pragma("foreign_keys = ON");
  } catch (error) {
    file.close();
    throw error instanceof StateUnavailableError ? error : failure("unreadable", path, error);
  }
  const health = createHealthTracker(options.now ?? Date.now);
  const db = new Kysely<StateTables>({
    dialect: guardedDialect(new SqliteDialect({ database: file }), {
      dialect: "sqlite",
      health,
      file: path === ":memory:" ? path : resolve(path),
    }),
  });
  return migratedAndProbed(stateSqlOf(db, "sqlite"), health, options, path, () =>
    migrate(db, "sqlite", path),
  );
}

/** A store that refuses the probe write opens (health says so); one that cannot be migrated is closed and thrown. */
async function migratedAndProbed(
  state: StateSql,
  health: HealthTracker,
  options: StateStoreOptions,
  where: string,
  migrating: () => Promise<void>,
): Promise<StateStore> {
  const problemOf = state.dialect === "sqlite" ? sqliteProblemOf : postgresProblemOf;
  const fail = async (error: unknown) => {
    await state.db.destroy().catch(() => undefined);
    if (error instanceof StateUnavailableError && error.problem === "too-new") return error;
    return failure(problemOr(error, "unreadable", problemOf), where, error);
  };
  try {
    await migrating();
  } catch (error) {
    throw await fail(error);
  }
  try {
    await probeWrite(state);
  } catch (error) {
    if (!(error instanceof StateUnavailableError)) throw await fail(error);
  }
  return stateStoreOver(state, health, options);
}

export interface PostgresStoreOptions extends StateStoreOptions {
  logger?: Logger;
  /** Connecting and each statement; default 5 s (a hung database never holds an answer). */
  timeoutMs?: number;
  /** At start, for a server that may be starting too; default 30 s. */
  startupWaitMs?: number;
}

const int8Oid = 20;

async function migrateOnceReachable(
  db: Kysely<StateTables>,
  where: string,
  options: PostgresStoreOptions,
): Promise<void> {
  const deadline = Date.now() + (options.startupWaitMs ?? 30_000);
  for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      return await migrate(db, "postgres", where);
    } catch (error) {
      const unreachable = problemOr(error, "unreadable", postgresProblemOf) === "unreachable";
      if (!unreachable || Date.now() + waitMs > deadline) throw error;
      options.logger?.info({ where, retryInMs: waitMs }, "waiting for the state database");
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Throws StateUnavailableError; a database that refuses writes opens with health() saying so. */
export async function openPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<StateStore> {
  const where = describePostgresUrl(url);
  const timeoutMs = options.timeoutMs ?? 5000;
  const types = new TypeOverrides();
  types.setTypeParser(int8Oid, (value: string) => Number(value));
  const pool = new Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: "paperbot",
    types,
  });
  // An idle connection that dies is reported, not thrown: the next query reconnects.
  const lost = (error: Error) =>
    options.logger?.warn({ err: messageOf(error), where }, "state database connection lost");
  pool.on("error", lost);
  // One that dies while checked out emits "error" on the client: unheard, an uncaught exception.
  pool.on("connect", (client) => client.on("error", lost));
  const health = createHealthTracker(options.now ?? Date.now);
  const db = new Kysely<StateTables>({
    dialect: guardedDialect(new PostgresDialect({ pool }), { dialect: "postgres", health }),
  });
  const state = stateSqlOf(db, "postgres");
  return migratedAndProbed(state, health, options, where, () => migrateOnceReachable(db, where, options));
}
