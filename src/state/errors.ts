/** "too-new": a newer Paperbot migrated it; "unreadable": it could not be opened or set up at all. */
export type StateProblem =
  | "read-only"
  | "disk-full"
  | "io-error"
  | "unreachable"
  | "corrupt"
  | "too-new"
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
