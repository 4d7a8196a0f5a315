/** How hard one answer is pushed through before giving up; derived from the per-call timeout. */
export interface DeliveryPolicy {
  /** Longest wait for one Slack call (the Slack fetch aborts it then). */
  callTimeoutMs: number;
  /** How long a claim on a request is held: longer than a delivery can take, so a live holder keeps it. */
  leaseMs: number;
  /** A delivery stops trying this long after it started, well inside its lease. */
  deadlineMs: number;
  /** Posts of one answer, at most (a 429 and a refused connection count too). */
  maxAttempts: number;
  /** Wait after failed attempt `n` (1-based) that was not a 429. */
  backoffMs(attempt: number): number;
  sleep(ms: number): Promise<void>;
  now(): number;
}

export function createDeliveryPolicy(
  callTimeoutMs: number,
  overrides: Partial<Omit<DeliveryPolicy, "callTimeoutMs">> = {},
): DeliveryPolicy {
  // Four rounds of a post and a history check, with back-off between them.
  const deadlineMs = overrides.deadlineMs ?? Math.max(30_000, 8 * callTimeoutMs + 10_000);
  return {
    callTimeoutMs,
    deadlineMs,
    leaseMs: overrides.leaseMs ?? deadlineMs + 2 * callTimeoutMs + 30_000,
    maxAttempts: overrides.maxAttempts ?? 4,
    backoffMs: overrides.backoffMs ?? ((attempt) => Math.min(8000, 500 * 2 ** (attempt - 1))),
    sleep: overrides.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now: overrides.now ?? Date.now,
  };
}

/** A clock on one delivery: whether waiting `ms` and then making a call still ends before the deadline. */
export function deadlineOf(policy: DeliveryPolicy): { allows(ms: number): boolean; left(): number } {
  const end = policy.now() + policy.deadlineMs;
  return {
    allows: (ms) => policy.now() + ms + policy.callTimeoutMs <= end,
    left: () => end - policy.now(),
  };
}
