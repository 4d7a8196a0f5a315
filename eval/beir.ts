import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";
import { buildCorpus } from "../src/corpus/build.js";
import type { Corpus } from "../src/corpus/types.js";

/** A BEIR test set (corpus, queries, graded judgments) as the project's loader reads it. */
export interface BeirSet {
  name: string;
  corpus: Corpus;
  /** Test queries that have at least one judgment, in the order of queries.jsonl. */
  queries: { id: string; text: string }[];
  /** query id → doc id → grade. */
  qrels: Map<string, Map<string, number>>;
  /** paper id → the BEIR doc ids it was read from (the loader merges docs with the same abstract). */
  docIdsOf: Map<string, string[]>;
  /** Docs the loader did not turn into a paper (should be none). */
  unread: number;
}

/** SHA-256 of the unzipped files, from the SOURCES.md beside them. */
const CHECKSUMS: Record<string, { corpus: string; queries: string; qrels: string }> = {
  scifact: {
    corpus: "dec31c8182f3d744c7d2c09423756fd1d17cbef75808db13ba01cc0aab4d1ac6",
    queries: "8ff84a7c903f722981cd8d595c022660140c51867b27608a6d4910db86080313",
    qrels: "0864bb985e0ca2367ba217977e72004d549054b2b06666ed9d4825ac7c21284c",
  },
  nfcorpus: {
    corpus: "9127e0e7f4f89587540be1f1f350eec2a5bc203253f70517b8f34557a71e24ba",
    queries: "d024e6621b84925d485ae473d316a0c3af31c62c8068a59fb29d22f7613aef2a",
    qrels: "f8fba6ef3d4dd9c3a242a8ba4ae38276fc3622fce7dcbae764766d564542fd2a",
  },
};

export const BEIR_SETS = Object.keys(CHECKSUMS);

const docSchema = z.object({ _id: z.string().min(1), title: z.string(), text: z.string() });
const querySchema = z.object({ _id: z.string().min(1), text: z.string() });

function checkedText(path: string, want: string): string {
  const raw = readFileSync(path);
  const bytes = path.endsWith(".gz") ? gunzipSync(raw) : raw;
  const got = createHash("sha256").update(bytes).digest("hex");
  if (got !== want) throw new Error(`${path}: SHA-256 ${got} is not the ${want} of SOURCES.md`);
  return bytes.toString("utf8");
}

function jsonLines<T>(text: string, schema: z.ZodType<T>): T[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => schema.parse(JSON.parse(line)));
}

/**
 * Reads `<dir>/<name>/` (checksums verified) and feeds its docs through the project's loader as one CSL-JSON export
 * (title and abstract, no authors). Only test queries with judgments are kept.
 */
export function readBeirSet(dir: string, name: string): BeirSet {
  const sums = CHECKSUMS[name];
  if (sums === undefined) throw new Error(`unknown BEIR set ${name} (known: ${BEIR_SETS.join(", ")})`);
  const at = (file: string) => join(dir, name, file);
  const docs = jsonLines(checkedText(at("corpus.jsonl.gz"), sums.corpus), docSchema);
  const allQueries = jsonLines(checkedText(at("queries.jsonl.gz"), sums.queries), querySchema);
  const qrels = new Map<string, Map<string, number>>();
  for (const row of checkedText(at("qrels-test.tsv"), sums.qrels).split(/\r?\n/).slice(1)) {
    const [queryId, docId, grade] = row.split("\t");
    if (queryId === undefined || docId === undefined || grade === undefined) continue;
    const judged = qrels.get(queryId) ?? new Map<string, number>();
    judged.set(docId, Number(grade));
    qrels.set(queryId, judged);
  }

  // One CSL-JSON export (as Zotero writes one), an item a line: the title as a title, the text as the abstract.
  const fileName = `${name}.json`;
  const docAtLine = new Map<number, string>();
  const items = docs.map((doc, at) => {
    docAtLine.set(at + 2, doc._id);
    return JSON.stringify({ id: doc._id, type: "article-journal", title: doc.title, abstract: doc.text });
  });
  const lines = ["[", items.join(",\n"), "]"];
  const corpus = buildCorpus([{ name: fileName, bytes: Buffer.from(lines.join("\n"), "utf8") }]);

  const docIdsOf = new Map<string, string[]>();
  let read = 0;
  for (const paper of corpus.papers) {
    const ids = paper.sources.flatMap((source) => {
      const id = source.file === fileName ? docAtLine.get(source.line) : undefined;
      return id === undefined ? [] : [id];
    });
    read += ids.length;
    docIdsOf.set(paper.id, ids);
  }
  const queries = allQueries
    .filter((query) => qrels.has(query._id))
    .map((query) => ({ id: query._id, text: query.text }));
  return { name, corpus, queries, qrels, docIdsOf, unread: docs.length - read };
}
