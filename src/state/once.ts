import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.js";
import { messageOf } from "./errors.js";
import type { StateDb } from "./schema.js";

/*
 * The once-only protocol, the one way Paperbot does a thing at most once across retries, restarts and
 * processes: claim → do → mark done (or release when nothing was done). A claim is a lease under a token (the
 * holding process's), one row of `deliveries` per key, so a holder that dies mid-way blocks the next attempt
 * no longer than its lease. slack/delivery.ts runs it, with the outbox (outbox.ts), for everything Paperbot
 * posts once: answers (answer:<channel>:<ts>), share clicks, follow DMs (follow-digest:<id>) and daily posts
 * (daily:<channel>:<date>).
 */

/** What one holder may do with a key. */
export type ClaimOutcome =
  /** Do it now; then mark it done, or release it when nothing was done. */
  | "mine"
  /** It was done already (Slack's retry of an answered event, a second click, a posted date): drop it. */
  | "done"
  /** Another holder's lease is still running: drop it. */
  | "busy";

/**
 * The ledger of answers and share clicks: at-least-once inside, exactly-once to the user. Each holder is
 * one process (its own token); a key is claimed for `leaseMs` at a time.
 */
export interface DeliveryLedger {
  claim(key: string, leaseMs: number): Promise<ClaimOutcome>;
  /** False when this process's claim on `key` is in its memory only (shared state failed): others cannot see it. */
  claimIsShared?(key: string): boolean;
  /** Slack accepted the answer: every later claim of `key` is "done". */
  markDone(key: string): Promise<void>;
  /** The answer could not be delivered and Slack stored nothing: the next claim of `key` is "mine" again. */
  release(key: string): Promise<void>;
}

// Rows untouched this long are deleted (Slack stops retrying within hours), looked for every ten minutes.
const keepMs = 24 * 60 * 60 * 1000;
const pruneEveryMs = 10 * 60 * 1000;

/** The ledger in the state database, shared by every process on it; `release` frees only this process's claim. */
export function sqlDeliveryLedger(db: StateDb, now: () => number): DeliveryLedger {
  const holder = randomUUID();
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    async claim(key, leaseMs) {
      const at = now();
      if (at - lastPrune >= pruneEveryMs) {
        lastPrune = at;
        await db
          .deleteFrom("deliveries")
          .where("updated_at", "<", at - keepMs)
          .execute();
      }
      // A key released between the upsert and the read is claimable again: look once more.
      for (let attempt = 0; attempt < 3; attempt++) {
        // A new key, or an undone one whose lease ran out, becomes ours.
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
        if (row !== undefined) return row.done === 1 ? "done" : "busy";
      }
      return "busy";
    },
    async markDone(key) {
      const done = { done: 1, holder: null, lease_until: 0, updated_at: now() };
      await db
        .insertInto("deliveries")
        .values({ key, ...done })
        .onConflict((c) => c.column("key").doUpdateSet(done))
        .execute();
    },
    async release(key) {
      await db
        .deleteFrom("deliveries")
        .where("key", "=", key)
        .where("done", "=", 0)
        .where("holder", "=", holder)
        .execute();
    },
  };
}

/** The ledger in this process's memory, forgetting a key `keepMs` after it was last claimed. */
export function createMemoryDeliveryLedger(now: () => number, keepMs: number): DeliveryLedger {
  const entries = new Map<string, { done: boolean; leaseUntil: number; at: number }>();
  return {
    async claim(key, leaseMs) {
      const time = now();
      // Map order is insertion order and a claim re-inserts, so the oldest come first.
      for (const [old, entry] of entries) {
        if (time - entry.at < keepMs) break;
        entries.delete(old);
      }
      const entry = entries.get(key);
      if (entry?.done) return "done";
      if (entry !== undefined && entry.leaseUntil > time) return "busy";
      entries.delete(key);
      entries.set(key, { done: false, leaseUntil: time + leaseMs, at: time });
      return "mine";
    },
    async markDone(key) {
      const entry = entries.get(key);
      if (entry !== undefined) entry.done = true;
      else entries.set(key, { done: true, leaseUntil: 0, at: now() });
    },
    async release(key) {
      entries.delete(key);
    },
  };
}

export interface FallbackLedgerOptions {
  /** The state store's ledger, shared with other processes. */
  durable: DeliveryLedger;
  /** This process's own memory: asked first, and alone while the durable ledger fails. */
  memory: DeliveryLedger;
  logger: Logger;
  now: () => number;
}

export interface FallbackDeliveryLedger extends DeliveryLedger {
  /** Whether this process's claim on `key` went through the durable ledger; false when only memory holds it. */
  claimIsShared(key: string): boolean;
  /** Whether claims go through the durable ledger now (false: it fails and this process dedupes alone). */
  shared(): boolean;
}

/**
 * A ledger that never fails a request because state cannot be written: memory answers first (a retry or
 * double click this process has seen), then the durable ledger; when that throws, this process dedupes in
 * memory alone and says so in one warning. While it fails, each claim still tries it unless another try is
 * under way, so the first claim after the store answers again is shared (two replicas then answer an event
 * once); a hung store holds one answer for its timeout, the others go on from memory meanwhile.
 */
export function createFallbackDeliveryLedger(options: FallbackLedgerOptions): FallbackDeliveryLedger {
  const { durable, memory, logger, now } = options;
  let failingSince: number | undefined;
  let tries = 0;
  // Claims held now that only this process's memory knows of.
  const memoryOnly = new Set<string>();

  const attempt = async <T>(work: (ledger: DeliveryLedger) => Promise<T>): Promise<T | undefined> => {
    if (failingSince !== undefined && tries > 0) return undefined;
    tries += 1;
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
    } finally {
      tries -= 1;
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
    shared: () => failingSince === undefined,
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
