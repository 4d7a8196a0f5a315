import { z } from "zod";
import { countOf, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

export type FollowKind = "topic" | "author";

/** What one person follows: a topic (its folded words) or an author (their person key). */
export interface Follow {
  userId: string;
  kind: FollowKind;
  /** Folded topic words ("reward models"), or a person key ("enyuzhou"). */
  target: string;
  /** As the person typed the topic, or the author's display name. */
  label: string;
  createdAt: number;
}

export interface Follows {
  /** False when the person already followed it. */
  add(follow: Follow): Promise<boolean>;
  remove(userId: string, kind: FollowKind, target: string): Promise<boolean>;
  /** Newest first. */
  list(userId: string): Promise<Follow[]>;
  count(userId: string): Promise<number>;
  all(): Promise<Follow[]>;
}

const followSchema: z.ZodType<Follow> = rowSchema({
  userId: z.string().min(1),
  kind: z.enum(["topic", "author"]),
  target: z.string().min(1),
  label: z.string(),
  createdAt: z.number().int(),
});
const followOf = (row: unknown) => followSchema.parse(row);

export function sqlFollows(db: StateDb): Follows {
  const mine = (userId: string) => db.selectFrom("follows").where("user_id", "=", userId);
  return {
    async add(f) {
      const row = {
        user_id: f.userId,
        kind: f.kind,
        target: f.target,
        label: f.label,
        created_at: f.createdAt,
      };
      const result = await db
        .insertInto("follows")
        .values(row)
        .onConflict((c) => c.columns(["user_id", "kind", "target"]).doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },
    async remove(userId, kind, target) {
      const result = await db
        .deleteFrom("follows")
        .where("user_id", "=", userId)
        .where("kind", "=", kind)
        .where("target", "=", target)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    async list(userId) {
      const rows = await mine(userId)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("kind")
        .orderBy("target")
        .execute();
      return rows.map(followOf);
    },
    count: async (userId) =>
      countOf(
        await mine(userId)
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirst(),
      ),
    async all() {
      return (
        await db.selectFrom("follows").selectAll().orderBy("user_id").orderBy("created_at").execute()
      ).map(followOf);
    },
  };
}
