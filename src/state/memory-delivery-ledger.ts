import type { ClaimOutcome, DeliveryLedger } from "./delivery-ledger.js";

interface Entry {
  done: boolean;
  leaseUntil: number;
  at: number;
}

/** A DeliveryLedger in this process's memory that forgets a key `keepMs` after it was last claimed. */
export function createMemoryDeliveryLedger(now: () => number, keepMs: number): DeliveryLedger {
  const entries = new Map<string, Entry>();
  const forgetOld = (time: number) => {
    // Map order is insertion order and a claim re-inserts, so the oldest come first.
    for (const [key, entry] of entries) {
      if (time - entry.at < keepMs) break;
      entries.delete(key);
    }
  };
  return {
    async claim(key: string, leaseMs: number): Promise<ClaimOutcome> {
      const time = now();
      forgetOld(time);
      const entry = entries.get(key);
      if (entry?.done) return "done";
      if (entry !== undefined && entry.leaseUntil > time) return "busy";
      entries.delete(key);
      entries.set(key, { done: false, leaseUntil: time + leaseMs, at: time });
      return "mine";
    },
    async markDone(key: string) {
      const entry = entries.get(key);
      if (entry !== undefined) entry.done = true;
      else entries.set(key, { done: true, leaseUntil: 0, at: now() });
    },
    async release(key: string) {
      entries.delete(key);
    },
  };
}
