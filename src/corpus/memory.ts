import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
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
  /** The files this memory is kept in (beside memory.json), in `from`. */
  files: string[];
  /** The folder it was read from. */
  from?: string;
}

/** A memory that holds nothing: ids are worked out afresh. */
export const NO_MEMORY: CorpusMemory = {
  ids: new Map(),
  former: new Map(),
  papers: new Map(),
  lastGood: () => undefined,
  files: [],
};

const memorySchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  ids: z.array(z.tuple([z.string(), z.string()])),
  former: z.array(z.tuple([z.string(), z.string()])).default([]),
  papers: z.array(z.tuple([z.string(), z.number()])),
  /** Version 1: each file's last good bytes in a file of its own (name, that file, its digest). */
  kept: z.array(z.tuple([z.string(), z.string(), z.string()])).default([]),
  /** Version 2: the last good bytes of every file one after another in `pack` (name, offset, length). */
  pack: z.string().optional(),
  packed: z
    .array(z.tuple([z.string(), z.number().int().nonnegative(), z.number().int().nonnegative()]))
    .default([]),
});

/** Keys kept at most: the current papers' and those of papers removed since, so a paper put back keeps its id. */
const MAX_KEYS = 1_000_000;

const INDEX_FILE = "memory.json";
const PACK = /^kept-[0-9a-f]+\.pack$/;
/** A pack no memory names this long after a newer one was written was left by a write that stopped. */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;

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
  const { pack } = stored;
  const kept = new Map(stored.kept.map(([name, file]) => [name, file]));
  const packed = new Map(stored.packed.map(([name, offset, length]) => [name, { offset, length }]));
  return {
    from: dir,
    files: [...kept.values(), ...(pack === undefined ? [] : [pack])],
    ids: new Map(stored.ids),
    former: new Map(stored.former),
    papers: new Map(stored.papers),
    lastGood(name) {
      const file = kept.get(name);
      const range = packed.get(name);
      try {
        if (file !== undefined) return readFileSync(join(dir, file));
        return pack === undefined || range === undefined ? undefined : readRange(join(dir, pack), range);
      } catch {
        return undefined;
      }
    },
  };
}

function readRange(
  path: string,
  { offset, length }: { offset: number; length: number },
): Uint8Array | undefined {
  const fd = openSync(path, "r");
  try {
    const bytes = Buffer.alloc(length);
    return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
  } finally {
    closeSync(fd);
  }
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
 * Writes the memory of a load of `corpusDir` into its folder under `root`: the good files' bytes in one new pack (a
 * file each cost 4 s of creating files at 100,000 papers), then memory.json written aside and renamed into place;
 * what the previous memory was kept in is then removed.
 */
export function writeCorpusMemory(
  root: string,
  corpusDir: string,
  previous: CorpusMemory,
  remembered: Remembered,
): void {
  const dir = memoryDirOf(root, corpusDir);
  mkdirSync(dir, { recursive: true });
  const ids = new Map(remembered.ids);
  for (const [key, id] of previous.ids) {
    if (ids.size >= MAX_KEYS) break;
    if (!ids.has(key)) ids.set(key, id);
  }
  const asWas = remembered.keptAsWas.flatMap((name) => {
    const bytes = previous.lastGood(name);
    return bytes === undefined ? [] : [{ name, bytes }];
  });
  const pack = `kept-${randomBytes(8).toString("hex")}.pack`;
  const packed = writePack(join(dir, pack), [...remembered.good, ...asWas]);
  const stored: z.infer<typeof memorySchema> = {
    version: 2,
    ids: [...ids],
    former: [...remembered.former],
    papers: [...remembered.papers],
    kept: [],
    pack,
    packed,
  };
  writeAside(join(dir, INDEX_FILE), JSON.stringify(stored));
  if (previous.from !== undefined) {
    for (const file of previous.files) rmSync(join(previous.from, file), { force: true });
    if (previous.from !== dir) rmSync(join(previous.from, INDEX_FILE), { force: true });
  }
  removeOrphanPacks(dir, pack);
}

/** Files' bytes one after another in a new file: where each is. A full disk leaves no part of it. */
function writePack(path: string, files: readonly { name: string; bytes: Uint8Array }[]) {
  const fd = openSync(path, "wx");
  try {
    let offset = 0;
    const packed: [string, number, number][] = [];
    for (const { name, bytes } of files) {
      for (let written = 0; written < bytes.length; )
        written += writeSync(fd, bytes, written, bytes.length - written, offset + written);
      packed.push([name, offset, bytes.length]);
      offset += bytes.length;
    }
    closeSync(fd);
    return packed;
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
}

/** Packs left by a write that stopped before its memory.json (a crash, a full disk), once they are old. */
function removeOrphanPacks(dir: string, current: string): void {
  try {
    const now = statSync(join(dir, current)).mtimeMs;
    for (const name of readdirSync(dir)) {
      const stats = name !== current && PACK.test(name) ? statSync(join(dir, name)) : undefined;
      if (stats !== undefined && now - stats.mtimeMs > ORPHAN_AFTER_MS)
        rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Another load's write may take or remove them meanwhile: they are looked at again next time.
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
