import { z } from "zod";
import {
  addRecord,
  arxivIdIn,
  fieldText,
  type LibraryEntry,
  type LibraryRead,
  libraryEntry,
  yearIn,
} from "./library-entry.js";

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
  const written = record.authors_parsed?.length
    ? record.authors_parsed.map(([last = "", first = "", suffix = ""]) => `${first} ${last} ${suffix}`)
    : (record.authors ?? "").split(/\s*,\s*|\s+and\s+/);
  return written.map(fieldText).filter((name) => name.length > 0);
}

function entryOf(record: ArxivRecord, line: number): LibraryEntry {
  const arxivId = arxivIdIn(record.id) ?? record.id;
  const entry = libraryEntry(line, {
    title: fieldText(record.title),
    authors: authorsOf(record),
    abstract: fieldText(record.abstract ?? ""),
    arxivId,
    venue: record["journal-ref"] == null ? "arXiv" : fieldText(record["journal-ref"]),
    // The first version's date is when the paper appeared; update_date moves with every revision.
    year: yearIn(record.versions?.[0]?.created ?? record.update_date ?? undefined),
    doi: record.doi?.split(/\s+/)[0],
  });
  return { ...entry, url: `https://arxiv.org/abs/${encodeURI(arxivId)}` };
}

const RECORD_WORDS = { noun: "record", kind: "an arXiv metadata record", unit: "line" };

/** The papers of an arXiv metadata JSONL file, one record a line: a line that is not a record is skipped. */
export function parseArxivJsonlFile(fileName: string, source: string): LibraryRead {
  const read: LibraryRead = { entries: [], problems: [] };
  source.split("\n").forEach((text, at) => {
    if (text.trim().length === 0) return;
    const line = at + 1;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      read.problems.push({ file: fileName, line, message: "not a JSON record (cut short?); line skipped" });
      return;
    }
    addRecord(read, fileName, { raw, line }, arxivRecordSchema, entryOf, RECORD_WORDS);
  });
  return read;
}
