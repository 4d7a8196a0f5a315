import { z } from "zod";
import type { StateDatabase } from "./database.js";

export interface Subscription {
  channelId: string;
  /** "HH:MM", local to timeZone. */
  time: string;
  timeZone: string;
  /** ISO weekdays 1 (Mon) .. 7 (Sun), ascending. */
  weekdays: number[];
  enabled: boolean;
  /** Why posting stopped (e.g. "not_in_channel"); cleared by subscribing again. */
  pausedReason?: string;
  subscribedBy: string;
  /** Epoch ms: runs scheduled before this instant are never posted (no surprise post on subscribing). */
  activeSince: number;
  updatedAt: number;
}

const rowSchema = z.object({
  channel_id: z.string().min(1),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  time_zone: z.string().min(1),
  weekdays: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
  paused_reason: z.string().nullable(),
  subscribed_by: z.string(),
  active_since: z.number().int(),
  updated_at: z.number().int(),
});

const weekdaysSchema = z.array(z.number().int().min(1).max(7)).min(1);

function subscriptionOf(row: unknown): Subscription {
  const r = rowSchema.parse(row);
  const weekdays = weekdaysSchema.parse(JSON.parse(r.weekdays));
  return {
    channelId: r.channel_id,
    time: r.time,
    timeZone: r.time_zone,
    weekdays,
    enabled: r.enabled === 1,
    ...(r.paused_reason === null ? {} : { pausedReason: r.paused_reason }),
    subscribedBy: r.subscribed_by,
    activeSince: r.active_since,
    updatedAt: r.updated_at,
  };
}

export function readSubscription(db: StateDatabase, channelId: string): Subscription | undefined {
  const row = db.prepare("SELECT * FROM subscriptions WHERE channel_id = ?").get(channelId);
  return row === undefined ? undefined : subscriptionOf(row);
}

/** Every subscription, enabled or not, by channel id. */
export function listSubscriptions(db: StateDatabase): Subscription[] {
  return db.prepare("SELECT * FROM subscriptions ORDER BY channel_id").all().map(subscriptionOf);
}

/** Creates or replaces a channel's subscription. */
export function saveSubscription(db: StateDatabase, s: Subscription): Subscription {
  db.prepare(
    `INSERT INTO subscriptions
       (channel_id, time, time_zone, weekdays, enabled, paused_reason, subscribed_by, active_since, updated_at)
     VALUES (@channelId, @time, @timeZone, @weekdays, @enabled, @pausedReason, @subscribedBy, @activeSince, @updatedAt)
     ON CONFLICT (channel_id) DO UPDATE SET
       time = excluded.time, time_zone = excluded.time_zone, weekdays = excluded.weekdays,
       enabled = excluded.enabled, paused_reason = excluded.paused_reason,
       subscribed_by = excluded.subscribed_by, active_since = excluded.active_since, updated_at = excluded.updated_at`,
  ).run({
    ...s,
    weekdays: JSON.stringify(s.weekdays),
    enabled: s.enabled ? 1 : 0,
    pausedReason: s.pausedReason ?? null,
  });
  return s;
}

/** Inserts only when the channel has no subscription row at all; true when it did. */
export function insertSubscriptionIfAbsent(db: StateDatabase, s: Subscription): boolean {
  return db.transaction(() => {
    if (readSubscription(db, s.channelId) !== undefined) return false;
    saveSubscription(db, s);
    return true;
  })();
}

export function disableSubscription(db: StateDatabase, channelId: string, at: number): boolean {
  return (
    db.prepare("UPDATE subscriptions SET enabled = 0, updated_at = ? WHERE channel_id = ?").run(at, channelId)
      .changes === 1
  );
}

/** Pauses an enabled subscription; false when it was already paused (so the caller tells people once). */
export function pauseSubscription(db: StateDatabase, channelId: string, reason: string, at: number): boolean {
  return (
    db
      .prepare(
        "UPDATE subscriptions SET paused_reason = ?, updated_at = ? WHERE channel_id = ? AND paused_reason IS NULL",
      )
      .run(reason, at, channelId).changes === 1
  );
}
