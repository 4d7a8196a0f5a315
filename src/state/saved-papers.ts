import { z } from "zod";
import type { SqlSession } from "./sql.js";

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

export function sqlSavedPapers(db: SqlSession): SavedPapers {
  return {
    async save(s) {
      const changes = await db.run(
        `INSERT INTO saved_papers (user_id, paper_id, saved_at, headline, authors, owners, abstract)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, paper_id) DO NOTHING`,
        [s.userId, s.paperId, s.savedAt, s.headline, s.authors, JSON.stringify(s.owners), s.abstract],
      );
      return changes === 1;
    },
    async remove(userId, paperId) {
      return (
        (await db.run("DELETE FROM saved_papers WHERE user_id = ? AND paper_id = ?", [userId, paperId])) === 1
      );
    },
    async list(userId) {
      const rows = await db.all(
        "SELECT * FROM saved_papers WHERE user_id = ? ORDER BY saved_at DESC, paper_id",
        [userId],
      );
      return rows.map(savedPaperOf);
    },
    async count(userId) {
      return countSchema.parse(
        await db.get("SELECT COUNT(*) AS n FROM saved_papers WHERE user_id = ?", [userId]),
      ).n;
    },
  };
}
