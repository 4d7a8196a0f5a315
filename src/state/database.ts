import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  sql,
  type TransactionSettings,
} from "kysely";
import { messageOf, type StateProblem } from "./errors.js";
import { type HealthTracker, storageErrorOf } from "./health.js";
import type { StateDb } from "./schema.js";

/** Undefined for errors of the statement itself. */
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

const unreachableErrnos = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** Undefined for errors of the statement itself. */
export function postgresProblemOf(error: unknown): StateProblem | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string") {
    if (code === "25006") return "read-only";
    if (code === "53100") return "disk-full";
    if (code === "58030") return "io-error";
    if (code === "XX001" || code === "XX002") return "corrupt";
    if (code.startsWith("08") || code.startsWith("57P") || code === "53300") return "unreachable";
    if (code === "3D000" || code === "28000" || code === "28P01") return "unreadable";
    // "database … is not currently accepting connections" (ALLOW_CONNECTIONS false, being dropped).
    if (code === "55000" && /accepting connections/.test(messageOf(error))) return "unreachable";
    if (unreachableErrnos.has(code)) return "unreachable";
  }
  // pg reports a lost or timed-out connection without a code.
  if (/connection terminated|timeout exceeded|query read timeout|connection error/i.test(messageOf(error))) {
    return "unreachable";
  }
  return undefined;
}

/** Ended before it ran the statement (restart, failover): safe to retry. */
function endedBeforeRunning(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "57P01" || code === "57P02" || /not queryable|has been discarded/i.test(messageOf(error));
}

/** Maybe mid-statement: safe to retry a read, not a write. */
function connectionDied(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    endedBeforeRunning(error) ||
    code === "ECONNRESET" ||
    code === "EPIPE" ||
    /connection terminated/i.test(messageOf(error))
  );
}

/** SQLite's connections to one file take turns: its busy wait would block the thread. */
class Turns {
  #tail: Promise<void> = Promise.resolve();
  users = 0;
  async take(): Promise<() => void> {
    let done = () => {};
    const previous = this.#tail;
    this.#tail = new Promise((resolve) => {
      done = resolve;
    });
    await previous;
    return done;
  }
}

const fileTurns = new Map<string, Turns>();

export interface GuardOptions {
  dialect: "sqlite" | "postgres";
  health: HealthTracker;
  /** SQLite: the resolved path. */
  file?: string;
}

// A pool may still hold several connections the server has just ended: try past them.
const attempts = 3;

/**
 * Kysely's driver with storage errors as StateUnavailableError kept in health, SQLite transactions BEGIN IMMEDIATE
 * and one at a time per file, and a PostgreSQL read or BEGIN that meets an ended connection tried on another.
 */
class GuardedDriver implements Driver {
  readonly #inner: Driver;
  readonly #options: GuardOptions;
  readonly #problemOf: (error: unknown) => StateProblem | undefined;
  readonly #turns: Turns | undefined;

  constructor(inner: Driver, options: GuardOptions) {
    this.#inner = inner;
    this.#options = options;
    this.#problemOf = options.dialect === "sqlite" ? sqliteProblemOf : postgresProblemOf;
    if (options.file !== undefined && options.file !== ":memory:") {
      const turns = fileTurns.get(options.file) ?? new Turns();
      turns.users += 1;
      fileTurns.set(options.file, turns);
      this.#turns = turns;
    }
  }

  failure(error: unknown): unknown {
    return storageErrorOf(error, this.#problemOf(error), this.#options.health);
  }

  wrote(): void {
    this.#options.health.wrote();
  }

  get retries(): boolean {
    return this.#options.dialect === "postgres";
  }

  async init() {
    await this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const done = (await this.#turns?.take()) ?? (() => {});
    try {
      return new GuardedConnection(this, await this.rawConnection(), done);
    } catch (error) {
      done();
      throw error;
    }
  }

  async rawConnection(): Promise<DatabaseConnection> {
    try {
      return await this.#inner.acquireConnection();
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** When no fresh connection can be had, none is left to release. */
  async swap(guarded: GuardedConnection): Promise<void> {
    guarded.released = true;
    await this.#inner.releaseConnection(guarded.inner).catch(() => undefined);
    guarded.inner = await this.rawConnection();
    guarded.released = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const guarded = connection as GuardedConnection;
    for (let attempt = 1; ; attempt++) {
      try {
        if (this.#options.dialect === "sqlite") {
          await guarded.inner.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE"));
        } else {
          await this.#inner.beginTransaction(guarded.inner, settings);
        }
        guarded.begin();
        return;
      } catch (error) {
        if (this.retries && attempt < attempts && connectionDied(error)) {
          await this.swap(guarded);
          continue;
        }
        throw this.failure(error);
      }
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    const guarded = connection as GuardedConnection;
    try {
      await this.#inner.commitTransaction(guarded.inner);
    } catch (error) {
      throw this.failure(error);
    }
    if (guarded.end()) this.wrote();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const guarded = connection as GuardedConnection;
    guarded.end();
    // SQLite rolls back by itself when the disk fails, and a dead PostgreSQL connection is discarded by
    // Kysely: the first error is the one to report.
    await this.#inner.rollbackTransaction(guarded.inner).catch(() => undefined);
  }

  async releaseConnection(connection: DatabaseConnection) {
    const guarded = connection as GuardedConnection;
    try {
      // A connection let go by a swap that found no fresh one is released already (a second release throws).
      if (!guarded.released) await this.#inner.releaseConnection(guarded.inner);
    } finally {
      guarded.done();
    }
  }

  async destroy() {
    await this.#inner.destroy();
    const file = this.#options.file;
    if (this.#turns !== undefined && file !== undefined) {
      this.#turns.users -= 1;
      if (this.#turns.users === 0) fileTurns.delete(file);
    }
  }
}

class GuardedConnection implements DatabaseConnection {
  released = false;
  #inTransaction = false;
  #changed = false;

  constructor(
    readonly driver: GuardedDriver,
    public inner: DatabaseConnection,
    readonly done: () => void,
  ) {}

  begin() {
    this.#inTransaction = true;
    this.#changed = false;
  }

  /** Leaves the transaction; true when it changed rows. */
  end(): boolean {
    this.#inTransaction = false;
    return this.#changed;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reads = SelectQueryNode.is(query.query);
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        const changed = (result.numAffectedRows ?? 0n) > 0n || (!reads && result.rows.length > 0);
        if (changed && this.#inTransaction) this.#changed = true;
        else if (changed) this.driver.wrote();
        return result;
      } catch (error) {
        const retry = reads ? connectionDied(error) : endedBeforeRunning(error);
        if (this.driver.retries && !this.#inTransaction && attempt < attempts && retry) {
          await this.driver.swap(this);
          continue;
        }
        throw this.driver.failure(error);
      }
    }
  }

  // biome-ignore lint/correctness/useYield: state never streams rows
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("state queries do not stream");
  }
}

export function guardedDialect(dialect: Dialect, options: GuardOptions): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new GuardedDriver(dialect.createDriver(), options),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

export interface StateSql {
  readonly db: StateDb;
  readonly dialect: "sqlite" | "postgres";
  /** Transactions naming the same `lock` run one at a time across processes (PostgreSQL: an advisory lock). */
  transaction<T>(work: (tx: StateDb) => Promise<T>, options?: { lock?: string }): Promise<T>;
}

export function stateSqlOf(db: StateDb, dialect: "sqlite" | "postgres"): StateSql {
  return {
    db,
    dialect,
    transaction: (work, options = {}) =>
      db.transaction().execute(async (tx) => {
        if (dialect === "postgres" && options.lock !== undefined) {
          await sql`SELECT pg_advisory_xact_lock(hashtextextended(${options.lock}, 0))`.execute(tx);
        }
        return work(tx);
      }),
  };
}

// Comfortably under SQLite's and PostgreSQL's limits on bound parameters per statement.
const chunkSize = 400;

export function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
