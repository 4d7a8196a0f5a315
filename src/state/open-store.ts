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

export interface StateLocation {
  /** postgres://… : PostgreSQL, shared by every process given the same URL. */
  url?: string;
  /** Otherwise this SQLite file. */
  path: string;
}

/** The server and database of a connection URL, without its user or password: safe to log. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgres://(unparsable URL)";
  }
}

/** Where the state lives, for logs (never a password). */
export function describeStateLocation(location: StateLocation): string {
  return location.url === undefined ? location.path : describePostgresUrl(location.url);
}

/** The state store at a location: PostgreSQL when a URL is given, else the SQLite file. Throws StateUnavailableError. */
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

/** A storage problem as it is, else `fallback`; too-new always as it is. */
function problemOr(
  error: unknown,
  fallback: StateProblem,
  problemOf: (error: unknown) => StateProblem | undefined,
) {
  return error instanceof StateUnavailableError ? error.problem : (problemOf(error) ?? fallback);
}

/** Whether this process may write the file and its folder (where SQLite keeps its -wal and -shm). */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The SQLite store: opens (creating the folder and file on first start) the file, checks it with
 * quick_check, turns on WAL and applies migrations. A file it cannot use throws StateUnavailableError and is
 * left byte for byte as it was; one that opens but cannot be written opens with health() saying so.
 */
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

/**
 * Applies the migrations and probes a write: a store that refuses the write opens (health says so); one that
 * cannot be migrated or probed is closed and thrown as StateUnavailableError.
 */
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
  /** Connecting and each statement give up after this long; default 5 s (a hung database never holds an answer). */
  timeoutMs?: number;
  /** At start, how long to keep trying a server that cannot be reached yet (it may be starting too); default 30 s. */
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

/**
 * The PostgreSQL store (STATE_URL): a connection pool, migrations applied once under Kysely's advisory lock
 * however many processes start together, 64-bit integers read as numbers. A database it cannot reach or use
 * throws StateUnavailableError; one that refuses writes opens with health() saying so.
 */
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
  // An idle connection that dies (server restart) is reported here, not thrown: the next query reconnects.
  const lost = (error: Error) =>
    options.logger?.warn({ err: messageOf(error), where }, "state database connection lost");
  pool.on("error", lost);
  // One that dies while checked out emits "error" on the client itself, which nothing else listens to: without
  // this, a server stopping mid-query was an uncaught exception (the query itself fails as unreachable).
  pool.on("connect", (client) => client.on("error", lost));
  const health = createHealthTracker(options.now ?? Date.now);
  const db = new Kysely<StateTables>({
    dialect: guardedDialect(new PostgresDialect({ pool }), { dialect: "postgres", health }),
  });
  const state = stateSqlOf(db, "postgres");
  return migratedAndProbed(state, health, options, where, () => migrateOnceReachable(db, where, options));
}
