import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.js";
import { type Announcements, sqlAnnouncements } from "./announcements.js";
import { type DailyPosts, sqlDailyPosts } from "./daily-posts.js";
import type { StateSql } from "./database.js";
import { type Follows, sqlFollows } from "./follows.js";
import type { HealthTracker, StateHealth } from "./health.js";
import { type DeliveryLedger, sqlDeliveryLedger } from "./once.js";
import { type Outbox, sqlOutbox } from "./outbox.js";
import { type RecentAnswers, sqlRecentAnswers } from "./recent-answers.js";
import { type SavedPapers, sqlSavedPapers } from "./saved-papers.js";
import { type Subscriptions, sqlSubscriptions } from "./subscriptions.js";

/**
 * Everything Paperbot keeps between restarts, shared by every process on the same database. Each table
 * has its own interface here, implemented once over Kysely for both stores; a new feature adds a step to
 * schema.ts, a file of queries and a field.
 */
export interface StateStore {
  readonly kind: "sqlite" | "postgres";
  readonly subscriptions: Subscriptions;
  readonly dailyPosts: DailyPosts;
  /** Answered events and share clicks (claim → answer → markDone, or release when nothing was sent). */
  readonly deliveries: DeliveryLedger;
  /** Answers waiting for Slack, each under its key in `deliveries`. */
  readonly outbox: Outbox;
  /** What each person follows (topics and authors). */
  readonly follows: Follows;
  /** Each person's reading list. */
  readonly savedPapers: SavedPapers;
  /** Known papers, corpus changes and the follow digests they plan (src/follow/announce.ts). */
  readonly announcements: Announcements;
  /** The last answer per person and conversation, for follow-ups in a DM. */
  readonly recentAnswers: RecentAnswers;
  /** Whether the last write reached storage: stays "not writable" until a write succeeds again. */
  health(): StateHealth;
  /**
   * One committed write of a heartbeat row: resolves when the store takes writes (health() then says so at
   * once, with no request needed), throws StateUnavailableError when not.
   */
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
    // A key nobody claims: a real write (a disk that is full fails it) of one row.
    probe: () => deliveries.markDone("paperbot:heartbeat"),
    close: () => db.destroy(),
  };
}

/** A throw-away probe write, rolled back: finds a read-only file or database at open, before any request does. */
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
