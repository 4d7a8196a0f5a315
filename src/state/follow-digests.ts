import { z } from "zod";
import { chunks } from "./database.js";
import type { FollowKind } from "./follows.js";
import { flagColumn, jsonColumn, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

/** The follows a digest lists papers under, and its papers in order, each naming the follows it matched. */
export interface DigestItems {
  follows: { kind: FollowKind; target: string; label: string }[];
  papers: { id: string; matched: number[] }[];
}

/** empty: every paper left the corpus before it went out; unknown: given up by an older Paperbot. */
export type DigestState = "pending" | "sent" | "failed" | "empty" | "unknown";

export interface Digest {
  id: string;
  userId: string;
  changeId: number;
  /** The local date it counts against in the daily cap. */
  day: string;
  createdAt: number;
  /** Held by the cap for the next day, or a back-off. */
  notBefore: number;
  state: DigestState;
  attempts: number;
  items: DigestItems;
  /** The last one the cap allows that day: the DM says so. */
  capReached: boolean;
  sentAt?: number;
}

export interface FollowDigests {
  /** Oldest first. */
  due(at: number, limit: number): Promise<Digest[]>;
  get(id: string): Promise<Digest | undefined>;
  /** Moves a pending digest on. */
  update(
    id: string,
    next: { state: DigestState; attempts?: number; notBefore?: number; sentAt?: number },
  ): Promise<void>;
}

const itemsSchema = z.object({
  follows: z.array(
    z.object({ kind: z.enum(["topic", "author"]), target: z.string().min(1), label: z.string() }),
  ),
  papers: z.array(z.object({ id: z.string().min(1), matched: z.array(z.number().int().min(0)) })),
});

const digestSchema: z.ZodType<Digest> = rowSchema({
  id: z.string().min(1),
  userId: z.string().min(1),
  changeId: z.number().int(),
  day: z.string(),
  createdAt: z.number().int(),
  notBefore: z.number().int(),
  state: z.enum(["pending", "sent", "failed", "empty", "unknown"]),
  attempts: z.number().int(),
  items: jsonColumn(itemsSchema),
  capReached: flagColumn,
  sentAt: z.number().int().optional(),
});

export const digestOf = (row: unknown): Digest => digestSchema.parse(row);

export async function insertDigests(tx: StateDb, digests: readonly Digest[]): Promise<void> {
  for (const part of chunks(digests, 30)) {
    await tx
      .insertInto("follow_digests")
      .values(
        part.map((d) => ({
          id: d.id,
          user_id: d.userId,
          change_id: d.changeId,
          day: d.day,
          created_at: d.createdAt,
          not_before: d.notBefore,
          state: d.state,
          attempts: d.attempts,
          items: JSON.stringify(d.items),
          cap_reached: d.capReached ? 1 : 0,
        })),
      )
      .execute();
  }
}

export function sqlFollowDigests(db: StateDb): FollowDigests {
  return {
    async due(at, limit) {
      const rows = await db
        .selectFrom("follow_digests")
        .selectAll()
        .where("state", "=", "pending")
        .where("not_before", "<=", at)
        .orderBy("not_before")
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(digestOf);
    },
    async get(id) {
      const row = await db.selectFrom("follow_digests").selectAll().where("id", "=", id).executeTakeFirst();
      return row === undefined ? undefined : digestOf(row);
    },
    async update(id, next) {
      await db
        .updateTable("follow_digests")
        .set({
          state: next.state,
          ...(next.attempts === undefined ? {} : { attempts: next.attempts }),
          ...(next.notBefore === undefined ? {} : { not_before: next.notBefore }),
          ...(next.sentAt === undefined ? {} : { sent_at: next.sentAt }),
        })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .execute();
    },
  };
}

/** Held items and newly planned ones as one list: follows merged by what they follow, papers appended. */
export function mergedItems(held: DigestItems, more: DigestItems): DigestItems {
  const follows = [...held.follows];
  const indexOf = new Map(follows.map((f, i) => [`${f.kind}:${f.target}`, i]));
  const remap = more.follows.map((f) => {
    const key = `${f.kind}:${f.target}`;
    const known = indexOf.get(key);
    if (known !== undefined) return known;
    follows.push(f);
    indexOf.set(key, follows.length - 1);
    return follows.length - 1;
  });
  const seen = new Set(held.papers.map((p) => p.id));
  const papers = [...held.papers];
  for (const paper of more.papers) {
    if (seen.has(paper.id)) continue;
    papers.push({ id: paper.id, matched: paper.matched.flatMap((i) => remap[i] ?? []) });
  }
  return { follows, papers };
}
