import { z } from "zod";
import type { SavedEntry } from "../bot/reply.js";
import { countOf, jsonColumn, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

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

const savedPaperSchema: z.ZodType<SavedPaper> = rowSchema({
  userId: z.string().min(1),
  paperId: z.string().min(1),
  savedAt: z.number().int(),
  headline: z.string(),
  authors: z.string(),
  owners: jsonColumn(z.array(z.string())),
  abstract: z.string(),
});

export function sqlSavedPapers(db: StateDb): SavedPapers {
  const mine = (userId: string) => db.selectFrom("saved_papers").where("user_id", "=", userId);
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
      const rows = await mine(userId).selectAll().orderBy("saved_at", "desc").orderBy("paper_id").execute();
      return rows.map((row) => savedPaperSchema.parse(row));
    },
    count: async (userId) =>
      countOf(
        await mine(userId)
          .select((e) => e.fn.countAll().as("n"))
          .executeTakeFirst(),
      ),
  };
}
