import type { Logger } from "../logger.js";
import type { ClaimOutcome, DeliveryLedger } from "./delivery-ledger.js";
import { messageOf } from "./errors.js";

export interface FallbackLedgerOptions {
  /** The state store's ledger, shared with other processes; absent when there is no store at all. */
  durable?: DeliveryLedger;
  /** This process's own memory: asked first, and alone while the durable ledger fails. */
  memory: DeliveryLedger;
  logger: Logger;
  now: () => number;
  /** While the durable ledger fails, how long to wait before trying it again; default 30 s. */
  retryMs?: number;
}

export interface FallbackDeliveryLedger extends DeliveryLedger {
  /** Whether this process's claim on `key` went through the durable ledger; false when only memory holds it. */
  claimIsShared(key: string): boolean;
}

/**
 * A DeliveryLedger that never fails a request because state cannot be written: memory answers first (a
 * retry or double click this process has seen), then the durable ledger; when that throws, this process
 * dedupes in memory alone, says so in one warning, and tries the durable ledger again every `retryMs`.
 */
export function createFallbackDeliveryLedger(options: FallbackLedgerOptions): FallbackDeliveryLedger {
  const { durable, memory, logger, now } = options;
  const retryMs = options.retryMs ?? 30_000;
  let failingSince: number | undefined;
  let lastTry = Number.NEGATIVE_INFINITY;
  // Claims held now that only this process's memory knows of.
  const memoryOnly = new Set<string>();

  const attempt = async <T>(work: (ledger: DeliveryLedger) => Promise<T>): Promise<T | undefined> => {
    if (durable === undefined || (failingSince !== undefined && now() - lastTry < retryMs)) return undefined;
    lastTry = now();
    try {
      const result = await work(durable);
      if (failingSince !== undefined) {
        logger.info(
          { sinceMs: now() - failingSince },
          "state can be written again: answered events are shared again",
        );
        failingSince = undefined;
      }
      return result;
    } catch (error) {
      if (failingSince === undefined) {
        failingSince = now();
        logger.warn(
          { err: messageOf(error) },
          "state cannot be written: answers go on, repeats are caught in this process's memory only",
        );
      }
      return undefined;
    }
  };

  return {
    async claim(key, leaseMs): Promise<ClaimOutcome> {
      const local = await memory.claim(key, leaseMs);
      if (local !== "mine") return local;
      const shared = await attempt((ledger) => ledger.claim(key, leaseMs));
      if (shared === "done") await memory.markDone(key);
      if (shared === "busy") await memory.release(key);
      if (shared === undefined) memoryOnly.add(key);
      else memoryOnly.delete(key);
      return shared ?? "mine";
    },
    claimIsShared: (key) => !memoryOnly.has(key),
    async markDone(key) {
      memoryOnly.delete(key);
      await memory.markDone(key);
      await attempt((ledger) => ledger.markDone(key));
    },
    async release(key) {
      memoryOnly.delete(key);
      await memory.release(key);
      await attempt((ledger) => ledger.release(key));
    },
  };
}
