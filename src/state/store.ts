import { randomUUID } from "node:crypto";
import { type Announcements, sqlAnnouncements } from "./announcements.js";
import { type DailyPosts, sqlDailyPosts } from "./daily-posts.js";
import type { DeliveryLedger } from "./delivery-ledger.js";
import { type Follows, sqlFollows } from "./follows.js";
import type { HealthTracker, StateHealth } from "./health.js";
import { type SavedPapers, sqlSavedPapers } from "./saved-papers.js";
import type { SqlDatabase } from "./sql.js";
import { sqlDeliveryLedger } from "./sql-delivery-ledger.js";
import { type Subscriptions, sqlSubscriptions } from "./subscriptions.js";

/**
 * Everything Paperbot keeps between restarts, shared by every process on the same database. Each table
 * has its own interface here, implemented once over SqlDatabase for both stores; a new feature adds a
 * migration step (migrations.ts), a file of queries and a field.
 */
export interface StateStore {
  readonly kind: "sqlite" | "postgres";
  readonly subscriptions: Subscriptions;
  readonly dailyPosts: DailyPosts;
  /** Answered events and share clicks (claim → answer → markDone, or release when nothing was sent). */
  readonly deliveries: DeliveryLedger;
  /** What each person follows (topics and authors). */
  readonly follows: Follows;
  /** Each person's reading list. */
  readonly savedPapers: SavedPapers;
  /** Known papers, corpus changes and the follow digests they plan (src/follow/announce.ts). */
  readonly announcements: Announcements;
  /** Whether the last write reached storage: stays "not writable" until a write succeeds again. */
  health(): StateHealth;
  close(): Promise<void>;
}

export interface StateStoreOptions {
  now?: () => number;
}

export function stateStoreOver(
  db: SqlDatabase,
  health: HealthTracker,
  options: StateStoreOptions,
): StateStore {
  return {
    kind: db.dialect,
    subscriptions: sqlSubscriptions(db),
    dailyPosts: sqlDailyPosts(db),
    deliveries: sqlDeliveryLedger(db, { now: options.now ?? Date.now }),
    follows: sqlFollows(db),
    savedPapers: sqlSavedPapers(db),
    announcements: sqlAnnouncements(db),
    health: () => health.current(),
    close: () => db.close(),
  };
}

/** A throw-away probe write, rolled back: finds a read-only file or database at open, before any request does. */
export async function probeWrite(db: SqlDatabase): Promise<void> {
  const rollback = new Error("probe rolled back");
  try {
    await db.transaction(async (tx) => {
      await tx.run(
        "INSERT INTO deliveries (key, done, holder, lease_until, updated_at) VALUES (?, 0, NULL, 0, 0)",
        [`paperbot:probe:${randomUUID()}`],
      );
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}
