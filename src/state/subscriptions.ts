import { z } from "zod";
import { flagColumn, jsonColumn, rowSchema } from "./rows.js";
import type { StateDb, StateTables } from "./schema.js";

export interface Subscription {
  channelId: string;
  /** "HH:MM", local to timeZone. */
  time: string;
  timeZone: string;
  /** ISO weekdays 1 (Mon) .. 7 (Sun), ascending. */
  weekdays: number[];
  enabled: boolean;
  /** Why posting stopped (e.g. "not_in_channel"). */
  pausedReason?: string;
  subscribedBy: string;
  /** Runs scheduled before this are never posted (no surprise post on subscribing). */
  activeSince: number;
  updatedAt: number;
}

export interface Subscriptions {
  get(channelId: string): Promise<Subscription | undefined>;
  /** Enabled or not, by channel id. */
  list(): Promise<Subscription[]>;
  save(subscription: Subscription): Promise<Subscription>;
  insertIfAbsent(subscription: Subscription): Promise<boolean>;
  disable(channelId: string, at: number): Promise<boolean>;
  /** False when it was already paused (so the caller tells people once). */
  pause(channelId: string, reason: string, at: number): Promise<boolean>;
}

const subscriptionSchema: z.ZodType<Subscription> = rowSchema({
  channelId: z.string().min(1),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  timeZone: z.string().min(1),
  weekdays: jsonColumn(z.array(z.number().int().min(1).max(7)).min(1)),
  enabled: flagColumn,
  pausedReason: z.string().optional(),
  subscribedBy: z.string(),
  activeSince: z.number().int(),
  updatedAt: z.number().int(),
});
const subscriptionOf = (row: unknown) => subscriptionSchema.parse(row);

function rowOf(s: Subscription): StateTables["subscriptions"] {
  return {
    channel_id: s.channelId,
    time: s.time,
    time_zone: s.timeZone,
    weekdays: JSON.stringify(s.weekdays),
    enabled: s.enabled ? 1 : 0,
    paused_reason: s.pausedReason ?? null,
    subscribed_by: s.subscribedBy,
    active_since: s.activeSince,
    updated_at: s.updatedAt,
  };
}

export function sqlSubscriptions(db: StateDb): Subscriptions {
  return {
    async get(channelId) {
      const row = await db
        .selectFrom("subscriptions")
        .selectAll()
        .where("channel_id", "=", channelId)
        .executeTakeFirst();
      return row === undefined ? undefined : subscriptionOf(row);
    },
    async list() {
      return (await db.selectFrom("subscriptions").selectAll().orderBy("channel_id").execute()).map(
        subscriptionOf,
      );
    },
    async save(s) {
      const { channel_id: _, ...columns } = rowOf(s);
      await db
        .insertInto("subscriptions")
        .values(rowOf(s))
        .onConflict((c) => c.column("channel_id").doUpdateSet(columns))
        .execute();
      return s;
    },
    async insertIfAbsent(s) {
      const result = await db
        .insertInto("subscriptions")
        .values(rowOf(s))
        .onConflict((c) => c.column("channel_id").doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },
    async disable(channelId, at) {
      const result = await db
        .updateTable("subscriptions")
        .set({ enabled: 0, updated_at: at })
        .where("channel_id", "=", channelId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async pause(channelId, reason, at) {
      const result = await db
        .updateTable("subscriptions")
        .set({ paused_reason: reason, updated_at: at })
        .where("channel_id", "=", channelId)
        .where("paused_reason", "is", null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
