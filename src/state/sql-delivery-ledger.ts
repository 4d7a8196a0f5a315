import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ClaimOutcome, DeliveryLedger } from "./delivery-ledger.js";
import type { SqlSession } from "./sql.js";

export interface SqlDeliveryLedgerOptions {
  now: () => number;
  /** Rows untouched this long are deleted (Slack stops retrying within hours); default a day. */
  keepMs?: number;
  /** How often a claim also prunes old rows; default ten minutes. */
  pruneEveryMs?: number;
}

const dayMs = 24 * 60 * 60 * 1000;
const doneSchema = z.object({ done: z.union([z.literal(0), z.literal(1)]) });

/**
 * The DeliveryLedger in the state database, shared by every process on it. A claim is one atomic upsert
 * (a new key, or an undone one whose lease ran out, becomes ours); `release` only deletes a claim this
 * ledger still holds, so a holder whose lease was taken over cannot free someone else's.
 */
export function sqlDeliveryLedger(db: SqlSession, options: SqlDeliveryLedgerOptions): DeliveryLedger {
  const holder = randomUUID();
  const keepMs = options.keepMs ?? dayMs;
  const pruneEveryMs = options.pruneEveryMs ?? 10 * 60 * 1000;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const pruneIfDue = async (at: number) => {
    if (at - lastPrune < pruneEveryMs) return;
    lastPrune = at;
    await db.run("DELETE FROM deliveries WHERE updated_at < ?", [at - keepMs]);
  };
  return {
    async claim(key: string, leaseMs: number): Promise<ClaimOutcome> {
      const at = options.now();
      await pruneIfDue(at);
      // A key released between the upsert and the read is claimable again: look once more.
      for (let attempt = 0; attempt < 3; attempt++) {
        const won = await db.all(
          `INSERT INTO deliveries (key, done, holder, lease_until, updated_at) VALUES (?, 0, ?, ?, ?)
           ON CONFLICT (key) DO UPDATE SET
             holder = excluded.holder, lease_until = excluded.lease_until, updated_at = excluded.updated_at
           WHERE deliveries.done = 0 AND deliveries.lease_until <= ?
           RETURNING key`,
          [key, holder, at + leaseMs, at, at],
        );
        if (won.length === 1) return "mine";
        const row = await db.get("SELECT done FROM deliveries WHERE key = ?", [key]);
        if (row !== undefined) return doneSchema.parse(row).done === 1 ? "done" : "busy";
      }
      return "busy";
    },
    async markDone(key: string) {
      const at = options.now();
      await db.run(
        `INSERT INTO deliveries (key, done, holder, lease_until, updated_at) VALUES (?, 1, NULL, 0, ?)
         ON CONFLICT (key) DO UPDATE SET done = 1, holder = NULL, lease_until = 0, updated_at = excluded.updated_at`,
        [key, at],
      );
    },
    async release(key: string) {
      await db.run("DELETE FROM deliveries WHERE key = ? AND done = 0 AND holder = ?", [key, holder]);
    },
  };
}
