import { z } from "zod";
import type { SavedEntry } from "../bot/reply.js";
import { addPersonRow, countPersonRows, jsonColumn, personRows, removePersonRow, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

/**
 * A paper on someone's reading list, with what it looked like when it was saved: a paper that leaves the
 * corpus is still listed (as gone) under the headline and authors the person saw.
 */
export interface SavedPaper extends SavedEntry {
  userId: string;
}

export interface SavedPapers {
  /** True when it was added, false when it was on the list already. */
  save(entry: SavedPaper): Promise<boolean>;
  remove(userId: string, paperId: string): Promise<boolean>;
  /** One person's list, newest first. */
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
  return {
    save: (s) =>
      addPersonRow(
        db,
        "saved_papers",
        {
          user_id: s.userId,
          paper_id: s.paperId,
          saved_at: s.savedAt,
          headline: s.headline,
          authors: s.authors,
          owners: JSON.stringify(s.owners),
          abstract: s.abstract,
        },
        ["user_id", "paper_id"],
      ),
    remove: (userId, paperId) => removePersonRow(db, "saved_papers", userId, { paper_id: paperId }),
    async list(userId) {
      const order = [
        ["saved_at", "desc"],
        ["paper_id", "asc"],
      ] as const;
      return (await personRows(db, "saved_papers", userId, order)).map((row) => savedPaperSchema.parse(row));
    },
    count: (userId) => countPersonRows(db, "saved_papers", userId),
  };
}
