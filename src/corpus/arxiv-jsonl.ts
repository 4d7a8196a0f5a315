import { z } from "zod";
import { arxivIdIn, boundedTitle, cleanDoi, fieldText, type LibraryEntry, yearIn } from "./library-entry.js";
import { firstIssueOf } from "./problem-schema.js";
import type { Problem } from "./types.js";

/** One line of arXiv's public metadata snapshot (arxiv-metadata-oai-snapshot.json): the fields a paper uses. */
const arxivRecordSchema = z.object({
  id: z.string().min(1),
  authors: z.string().nullish(),
  title: z.string(),
  "journal-ref": z.string().nullish(),
  doi: z.string().nullish(),
  abstract: z.string().nullish(),
  versions: z.array(z.object({ version: z.string(), created: z.string() })).nullish(),
  update_date: z.string().nullish(),
  authors_parsed: z.array(z.array(z.string())).nullish(),
});
type ArxivRecord = z.infer<typeof arxivRecordSchema>;

/** `authors_parsed` rows are [last, first, suffix]; without them, the `authors` line is split at commas and "and". */
function authorsOf(record: ArxivRecord): string[] {
  if (record.authors_parsed != null && record.authors_parsed.length > 0) {
    return record.authors_parsed
      .map(([last = "", first = "", suffix = ""]) => fieldText(`${first} ${last} ${suffix}`))
      .filter((name) => name.length > 0);
  }
  return (record.authors ?? "")
    .split(/\s*,\s*|\s+and\s+/)
    .map((name) => fieldText(name))
    .filter((name) => name.length > 0);
}

function entryOf(record: ArxivRecord, line: number): LibraryEntry {
  const notes: string[] = [];
  const arxivId = arxivIdIn(record.id) ?? record.id;
  const doi = cleanDoi(record.doi?.split(/\s+/)[0], notes);
  // The first version's date is when the paper appeared; update_date moves with every revision.
  const year = yearIn(record.versions?.[0]?.created ?? record.update_date ?? undefined);
  const venue = record["journal-ref"] == null ? "arXiv" : fieldText(record["journal-ref"]);
  return {
    line,
    title: boundedTitle(fieldText(record.title), notes),
    authors: authorsOf(record),
    etAl: false,
    abstract: fieldText(record.abstract ?? ""),
    arxivId,
    url: `https://arxiv.org/abs/${encodeURI(arxivId)}`,
    venue,
    year,
    doi,
    notes,
  };
}

/**
 * The papers of an arXiv metadata JSONL file, one record a line: a line that is not JSON or not a record is
 * skipped with its number; the others are read.
 */
export function parseArxivJsonlFile(
  fileName: string,
  source: string,
): { entries: LibraryEntry[]; problems: Problem[] } {
  const entries: LibraryEntry[] = [];
  const problems: Problem[] = [];
  const lines = source.split("\n");
  lines.forEach((text, at) => {
    if (text.trim().length === 0) return;
    const line = at + 1;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      problems.push({ file: fileName, line, message: "not a JSON record (cut short?); line skipped" });
      return;
    }
    const record = arxivRecordSchema.safeParse(raw);
    if (!record.success) {
      const where = firstIssueOf(record.error, "record");
      problems.push({ file: fileName, line, message: `not an arXiv metadata record${where}; line skipped` });
      return;
    }
    const entry = entryOf(record.data, line);
    for (const note of entry.notes) problems.push({ file: fileName, line, message: note });
    entries.push(entry);
  });
  return { entries, problems };
}
