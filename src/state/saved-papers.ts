import { z } from "zod";
import type { StateDb } from "./schema.js";

/**
 * A paper on someone's reading list, with what it looked like when it was saved: a paper that leaves the
 * corpus is still listed (as gone) under the headline and authors the person saw.
 */
export interface SavedPaper {
  userId: string;
  paperId: string;
  savedAt: number;
  headline: string;
  /** The visible author line at save time ("A, B, C et al."). */
  authors: string;
  /** The profiled owners at save time. */
  owners: string[];
  abstract: string;
}

export interface SavedPapers {
  /** True when it was added, false when it was on the list already. */
  save(entry: SavedPaper): Promise<boolean>;
  remove(userId: string, paperId: string): Promise<boolean>;
  /** One person's list, newest first. */
  list(userId: string): Promise<SavedPaper[]>;
  count(userId: string): Promise<number>;
}

const rowSchema = z.object({
  user_id: z.string().min(1),
  paper_id: z.string().min(1),
  saved_at: z.number().int(),
  headline: z.string(),
  authors: z.string(),
  owners: z.string(),
  abstract: z.string(),
});
const ownersSchema = z.array(z.string());
const countSchema = z.object({ n: z.coerce.number().int() });

function savedPaperOf(row: unknown): SavedPaper {
  const r = rowSchema.parse(row);
  return {
    userId: r.user_id,
    paperId: r.paper_id,
    savedAt: r.saved_at,
    headline: r.headline,
    authors: r.authors,
    owners: ownersSchema.parse(JSON.parse(r.owners)),
    abstract: r.abstract,
  };
}

export function sqlSavedPapers(db: StateDb): SavedPapers {
  return {
    async save(s) {
      const result = await db
        .insertInto("saved_papers")
        .values({
          user_id: s.userId,
          paper_id: s.paperId,
          saved_at: s.savedAt,
          headline: s.headline,
          authors: s.authors,
          owners: JSON.stringify(s.owners),
          abstract: s.abstract,
        })
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
      return rows.map(savedPaperOf);
    },
    async count(userId) {
      const row = await db
        .selectFrom("saved_papers")
        .select((e) => e.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return countSchema.parse(row).n;
    },
  };
}
