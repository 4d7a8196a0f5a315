import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/** What the last load left in CACHE_DIR so a reload never makes things worse: ids, papers per file, good bytes. */
export interface CorpusMemory {
  /** Stable key → paper id. */
  ids: Map<string, string>;
  /** A paper id no paper has any more → a key of the paper that took its place. */
  former: Map<string, string>;
  /** File name → papers it gave at the last load. */
  papers: Map<string, number>;
  /** The last good bytes of a file, when kept. */
  lastGood(name: string): Uint8Array | undefined;
  /** File name → SHA-256 (hex) of its kept bytes. */
  digests: Map<string, string>;
}

/** A memory that holds nothing: ids are worked out afresh. */
export const NO_MEMORY: CorpusMemory = {
  ids: new Map(),
  former: new Map(),
  papers: new Map(),
  lastGood: () => undefined,
  digests: new Map(),
};

const memorySchema = z.object({
  version: z.literal(1),
  ids: z.array(z.tuple([z.string(), z.string()])),
  former: z.array(z.tuple([z.string(), z.string()])).default([]),
  papers: z.array(z.tuple([z.string(), z.number()])),
  kept: z.array(z.tuple([z.string(), z.string(), z.string()])),
});

/** Keys kept at most: the current papers' and those of papers removed since, so a paper put back keeps its id. */
const MAX_KEYS = 1_000_000;

const INDEX_FILE = "memory.json";
const keptName = (name: string) => createHash("sha256").update(name).digest("hex").slice(0, 32);

/** The memory kept in `dir`; an empty one when there is none or it cannot be read. */
export function readCorpusMemory(dir: string): CorpusMemory {
  let stored: z.infer<typeof memorySchema> | undefined;
  try {
    stored = memorySchema.parse(JSON.parse(readFileSync(join(dir, INDEX_FILE), "utf8")));
  } catch {
    stored = undefined;
  }
  const kept = new Map((stored?.kept ?? []).map(([name, file]) => [name, file]));
  const digests = new Map((stored?.kept ?? []).map(([name, , digest]) => [name, digest]));
  return {
    digests,
    ids: new Map(stored?.ids ?? []),
    former: new Map(stored?.former ?? []),
    papers: new Map(stored?.papers ?? []),
    lastGood(name) {
      const file = kept.get(name);
      if (file === undefined) return undefined;
      try {
        return readFileSync(join(dir, file));
      } catch {
        return undefined;
      }
    },
  };
}

/** What a load gives to remember: ids by key, papers by file, and the files read well (their bytes). */
export interface Remembered {
  ids: Map<string, string>;
  former: Map<string, string>;
  papers: Map<string, number>;
  good: { name: string; bytes: Uint8Array }[];
  /** Files whose last good bytes are kept as they were (served from memory this time). */
  keptAsWas: string[];
}

/** Writes the memory of a load into `dir` (each file written aside and renamed into place). */
export function writeCorpusMemory(dir: string, previous: CorpusMemory, remembered: Remembered): void {
  mkdirSync(dir, { recursive: true });
  const ids = new Map(remembered.ids);
  for (const [key, id] of previous.ids) {
    if (ids.size >= MAX_KEYS) break;
    if (!ids.has(key)) ids.set(key, id);
  }
  const kept: [string, string, string][] = [];
  for (const { name, bytes } of remembered.good) {
    const file = keptName(name);
    const digest = createHash("sha256").update(bytes).digest("hex");
    // An unchanged file is not written again.
    if (previous.digests.get(name) !== digest) writeAside(join(dir, file), bytes);
    kept.push([name, file, digest]);
  }
  for (const name of remembered.keptAsWas) {
    const digest = previous.digests.get(name);
    if (digest !== undefined) kept.push([name, keptName(name), digest]);
  }
  const stored: z.infer<typeof memorySchema> = {
    version: 1,
    ids: [...ids],
    former: [...remembered.former],
    papers: [...remembered.papers],
    kept,
  };
  writeAside(join(dir, INDEX_FILE), JSON.stringify(stored));
}

function writeAside(path: string, data: Uint8Array | string): void {
  const aside = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(aside, data);
    renameSync(aside, path);
  } catch (error) {
    // A full disk keeps no half-written file.
    rmSync(aside, { force: true });
    throw error;
  }
}
