/** A value bound to a `?` placeholder. Booleans are stored as 0/1 integers, in both stores. */
export type SqlValue = string | number | null;

/**
 * The few SQL calls the state tables need, the same for SQLite and PostgreSQL: statements use `?`
 * placeholders and SQL both dialects accept (UPSERT with ON CONFLICT, RETURNING). Rows come back as plain
 * objects (64-bit integers as numbers) for the tables' zod schemas to check.
 */
export interface SqlSession {
  all(sql: string, params?: readonly SqlValue[]): Promise<unknown[]>;
  get(sql: string, params?: readonly SqlValue[]): Promise<unknown>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

export interface SqlDatabase extends SqlSession {
  readonly dialect: "sqlite" | "postgres";
  /**
   * Runs `work` in one transaction, committed when it resolves and rolled back when it throws. Transactions
   * naming the same `lock` run one at a time, across processes too (SQLite: every write transaction is
   * exclusive; PostgreSQL: a transaction-scoped advisory lock). `work` must use the session it is given.
   */
  transaction<T>(work: (tx: SqlSession) => Promise<T>, options?: { lock?: string }): Promise<T>;
  close(): Promise<void>;
}

// Comfortably under SQLite's and PostgreSQL's limits on bound parameters per statement.
const chunkSize = 400;

/** `items` in slices small enough for one statement's bound parameters. */
export function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `n` comma-separated `?` placeholders. */
export const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export type StateProblem =
  /** The file or database accepts reads but refuses writes (read-only mount, immutable file, standby). */
  | "read-only"
  /** The disk is full. */
  | "disk-full"
  /** The disk or filesystem failed a read or write. */
  | "io-error"
  /** The database server cannot be reached. */
  | "unreachable"
  /** The file is not a database, or fails its integrity check. */
  | "corrupt"
  /** A newer Paperbot migrated it. */
  | "too-new"
  /** It could not be opened or set up at all. */
  | "unreadable";

/** A state read or write failed because of the storage, not the request: the caller carries on without it. */
export class StateUnavailableError extends Error {
  override readonly name = "StateUnavailableError";
  constructor(
    readonly problem: StateProblem,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`state storage is ${problem}: ${detail}`, options);
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
