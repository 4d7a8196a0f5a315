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
