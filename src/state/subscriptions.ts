import { z } from "zod";
import type { SqlSession } from "./sql.js";

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

/** The channels' daily-post schedules. */
export interface Subscriptions {
  get(channelId: string): Promise<Subscription | undefined>;
  /** Every subscription, enabled or not, by channel id. */
  list(): Promise<Subscription[]>;
  /** Creates or replaces a channel's subscription. */
  save(subscription: Subscription): Promise<Subscription>;
  /** Inserts only when the channel has no subscription row at all; true when it did. */
  insertIfAbsent(subscription: Subscription): Promise<boolean>;
  /** False when the channel has no subscription. */
  disable(channelId: string, at: number): Promise<boolean>;
  /** Pauses an enabled subscription; false when it was already paused (so the caller tells people once). */
  pause(channelId: string, reason: string, at: number): Promise<boolean>;
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

const insertSql = `INSERT INTO subscriptions
  (channel_id, time, time_zone, weekdays, enabled, paused_reason, subscribed_by, active_since, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function valuesOf(s: Subscription) {
  return [
    s.channelId,
    s.time,
    s.timeZone,
    JSON.stringify(s.weekdays),
    s.enabled ? 1 : 0,
    s.pausedReason ?? null,
    s.subscribedBy,
    s.activeSince,
    s.updatedAt,
  ];
}

export function sqlSubscriptions(db: SqlSession): Subscriptions {
  return {
    async get(channelId) {
      const row = await db.get("SELECT * FROM subscriptions WHERE channel_id = ?", [channelId]);
      return row === undefined ? undefined : subscriptionOf(row);
    },
    async list() {
      return (await db.all("SELECT * FROM subscriptions ORDER BY channel_id")).map(subscriptionOf);
    },
    async save(s) {
      await db.run(
        `${insertSql}
         ON CONFLICT (channel_id) DO UPDATE SET
           time = excluded.time, time_zone = excluded.time_zone, weekdays = excluded.weekdays,
           enabled = excluded.enabled, paused_reason = excluded.paused_reason,
           subscribed_by = excluded.subscribed_by, active_since = excluded.active_since,
           updated_at = excluded.updated_at`,
        valuesOf(s),
      );
      return s;
    },
    async insertIfAbsent(s) {
      return (await db.run(`${insertSql} ON CONFLICT (channel_id) DO NOTHING`, valuesOf(s))) === 1;
    },
    async disable(channelId, at) {
      return (
        (await db.run("UPDATE subscriptions SET enabled = 0, updated_at = ? WHERE channel_id = ?", [
          at,
          channelId,
        ])) === 1
      );
    },
    async pause(channelId, reason, at) {
      return (
        (await db.run(
          "UPDATE subscriptions SET paused_reason = ?, updated_at = ? WHERE channel_id = ? AND paused_reason IS NULL",
          [reason, at, channelId],
        )) === 1
      );
    },
  };
}
