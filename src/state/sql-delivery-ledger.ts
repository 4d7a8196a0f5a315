import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ClaimOutcome, DeliveryLedger } from "./delivery-ledger.js";
import type { StateDb } from "./schema.js";

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
export function sqlDeliveryLedger(db: StateDb, options: SqlDeliveryLedgerOptions): DeliveryLedger {
  const holder = randomUUID();
  const keepMs = options.keepMs ?? dayMs;
  const pruneEveryMs = options.pruneEveryMs ?? 10 * 60 * 1000;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const pruneIfDue = async (at: number) => {
    if (at - lastPrune < pruneEveryMs) return;
    lastPrune = at;
    await db
      .deleteFrom("deliveries")
      .where("updated_at", "<", at - keepMs)
      .execute();
  };
  return {
    async claim(key: string, leaseMs: number): Promise<ClaimOutcome> {
      const at = options.now();
      await pruneIfDue(at);
      // A key released between the upsert and the read is claimable again: look once more.
      for (let attempt = 0; attempt < 3; attempt++) {
        const won = await db
          .insertInto("deliveries")
          .values({ key, done: 0, holder, lease_until: at + leaseMs, updated_at: at })
          .onConflict((c) =>
            c
              .column("key")
              .doUpdateSet((e) => ({
                holder: e.ref("excluded.holder"),
                lease_until: e.ref("excluded.lease_until"),
                updated_at: e.ref("excluded.updated_at"),
              }))
              .where("deliveries.done", "=", 0)
              .where("deliveries.lease_until", "<=", at),
          )
          .returning("key")
          .execute();
        if (won.length === 1) return "mine";
        const row = await db
          .selectFrom("deliveries")
          .select("done")
          .where("key", "=", key)
          .executeTakeFirst();
        if (row !== undefined) return doneSchema.parse(row).done === 1 ? "done" : "busy";
      }
      return "busy";
    },
    async markDone(key: string) {
      const at = options.now();
      await db
        .insertInto("deliveries")
        .values({ key, done: 1, holder: null, lease_until: 0, updated_at: at })
        .onConflict((c) =>
          c.column("key").doUpdateSet({ done: 1, holder: null, lease_until: 0, updated_at: at }),
        )
        .execute();
    },
    async release(key: string) {
      await db
        .deleteFrom("deliveries")
        .where("key", "=", key)
        .where("done", "=", 0)
        .where("holder", "=", holder)
        .execute();
    },
  };
}
