export interface DeliveryPolicy {
  callTimeoutMs: number;
  /** One attempt: a look in the conversation and a post, with room to spare. */
  leaseMs: number;
  postLimitMs: number;
  /** Slack takes a response_url this long after the request, `responseUrlUses` times. */
  responseUrlLimitMs: number;
  responseUrlUses: number;
  /** After failed attempt `n` that was not a 429 (a 429 waits its Retry-After). */
  backoffMs(attempt: number): number;
  outboxEveryMs: number;
  now(): number;
}

const minute = 60_000;

export function createDeliveryPolicy(
  callTimeoutMs: number,
  overrides: Partial<Omit<DeliveryPolicy, "callTimeoutMs">> = {},
): DeliveryPolicy {
  return {
    callTimeoutMs,
    // Up to five pages of a thread and a post.
    leaseMs: overrides.leaseMs ?? 6 * callTimeoutMs + 30_000,
    postLimitMs: overrides.postLimitMs ?? 15 * minute,
    responseUrlLimitMs: overrides.responseUrlLimitMs ?? 30 * minute,
    responseUrlUses: overrides.responseUrlUses ?? 5,
    backoffMs: overrides.backoffMs ?? ((attempt) => Math.min(60_000, 1000 * 2 ** (attempt - 1))),
    outboxEveryMs: overrides.outboxEveryMs ?? 1000,
    now: overrides.now ?? Date.now,
  };
}
