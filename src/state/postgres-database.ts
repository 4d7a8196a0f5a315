import type { Pool, PoolClient } from "pg";
import type { HealthTracker } from "./health.js";
import {
  messageOf,
  type SqlDatabase,
  type SqlSession,
  type SqlValue,
  type StateProblem,
  StateUnavailableError,
} from "./sql.js";

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
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * SqlDatabase over a pg Pool. Each transaction holds one pooled connection, READ COMMITTED; a `lock` is
 * a transaction-scoped advisory lock on the lock's name, taken first, so work under one name is serialised
 * across every process sharing the database.
 */
export function postgresDatabase(pool: Pool, health: HealthTracker): SqlDatabase {
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const problem = postgresProblemOf(error);
      if (problem === undefined) throw error;
      health.failed(problem, messageOf(error));
      throw new StateUnavailableError(problem, messageOf(error), { cause: error });
    }
  };
  type Runner = Pick<Pool | PoolClient, "query">;
  const query = (runner: Runner, sql: string, params: readonly SqlValue[]) =>
    guarded(() => runner.query(numberedPlaceholders(sql), [...params]));
  const sessionOf = (runner: Runner, onChange: () => void): SqlSession => ({
    all: async (sql, params = []) => (await query(runner, sql, params)).rows,
    get: async (sql, params = []) => (await query(runner, sql, params)).rows[0],
    run: async (sql, params = []) => {
      const changes = (await query(runner, sql, params)).rowCount ?? 0;
      if (changes > 0) onChange();
      return changes;
    },
  });
  const direct = sessionOf(pool, () => health.wrote());
  return {
    dialect: "postgres",
    ...direct,
    async transaction(work, options = {}) {
      const client = await guarded(() => pool.connect());
      let changed = false;
      let broken = false;
      try {
        await query(client, "BEGIN", []);
        if (options.lock !== undefined) {
          await query(client, "SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", [options.lock]);
        }
        const result = await work(
          sessionOf(client, () => {
            changed = true;
          }),
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
