import { z } from "zod";
import type { SavedEntry } from "../bot/reply.js";
import { jsonColumn, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

// What each person keeps: what they follow, and their reading list.

export type FollowKind = "topic" | "author";

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

/** A saved paper as it looked then: one that leaves the corpus is still listed under what the person saw. */
export interface SavedPaper extends SavedEntry {
  userId: string;
}

export interface SavedPapers {
  /** False when it was on the list already. */
  save(entry: SavedPaper): Promise<boolean>;
  remove(userId: string, paperId: string): Promise<boolean>;
  /** Newest first. */
  list(userId: string): Promise<SavedPaper[]>;
  count(userId: string): Promise<number>;
}

const followSchema: z.ZodType<Follow> = rowSchema({
  userId: z.string().min(1),
  kind: z.enum(["topic", "author"]),
  target: z.string().min(1),
  label: z.string(),
  createdAt: z.number().int(),
});
const followOf = (row: unknown) => followSchema.parse(row);

const savedPaperSchema: z.ZodType<SavedPaper> = rowSchema({
  userId: z.string().min(1),
  paperId: z.string().min(1),
  savedAt: z.number().int(),
  headline: z.string(),
  authors: z.string(),
  owners: jsonColumn(z.array(z.string())),
  abstract: z.string(),
});

// PostgreSQL reads COUNT(*) as a string.
const countSchema = z.object({ n: z.coerce.number().int() });

async function countOf(db: StateDb, table: "follows" | "saved_papers", userId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .where("user_id", "=", userId)
    .select((e) => e.fn.countAll().as("n"))
    .executeTakeFirst();
  return countSchema.parse(row).n;
}

export function sqlFollows(db: StateDb): Follows {
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
    count: (userId) => countOf(db, "follows", userId),
    async all() {
      return (
        await db.selectFrom("follows").selectAll().orderBy("user_id").orderBy("created_at").execute()
      ).map(followOf);
    },
  };
}

export function sqlSavedPapers(db: StateDb): SavedPapers {
  return {
    async save(s) {
      const row = {
        user_id: s.userId,
        paper_id: s.paperId,
        saved_at: s.savedAt,
        headline: s.headline,
        authors: s.authors,
        owners: JSON.stringify(s.owners),
        abstract: s.abstract,
      };
      const result = await db
        .insertInto("saved_papers")
        .values(row)
        .onConflict((c) => c.columns(["user_id", "paper_id"]).doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },
    async remove(userId, paperId) {
      const result = await db
        .deleteFrom("saved_papers")
        .where("user_id", "=", userId)
        .where("paper_id", "=", paperId)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },
    async list(userId) {
      const rows = await db
        .selectFrom("saved_papers")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("saved_at", "desc")
        .orderBy("paper_id")
        .execute();
      return rows.map((row) => savedPaperSchema.parse(row));
    },
    count: (userId) => countOf(db, "saved_papers", userId),
  };
}
