import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateSyntheticCorpus } from "./synthetic/corpus.js";
import type { QuerySet } from "./synthetic/query-set.js";

export const DEFAULT_SOURCES_DIR = fileURLToPath(new URL("../seeds/", import.meta.url));

/** The abstracts of a seeds-format folder: every paragraph of 25 words or more. */
export function readSourceAbstracts(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const text = readFileSync(join(dir, name), "utf8").replace(/\r\n?/g, "\n");
    for (const paragraph of text.split(/\n\s*\n/)) {
      if (paragraph.split(/\s+/).length >= 25) out.push(paragraph.trim());
    }
  }
  if (out.length === 0) throw new Error(`no abstracts found in ${dir}`);
  return out;
}

/** Where the query set of a corpus folder is written: beside the folder, not inside it. */
export function queriesPathFor(corpusDir: string): string {
  return `${corpusDir.replace(/\/+$/, "")}.queries.json`;
}

export interface WrittenCorpus {
  dir: string;
  queriesPath: string;
  files: number;
  papers: number;
  entries: number;
  bytes: number;
}

/** Generates a corpus and writes it: author files into `dir` (emptied of .txt files first) and the query set beside it. */
export async function writeSyntheticCorpus(options: {
  dir: string;
  papers: number;
  seed: string;
  sourcesDir?: string;
  queriesPerKind?: number;
}): Promise<WrittenCorpus> {
  const corpus = generateSyntheticCorpus({
    papers: options.papers,
    seed: options.seed,
    sources: readSourceAbstracts(options.sourcesDir ?? DEFAULT_SOURCES_DIR),
    ...(options.queriesPerKind === undefined ? {} : { queriesPerKind: options.queriesPerKind }),
  });
  mkdirSync(options.dir, { recursive: true });
  for (const name of readdirSync(options.dir)) {
    if (name.endsWith(".txt")) rmSync(join(options.dir, name));
  }
  let bytes = 0;
  let next = 0;
  // many writes in flight: opening thousands of files one by one is what made writing slow
  const writer = async (): Promise<void> => {
    for (let file = corpus.files[next++]; file !== undefined; file = corpus.files[next++]) {
      const data = Buffer.from(file.text, "utf8");
      bytes += data.length;
      await writeFile(join(options.dir, file.name), data);
    }
  };
  await Promise.all(Array.from({ length: 32 }, writer));
  const queriesPath = queriesPathFor(options.dir);
  writeFileSync(queriesPath, `${JSON.stringify(corpus.queries, null, 1)}\n`);
  return {
    dir: options.dir,
    queriesPath,
    files: corpus.files.length,
    papers: corpus.papers,
    entries: corpus.entries,
    bytes,
  };
}

/** A query set written by `writeSyntheticCorpus`, checked loosely (it is our own file). */
export function readQuerySet(path: string): QuerySet {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as QuerySet;
  if (!Array.isArray(parsed.knownItem) || !Array.isArray(parsed.topic) || !Array.isArray(parsed.author)) {
    throw new Error(`${path} is not a query set`);
  }
  return parsed;
}
