import { z } from "zod";
import type { SqlSession } from "./sql.js";

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

export function sqlFollows(db: SqlSession): Follows {
  return {
    async add(f) {
      const changes = await db.run(
        `INSERT INTO follows (user_id, kind, target, label, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, kind, target) DO NOTHING`,
        [f.userId, f.kind, f.target, f.label, f.createdAt],
      );
      return changes === 1;
    },
    async remove(userId, kind, target) {
      const changes = await db.run("DELETE FROM follows WHERE user_id = ? AND kind = ? AND target = ?", [
        userId,
        kind,
        target,
      ]);
      return changes === 1;
    },
    async list(userId) {
      const rows = await db.all(
        "SELECT * FROM follows WHERE user_id = ? ORDER BY created_at DESC, kind, target",
        [userId],
      );
      return rows.map(followOf);
    },
    async count(userId) {
      return countSchema.parse(await db.get("SELECT COUNT(*) AS n FROM follows WHERE user_id = ?", [userId]))
        .n;
    },
    async all() {
      return (await db.all("SELECT * FROM follows ORDER BY user_id, created_at")).map(followOf);
    },
  };
}
