import { z } from "zod";
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
  /** True when it was added, false when the person already followed it. */
  add(follow: Follow): Promise<boolean>;
  remove(userId: string, kind: FollowKind, target: string): Promise<boolean>;
  /** One person's follows, newest first. */
  list(userId: string): Promise<Follow[]>;
  count(userId: string): Promise<number>;
  /** Everyone's follows (the announcement plans over them). */
  all(): Promise<Follow[]>;
}

const rowSchema = z.object({
  user_id: z.string().min(1),
  kind: z.enum(["topic", "author"]),
  target: z.string().min(1),
  label: z.string(),
  created_at: z.number().int(),
});
const countSchema = z.object({ n: z.coerce.number().int() });

function followOf(row: unknown): Follow {
  const r = rowSchema.parse(row);
  return { userId: r.user_id, kind: r.kind, target: r.target, label: r.label, createdAt: r.created_at };
}

export function sqlFollows(db: StateDb): Follows {
  return {
    async add(f) {
      const result = await db
        .insertInto("follows")
        .values({
          user_id: f.userId,
          kind: f.kind,
          target: f.target,
          label: f.label,
          created_at: f.createdAt,
        })
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
      const rows = await db
        .selectFrom("follows")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .orderBy("kind")
        .orderBy("target")
        .execute();
      return rows.map(followOf);
    },
    async count(userId) {
      const row = await db
        .selectFrom("follows")
        .select((e) => e.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return countSchema.parse(row).n;
    },
    async all() {
      return (
        await db.selectFrom("follows").selectAll().orderBy("user_id").orderBy("created_at").execute()
      ).map(followOf);
    },
  };
}
