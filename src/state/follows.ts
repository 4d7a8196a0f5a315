import { z } from "zod";
import { addPersonRow, countPersonRows, personRows, removePersonRow, rowSchema } from "./rows.js";
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

const followSchema: z.ZodType<Follow> = rowSchema({
  userId: z.string().min(1),
  kind: z.enum(["topic", "author"]),
  target: z.string().min(1),
  label: z.string(),
  createdAt: z.number().int(),
});
const followOf = (row: unknown) => followSchema.parse(row);

export function sqlFollows(db: StateDb): Follows {
  return {
    add: (f) =>
      addPersonRow(
        db,
        "follows",
        { user_id: f.userId, kind: f.kind, target: f.target, label: f.label, created_at: f.createdAt },
        ["user_id", "kind", "target"],
      ),
    remove: (userId, kind, target) => removePersonRow(db, "follows", userId, { kind, target }),
    async list(userId) {
      const order = [
        ["created_at", "desc"],
        ["kind", "asc"],
        ["target", "asc"],
      ] as const;
      return (await personRows(db, "follows", userId, order)).map(followOf);
    },
    count: (userId) => countPersonRows(db, "follows", userId),
    async all() {
      return (
        await db.selectFrom("follows").selectAll().orderBy("user_id").orderBy("created_at").execute()
      ).map(followOf);
    },
  };
}
