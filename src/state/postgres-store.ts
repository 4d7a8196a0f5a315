import { Pool, TypeOverrides } from "pg";
import type { Logger } from "../logger.js";
import { createHealthTracker } from "./health.js";
import { latestSchemaVersion, migrations, tooNewError } from "./migrations.js";
import { postgresDatabase, postgresProblemOf } from "./postgres-database.js";
import { messageOf, type SqlDatabase, StateUnavailableError } from "./sql.js";
import { probeWrite, type StateStore, type StateStoreOptions, stateStoreOver } from "./store.js";

export interface PostgresStoreOptions extends StateStoreOptions {
  logger?: Logger;
  /** Pooled connections per process; default 5. */
  maxConnections?: number;
  /** Connecting and each statement give up after this long; default 5 s (a hung database never holds an answer). */
  timeoutMs?: number;
  /** At start, how long to keep trying a server that cannot be reached yet (it may be starting too); default 30 s. */
  startupWaitMs?: number;
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

const int8Oid = 20;
// One advisory lock for every Paperbot process migrating this database.
const migrationLock = "paperbot:migrations";

async function migrate(db: SqlDatabase, where: string): Promise<void> {
  await db.transaction(
    async (tx) => {
      const exists = await tx.get("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
      const present = (exists as { present?: unknown } | undefined)?.present === true;
      const row = present
        ? await tx.get("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations")
        : undefined;
      const current = Number((row as { version?: unknown } | undefined)?.version ?? 0);
      if (current > latestSchemaVersion) {
        throw tooNewError(where, current);
      }
      if (current === latestSchemaVersion) return;
      await tx.run(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
      );
      for (let version = current; version < latestSchemaVersion; version++) {
        const step = migrations[version];
        if (step === undefined) continue;
        await tx.run(step.postgres);
        await tx.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
          version + 1,
          step.name,
          Date.now(),
        ]);
      }
    },
    { lock: migrationLock },
  );
}

async function migrateOnceReachable(db: SqlDatabase, where: string, options: PostgresStoreOptions) {
  const deadline = Date.now() + (options.startupWaitMs ?? 30_000);
  for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      return await migrate(db, where);
    } catch (error) {
      const unreachable = error instanceof StateUnavailableError && error.problem === "unreachable";
      if (!unreachable || Date.now() + waitMs > deadline) throw error;
      options.logger?.info({ where, retryInMs: waitMs }, "waiting for the state database");
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/**
 * The PostgreSQL store (STATE_URL): a connection pool, versioned migrations applied once under an advisory
 * lock however many processes start together, 64-bit integers read as numbers. A database it cannot reach
 * or use throws StateUnavailableError; one that refuses writes opens with health() saying so.
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
    max: options.maxConnections ?? 5,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
    application_name: "paperbot",
    types,
  });
  // An idle connection that dies (server restart) is reported here, not thrown: the next query reconnects.
  pool.on("error", (error) =>
    options.logger?.warn({ err: messageOf(error), where }, "state database connection lost"),
  );
  const health = createHealthTracker(options.now ?? Date.now);
  const sql = postgresDatabase(pool, health);
  try {
    await migrateOnceReachable(sql, where, options);
    await probeWrite(sql).catch((error: unknown) => {
      if (!(error instanceof StateUnavailableError)) throw error;
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof StateUnavailableError && error.problem === "too-new") throw error;
    const problem = error instanceof StateUnavailableError ? error.problem : postgresProblemOf(error);
    throw new StateUnavailableError(problem ?? "unreadable", `${where}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return stateStoreOver(sql, health, options);
}
