import type { Logger } from "../logger.js";
import type { ClaimOutcome, DeliveryLedger } from "../state/delivery-ledger.js";
import { createMemoryDeliveryLedger } from "../state/memory-delivery-ledger.js";

const KEEP_MS = 24 * 60 * 60 * 1000;
const MAX_REMEMBERED = 100_000;

/**
 * The ledger as the Slack listeners use it: when the store fails (a read-only or full disk, a lost
 * database), answers go on with this process's memory deciding, one warning is logged, and a request
 * answered here is never answered again here even if the store could not record it.
 */
export function tolerantLedger(store: DeliveryLedger, logger: Logger, now: () => number): DeliveryLedger {
  const memory = createMemoryDeliveryLedger(now, KEEP_MS);
  const doneHere = new Map<string, number>();
  let failing = false;
  const storeFailed = (error: unknown, operation: string) => {
    if (!failing) {
      logger.warn(
        { err: error, operation },
        "the answered-requests store failed; deduplicating in this process's memory until it works again",
      );
    }
    failing = true;
  };
  const storeWorked = () => {
    if (failing) logger.info("the answered-requests store works again");
    failing = false;
  };
  const rememberDone = (key: string) => {
    const time = now();
    doneHere.delete(key);
    doneHere.set(key, time);
    for (const [old, at] of doneHere) {
      if (doneHere.size <= MAX_REMEMBERED && time - at < KEEP_MS) break;
      doneHere.delete(old);
    }
  };
  return {
    async claim(key, leaseMs): Promise<ClaimOutcome> {
      let outcome: ClaimOutcome;
      try {
        outcome = await store.claim(key, leaseMs);
        storeWorked();
      } catch (error) {
        storeFailed(error, "claim");
        outcome = await memory.claim(key, leaseMs);
      }
      return outcome === "mine" && doneHere.has(key) ? "done" : outcome;
    },
    async markDone(key) {
      rememberDone(key);
      await memory.markDone(key);
      try {
        await store.markDone(key);
      } catch (error) {
        storeFailed(error, "markDone");
      }
    },
    async release(key) {
      await memory.release(key);
      try {
        await store.release(key);
      } catch (error) {
        storeFailed(error, "release");
      }
    },
  };
}
