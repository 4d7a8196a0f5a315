import type { Pool, PoolClient } from "pg";
import { type HealthTracker, storageErrorOf } from "./health.js";
import { messageOf, type SqlDatabase, type SqlSession, type SqlValue, type StateProblem } from "./sql.js";

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

/** What a PostgreSQL or socket error says about the storage; undefined for errors of the statement itself. */
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

/** `?` placeholders as PostgreSQL's `$1, $2, …` (state SQL never holds a literal question mark). */
function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The server ended this pooled connection before it ran the statement (restart, failover, admin): safe to retry. */
function endedBeforeRunning(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === "57P01" || code === "57P02" || /not queryable/i.test(messageOf(error));
}

/** The connection died, maybe mid-statement: safe to retry a read, not a write. */
function connectionDied(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    endedBeforeRunning(error) ||
    code === "ECONNRESET" ||
    code === "EPIPE" ||
    /connection terminated/i.test(messageOf(error))
  );
}

// A pool may still hold several connections the server has just ended: try past them.
const attempts = 3;

/**
 * SqlDatabase over a pg Pool. Each transaction holds one pooled connection, READ COMMITTED; a `lock` is
 * a transaction-scoped advisory lock on the lock's name, taken first, so work under one name is serialised
 * across every process sharing the database. A read, or a transaction's BEGIN, that meets a connection the
 * server has ended is tried again on another.
 */
export function postgresDatabase(pool: Pool, health: HealthTracker): SqlDatabase {
  const guarded = async <T>(
    work: () => Promise<T>,
    retry: (error: unknown) => boolean = () => false,
  ): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (attempt < attempts && retry(error)) continue;
        throw storageErrorOf(error, postgresProblemOf(error), health);
      }
    }
  };
  type Runner = Pick<Pool | PoolClient, "query">;
  const query = (
    runner: Runner,
    sql: string,
    params: readonly SqlValue[],
    retry?: (error: unknown) => boolean,
  ) => guarded(() => runner.query(numberedPlaceholders(sql), [...params]), retry);
  const sessionOf = (runner: Runner, onChange: () => void, retries: boolean): SqlSession => ({
    all: async (sql, params = []) =>
      (await query(runner, sql, params, retries ? connectionDied : undefined)).rows,
    get: async (sql, params = []) =>
      (await query(runner, sql, params, retries ? connectionDied : undefined)).rows[0],
    run: async (sql, params = []) => {
      const changes =
        (await query(runner, sql, params, retries ? endedBeforeRunning : undefined)).rowCount ?? 0;
      if (changes > 0) onChange();
      return changes;
    },
  });
  // Outside a transaction each statement takes any pooled connection, so a retry lands on a fresh one.
  const direct = sessionOf(pool, () => health.wrote(), true);

  const begun = async (): Promise<PoolClient> => {
    for (let attempt = 1; ; attempt++) {
      const client = await guarded(() => pool.connect());
      try {
        await client.query("BEGIN");
        return client;
      } catch (error) {
        client.release(true);
        if (attempt < attempts && connectionDied(error)) continue;
        return guarded(() => Promise.reject(error));
      }
    }
  };

  return {
    dialect: "postgres",
    ...direct,
    async transaction(work, options = {}) {
      const client = await begun();
      let changed = false;
      let broken = false;
      try {
        if (options.lock !== undefined) {
          await query(client, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", [options.lock]);
        }
        const result = await work(
          sessionOf(
            client,
            () => {
              changed = true;
            },
            false,
          ),
        );
        await query(client, "COMMIT", []);
        if (changed) health.wrote();
        return result;
      } catch (error) {
        try {
          await client.query("ROLLBACK");
        } catch {
          // The connection is gone: hand it back as broken so the pool does not reuse it.
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
