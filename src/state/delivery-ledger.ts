/** What one process may do with a request that must be answered once (a Slack event, a share click). */
export type ClaimOutcome =
  /** Answer it now; then `markDone` once Slack accepted the answer, or `release` when it could not be sent. */
  | "mine"
  /** It was answered already (Slack's retry of an answered event, a second click): drop it. */
  | "done"
  /** Another holder's lease is still running (a retry delivered to another process mid-answer): drop it. */
  | "busy";

/**
 * The answered-requests ledger: at-least-once inside, exactly-once to the user. A claim is a lease, so a
 * holder that dies mid-answer does not block Slack's next retry for longer than `leaseMs`.
 */
export interface DeliveryLedger {
  claim(key: string, leaseMs: number): Promise<ClaimOutcome>;
  /** Slack accepted the answer: every later claim of `key` is "done". */
  markDone(key: string): Promise<void>;
  /** The answer could not be delivered and Slack stored nothing: the next claim of `key` is "mine" again. */
  release(key: string): Promise<void>;
}
