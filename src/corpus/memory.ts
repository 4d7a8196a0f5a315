import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
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
  /** The folder it was read from. */
  from?: string;
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

/**
 * Where the memory of the corpus folder `corpusDir` is kept under `root`: a folder of its own, so a CLI run over
 * another folder with the same CACHE_DIR never takes that folder's files for this one's.
 */
export const memoryDirOf = (root: string, corpusDir: string) =>
  join(root, createHash("sha256").update(resolve(corpusDir)).digest("hex").slice(0, 16));

/**
 * The memory of the corpus folder `corpusDir` kept under `root`; before it has one, the memory an older version kept
 * in `root` itself (one for all folders); an empty one when there is none or it cannot be read.
 */
export function readCorpusMemory(root: string, corpusDir: string): CorpusMemory {
  const own = readMemoryIn(memoryDirOf(root, corpusDir));
  return own.from !== undefined ? own : readMemoryIn(root);
}

function readMemoryIn(dir: string): CorpusMemory {
  let stored: z.infer<typeof memorySchema>;
  try {
    stored = memorySchema.parse(JSON.parse(readFileSync(join(dir, INDEX_FILE), "utf8")));
  } catch {
    return NO_MEMORY;
  }
  const kept = new Map(stored.kept.map(([name, file]) => [name, file]));
  const digests = new Map(stored.kept.map(([name, , digest]) => [name, digest]));
  return {
    from: dir,
    digests,
    ids: new Map(stored.ids),
    former: new Map(stored.former),
    papers: new Map(stored.papers),
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

/**
 * Writes the memory of a load of `corpusDir` into its folder under `root` (each file written aside and renamed into
 * place); a memory taken over from an older version's place is then removed from there.
 */
export function writeCorpusMemory(
  root: string,
  corpusDir: string,
  previous: CorpusMemory,
  remembered: Remembered,
): void {
  const dir = memoryDirOf(root, corpusDir);
  const moved = previous.from !== undefined && previous.from !== dir;
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
    if (moved || previous.digests.get(name) !== digest) writeAside(join(dir, file), bytes);
    kept.push([name, file, digest]);
  }
  for (const name of remembered.keptAsWas) {
    const digest = previous.digests.get(name);
    const bytes = moved ? previous.lastGood(name) : undefined;
    if (bytes !== undefined) writeAside(join(dir, keptName(name)), bytes);
    if (digest !== undefined && (!moved || bytes !== undefined)) kept.push([name, keptName(name), digest]);
  }
  const stored: z.infer<typeof memorySchema> = {
    version: 1,
    ids: [...ids],
    former: [...remembered.former],
    papers: [...remembered.papers],
    kept,
  };
  writeAside(join(dir, INDEX_FILE), JSON.stringify(stored));
  if (moved && previous.from !== undefined) {
    for (const name of previous.digests.keys()) rmSync(join(previous.from, keptName(name)), { force: true });
    rmSync(join(previous.from, INDEX_FILE), { force: true });
  }
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
