import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { StateDb } from "./schema.js";

export interface RecentAnswer {
  value: string;
  at: number;
}

/** What "more", "the first one" and "who wrote that?" in a DM act on: one answer per person and conversation. */
export interface RecentAnswers {
  /** Also lets go of every answer expired by `at`. */
  put(userId: string, channelId: string, value: string, at: number, expiresAt: number): Promise<void>;
  get(userId: string, channelId: string, now: number): Promise<RecentAnswer | undefined>;
}

const rowSchema = z.object({ value: z.string(), at: z.coerce.number().int() });

export function sqlRecentAnswers(db: StateDb): RecentAnswers {
  return {
    async put(userId, channelId, value, at, expiresAt) {
      await db.deleteFrom("recent_answers").where("expires_at", "<=", at).execute();
      await db
        .insertInto("recent_answers")
        .values({ user_id: userId, channel_id: channelId, value, at, expires_at: expiresAt })
        .onConflict((c) =>
          c.columns(["user_id", "channel_id"]).doUpdateSet({ value, at, expires_at: expiresAt }),
        )
        .execute();
    },
    async get(userId, channelId, now) {
      const row = await db
        .selectFrom("recent_answers")
        .select(["value", "at"])
        .where("user_id", "=", userId)
        .where("channel_id", "=", channelId)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row === undefined ? undefined : rowSchema.parse(row);
    },
  };
}

// The least recently used goes first.
const MEMORY_ANSWERS = 10_000;

export function memoryRecentAnswers(): RecentAnswers {
  const answers = new LRUCache<string, RecentAnswer & { expiresAt: number }>({ max: MEMORY_ANSWERS });
  const keyOf = (userId: string, channelId: string) => `${userId}\u0000${channelId}`;
  return {
    async put(userId, channelId, value, at, expiresAt) {
      answers.set(keyOf(userId, channelId), { value, at, expiresAt });
    },
    async get(userId, channelId, now) {
      const kept = answers.get(keyOf(userId, channelId));
      return kept === undefined || kept.expiresAt <= now ? undefined : { value: kept.value, at: kept.at };
    },
  };
}

/** While the store cannot be reached, a follow-up still finds the answer this process gave. */
export function withMemoryFallback(store: RecentAnswers): RecentAnswers {
  const memory = memoryRecentAnswers();
  return {
    async put(userId, channelId, value, at, expiresAt) {
      await memory.put(userId, channelId, value, at, expiresAt);
      await store.put(userId, channelId, value, at, expiresAt);
    },
    async get(userId, channelId, now) {
      try {
        return await store.get(userId, channelId, now);
      } catch {
        return memory.get(userId, channelId, now);
      }
    },
  };
}
