import { randomUUID } from "node:crypto";
import { readlinkSync } from "node:fs";
import { hostname } from "node:os";
import type { Logger } from "../logger.js";
import { messageOf } from "./errors.js";
import type { StateDb } from "./schema.js";

/*
 * The once-only protocol for everything Paperbot posts once (answers, shares, follow DMs, daily posts): claim →
 * do → mark done, or release when nothing was done. A claim is a lease under this process's token, so a holder
 * that dies blocks the key no longer than its lease.
 */

/** "mine": do it now; "done": done already; "busy": another holder's lease is running. */
export type ClaimOutcome = "mine" | "done" | "busy";

export interface DeliveryLedger {
  claim(key: string, leaseMs: number): Promise<ClaimOutcome>;
  /** False when this process's claim is in its memory only (shared state failed): others cannot see it. */
  claimIsShared?(key: string): boolean;
  markDone(key: string): Promise<void>;
  /** Nothing was done: the next claim of `key` is "mine" again. */
  release(key: string): Promise<void>;
}

/** This host, and the process ids it can see (two containers may share a host name, never a pid namespace). */
function pidSpace(): string {
  try {
    return `${hostname()}/${readlinkSync("/proc/self/ns/pid")}`;
  } catch {
    return hostname();
  }
}

/**
 * Who holds a claim or an outbox entry: this host, process and start. A holder on this host whose process is gone
 * (a kill -9, a crash) is known dead at once, so the next process need not wait out its lease to answer for it.
 */
export const processHolder = `${pidSpace()}|${process.pid}|${randomUUID()}`;

/** A holder known dead: on this host, its process gone, or this pid's earlier start (a restarted container). */
export function isDeadHolder(holder: string | null | undefined): boolean {
  const [host, pid, started] = holder?.split("|") ?? [];
  const [ownHost, ownPid, ownStart] = processHolder.split("|");
  if (host !== ownHost || started === undefined || started === ownStart) return false;
  if (pid === ownPid) return true;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return error instanceof Error && "code" in error && error.code === "ESRCH";
  }
}

// Rows untouched this long are deleted (Slack stops retrying within hours), looked for every ten minutes.
const keepMs = 24 * 60 * 60 * 1000;
const pruneEveryMs = 10 * 60 * 1000;

/** `release` frees only this ledger's claim; a claim whose holder is known dead is taken over (isDeadHolder). */
export function sqlDeliveryLedger(db: StateDb, now: () => number): DeliveryLedger {
  const holder = `${processHolder}|${randomUUID()}`;
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
          .select(["done", "holder"])
          .where("key", "=", key)
          .executeTakeFirst();
        if (row?.done === 1) return "done";
        if (row !== undefined && !isDeadHolder(row.holder)) return "busy";
        if (row !== undefined) {
          const taken = await db
            .updateTable("deliveries")
            .set({ holder, lease_until: at + leaseMs, updated_at: at })
            .where("key", "=", key)
            .where("done", "=", 0)
            .where("holder", "=", row.holder)
            .executeTakeFirst();
          if (taken.numUpdatedRows === 1n) return "mine";
        }
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

/** Forgets a key `keepMs` after it was last claimed. */
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

export interface FallbackDeliveryLedger extends DeliveryLedger {
  claimIsShared(key: string): boolean;
  /** Whether claims go through the durable ledger now (false: this process dedupes alone). */
  shared(): boolean;
}

/**
 * Never fails a request because state cannot be written: memory first, then the durable ledger, memory alone
 * while that throws. Each claim still tries it unless another try is under way, so the first claim after the
 * store answers again is shared; a hung store holds one answer for its timeout, not all of them.
 */
export function createFallbackDeliveryLedger(options: {
  durable: DeliveryLedger;
  memory: DeliveryLedger;
  logger: Logger;
  now: () => number;
}): FallbackDeliveryLedger {
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
