import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.js";
import { type Announcements, sqlAnnouncements } from "./announcements.js";
import { type DailyPosts, sqlDailyPosts } from "./daily-posts.js";
import type { StateSql } from "./database.js";
import type { HealthTracker, StateHealth } from "./health.js";
import { type DeliveryLedger, sqlDeliveryLedger } from "./once.js";
import { type Outbox, sqlOutbox } from "./outbox.js";
import { type Follows, type SavedPapers, sqlFollows, sqlSavedPapers } from "./person-lists.js";
import { type RecentAnswers, sqlRecentAnswers } from "./recent-answers.js";
import { type Subscriptions, sqlSubscriptions } from "./subscriptions.js";

/** Everything kept between restarts; a new feature adds a step to schema.ts, a file of queries and a field. */
export interface StateStore {
  readonly kind: "sqlite" | "postgres";
  readonly subscriptions: Subscriptions;
  readonly dailyPosts: DailyPosts;
  readonly deliveries: DeliveryLedger;
  readonly outbox: Outbox;
  readonly follows: Follows;
  readonly savedPapers: SavedPapers;
  readonly announcements: Announcements;
  readonly recentAnswers: RecentAnswers;
  /** Whether the last write reached storage. */
  health(): StateHealth;
  /** A committed heartbeat write, so health() turns back with no request; throws StateUnavailableError. */
  probe(): Promise<void>;
  close(): Promise<void>;
}

export interface StateStoreOptions {
  now?: () => number;
  logger?: Logger;
}

export function stateStoreOver(
  state: StateSql,
  health: HealthTracker,
  options: StateStoreOptions,
): StateStore {
  const { db } = state;
  const now = options.now ?? Date.now;
  const deliveries = sqlDeliveryLedger(db, now);
  return {
    kind: state.dialect,
    subscriptions: sqlSubscriptions(db),
    dailyPosts: sqlDailyPosts(state),
    deliveries,
    outbox: sqlOutbox(db, options.logger),
    follows: sqlFollows(db),
    savedPapers: sqlSavedPapers(db),
    announcements: sqlAnnouncements(state),
    recentAnswers: sqlRecentAnswers(db),
    health: () => health.current(),
    probe: () => deliveries.markDone("paperbot:heartbeat"),
    close: () => db.destroy(),
  };
}

/** A write rolled back: finds a read-only store at open, before any request does. */
export async function probeWrite(state: StateSql): Promise<void> {
  const rollback = new Error("probe rolled back");
  try {
    await state.transaction(async (tx) => {
      await tx
        .insertInto("deliveries")
        .values({
          key: `paperbot:probe:${randomUUID()}`,
          done: 0,
          holder: null,
          lease_until: 0,
          updated_at: 0,
        })
        .execute();
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}
