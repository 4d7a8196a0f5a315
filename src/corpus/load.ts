import type { Dirent, Stats } from "node:fs";
import { statSync } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import { buildCorpus, type FileParse, readCorpusRemembering } from "./build.js";
import { MEMBERS_FILE_NAMES } from "./members.js";
import { NO_MEMORY, readCorpusMemory, writeCorpusMemory } from "./memory.js";
import { byCodePoint } from "./names.js";
import type { Corpus, CorpusFile, CorpusRead, Problem } from "./types.js";

/** The corpus cannot be used at all: the folder is missing or unreadable, or it holds no valid paper. */
export class CorpusError extends Error {
  override readonly name = "CorpusError";

  constructor(
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/** Hidden files and editor backups or lock files ("~", "#…#", ".swp", ".bak"): passed over without a word. */
function isHiddenOrBackupName(name: string): boolean {
  return /^[.#~]|~|\.(?:bak|swp|swo|tmp|orig)$/i.test(name);
}

/** What the corpus folder reads: author files (.txt), BibTeX (.bib), CSL-JSON (.json), arXiv JSONL (.jsonl). */
const CORPUS_EXTENSIONS = /\.(?:txt|bib|json|jsonl)$/i;

/** A corpus file is a visible author file, export or members.yml that is not an editor backup. */
function isAuthorFileName(name: string): boolean {
  if (isHiddenOrBackupName(name)) return false;
  return CORPUS_EXTENSIONS.test(name) || MEMBERS_FILE_NAMES.includes(name.toLowerCase());
}

export const IGNORED_FILE_MESSAGE =
  "not a corpus file (.txt, .bib, .json, .jsonl and members.yml are read); ignored";

function folderMessage(dir: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return `The corpus folder ${dir} does not exist.`;
  if (code === "ENOTDIR") return `The corpus path ${dir} is not a folder.`;
  if (code === "EACCES" || code === "EPERM")
    return `The corpus folder ${dir} cannot be read (permission denied).`;
  return `The corpus folder ${dir} cannot be read (${code ?? String(error)}).`;
}

/** The corpus files of a folder, sorted by name, with what was passed over: the one reader of the corpus on disk. */
export async function readCorpusFiles(
  dir: string,
): Promise<{ files: CorpusFile[]; ignored: string[]; problems: Problem[] }> {
  // Kept as long as the files are: their memory goes at a collection.
  const { files, ignored, problems } = await readCorpusFolder(dir, (name, bytes) => ({ name, bytes }));
  return { files, ignored, problems };
}

/** What the file system says of a file: `signature` changes whenever its bytes may have. */
export interface FileStamp {
  signature: string;
  /** When the file (its bytes or its metadata) last changed, in milliseconds since the epoch. */
  changedMs: number;
}

function stampOf(stats: Stats): FileStamp {
  // ctime moves with every write and cannot be set back, unlike mtime.
  return {
    signature: `${stats.size}:${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.ctimeMs}`,
    changedMs: Math.max(stats.mtimeMs, stats.ctimeMs),
  };
}

/**
 * Room for files' bytes in slabs of 64 MB: above glibc's largest mmap threshold, so a slab goes back to the system
 * once no file of it is held. A buffer a file stayed in this process's malloc heap after the build was done.
 */
const SLAB_BYTES = 64 * 1024 * 1024;

/** Room for files' bytes, and its release: every byte given out is gone at once, not at the next collection. */
function slabRoom(): { room: (size: number) => Buffer; release: () => void } {
  const slabs: ArrayBuffer[] = [];
  let slab = Buffer.allocUnsafe(0);
  let used = 0;
  const room = (size: number) => {
    if (size > SLAB_BYTES / 4 || used + size > slab.length) {
      slab = Buffer.allocUnsafe(Math.max(size, SLAB_BYTES));
      slabs.push(slab.buffer);
      used = 0;
    }
    used += size;
    return slab.subarray(used - size, used);
  };
  // Transferred into a message nobody receives: the memory goes with the closed ports. V8 would keep it until a
  // major collection, which an idle bot may not have for hours.
  const release = () => {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(null, slabs.splice(0));
    port1.close();
    port2.close();
  };
  return { room, release };
}

/** What `take` makes of each corpus file (bytes and stamp) of a folder; it may keep a digest and drop the bytes. */
export function readCorpusFolder<T>(
  dir: string,
  take: (name: string, bytes: Uint8Array, stamp: FileStamp) => T,
): Promise<{ files: T[]; ignored: string[]; problems: Problem[]; release: () => void }> {
  const { room, release } = slabRoom();
  const read = scanCorpusFolder(dir, async (path, name) => {
    const handle = await open(path, "r");
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return undefined;
      const bytes = room(stats.size);
      const { bytesRead } = stats.size === 0 ? { bytesRead: 0 } : await handle.read(bytes, 0, stats.size, 0);
      // A file that grew since its stat is read whole on its own.
      const grew =
        bytesRead === stats.size && (await handle.read(Buffer.alloc(1), 0, 1, stats.size)).bytesRead > 0;
      return take(name, grew ? await handle.readFile() : bytes.subarray(0, bytesRead), stampOf(stats));
    } finally {
      await handle.close();
    }
  });
  return read.then((result) => ({ ...result, release }));
}

/** The stamps of the author files of a folder, without reading them; same order and same passing over. */
export function statCorpusFolder(
  dir: string,
): Promise<{ files: (FileStamp & { name: string })[]; ignored: string[]; problems: Problem[] }> {
  return scanCorpusFolder(dir, async (path, name) => {
    // Synchronous: each asynchronous stat costs the main thread far more than the stat (12,500 files: 1 s vs 0.1 s).
    const stats = statSync(path);
    return stats.isFile() ? { name, ...stampOf(stats) } : undefined;
  });
}

/** What `visit` makes of each author file (undefined: not a regular file after all), a few at a time. */
async function scanCorpusFolder<T>(
  dir: string,
  visit: (path: string, name: string) => Promise<T | undefined>,
): Promise<{ files: T[]; ignored: string[]; problems: Problem[] }> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new CorpusError(folderMessage(dir, error));
  }
  const names = entries.sort((a, b) => byCodePoint(a.name, b.name));
  const outcomes = new Array<FileOutcome<T>>(names.length);
  let next = 0;
  // A few reads in flight at once: thousands of small files read one by one wait mostly on the system.
  const reader = async (): Promise<void> => {
    for (let i = next++; i < names.length; i = next++) {
      const entry = names[i];
      if (entry !== undefined) outcomes[i] = await outcomeOf(dir, entry, visit);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, names.length) }, reader));
  return {
    files: outcomes.flatMap((outcome) => (outcome.file === undefined ? [] : [outcome.file])),
    ignored: outcomes.flatMap((outcome) => outcome.ignored ?? []),
    problems: outcomes.flatMap((outcome) => outcome.problem ?? []),
  };
}

const READS_IN_FLIGHT = 16;

/** One name of a folder: a file read, a name passed over, or a file that could not be read. */
type FileOutcome<T> = { file?: T; ignored?: string; problem?: Problem };

async function outcomeOf<T>(
  dir: string,
  entry: Dirent,
  visit: (path: string, name: string) => Promise<T | undefined>,
): Promise<FileOutcome<T>> {
  const name = entry.name;
  if (!isAuthorFileName(name) || entry.isDirectory()) return { ignored: name };
  const path = join(dir, name);
  try {
    // Symbolic links and file systems that do not report a type are asked directly (a pipe is never opened).
    if (!entry.isFile() && !(await stat(path)).isFile()) return { ignored: name };
    const file = await visit(path, name);
    return file === undefined ? { ignored: name } : { file };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return { problem: { file: name, line: 0, message: `cannot be read (${code}); file skipped` } };
  }
}

function noPaperMessage(dir: string, files: number, problems: Problem[]): string {
  if (files === 0)
    return `The corpus folder ${dir} holds no author files (.txt) or exports (.bib, .json, .jsonl).`;
  const shown = problems.slice(0, 5).map((p) => `  ${p.file}${p.line > 0 ? `:${p.line}` : ""}: ${p.message}`);
  const more = problems.length > shown.length ? [`  … and ${problems.length - shown.length} more`] : [];
  return [`No valid paper in the corpus folder ${dir} (${files} files read).`, ...shown, ...more].join("\n");
}

/** What readCorpusFiles found in a folder. */
export type CorpusFolderRead = Awaited<ReturnType<typeof readCorpusFiles>>;

/**
 * The corpus read but for its headlines and acronyms; with `memoryDir`, memory.ts's write is left to the caller.
 * `parses`: files already decoded and parsed (on another thread), by name.
 */
export function corpusReadToRemember(
  dir: string,
  read: CorpusFolderRead,
  memoryDir?: string,
  parses?: ReadonlyMap<string, FileParse>,
): { corpus: CorpusRead; remember: () => void } {
  if (memoryDir === undefined) {
    const { corpus } = readCorpusRemembering(read.files, NO_MEMORY, [], parses);
    return { corpus: checkedCorpus(dir, read, corpus), remember: () => undefined };
  }
  const memory = readCorpusMemory(memoryDir, dir);
  const unreadable = read.problems.map((problem) => ({
    name: problem.file,
    reason: problem.message.replace(/; file skipped$/, ""),
  }));
  const { corpus, remembered } = readCorpusRemembering(read.files, memory, unreadable, parses);
  const checked = checkedCorpus(dir, { ...read, problems: [] }, corpus);
  const remember = () => {
    try {
      writeCorpusMemory(memoryDir, dir, memory, remembered);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      checked.problems.push({
        file: memoryDir,
        line: 0,
        message: `cannot keep the corpus's memory (${code})`,
      });
    }
  };
  return { corpus: checked, remember };
}

/** The corpus built, with the folder's own problems; throws CorpusError when it holds not a single paper. */
function checkedCorpus<T extends CorpusRead>(dir: string, read: CorpusFolderRead, built: T): T {
  const noticed = read.ignored
    .filter((name) => !isHiddenOrBackupName(name))
    .map((name) => ({ file: name, line: 0, message: IGNORED_FILE_MESSAGE }));
  const corpus: T = {
    ...built,
    files: built.files + read.problems.length,
    problems: [...read.problems, ...noticed, ...built.problems],
  };
  if (corpus.papers.length === 0) {
    throw new CorpusError(noPaperMessage(dir, corpus.files, corpus.problems), corpus.problems);
  }
  return corpus;
}

/** Reads and builds the corpus of a folder; throws CorpusError when it cannot give a single paper. */
export async function loadCorpus(dir: string): Promise<Corpus> {
  const read = await readCorpusFiles(dir);
  return checkedCorpus(dir, read, buildCorpus(read.files));
}
