import { MessageChannel } from "node:worker_threads";
import { type FileParse, fileParseOf } from "../corpus/build.js";
import { CorpusError, type CorpusFolderRead, corpusReadToRemember } from "../corpus/load.js";
import type { CorpusFile, Problem } from "../corpus/types.js";
import { writeIndexFileHelped } from "../search/store-file.js";
import { startedHelperOf } from "./abstracts-helper.js";
import type { LoadProgress } from "./progress.js";
import { BUILD_LIMITS, runOnce } from "./workers.js";

/** What a build needs: the corpus folder as read, where to write the index, and what it was read from. */
export interface BuildOrder {
  dir: string;
  read: CorpusFolderRead;
  /** A new file (the caller renames it into place once finished). */
  path: string;
  fingerprint: string;
  /** Where the corpus's memory of its last load is kept (corpus/memory.ts), when it is. */
  memoryDir?: string;
}

/** How a build in a worker ended: the index written, or why the corpus cannot give one. */
export type BuildOutcome = { built: true } | { built: false; message: string; problems: Problem[] };

/**
 * Parses the corpus and writes its index file, what comes from the abstracts alone worked out on a second thread
 * meanwhile; rejects with CorpusError, as loadCorpus does, for an unusable corpus.
 */
export async function buildIndexFile(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  onProgress({ phase: "parsing", files: order.read.files.length });
  const parsedAhead = await parsedAheadOf(order.read.files);
  const { corpus, remember } = corpusReadToRemember(order.dir, order.read, order.memoryDir, parsedAhead);
  const onPapers = (papers: number, total: number) => onProgress({ phase: "indexing", papers, total });
  // The helper has its task before the index's synchronous writes hold this thread (writeIndexFileHelped waits);
  // the corpus's memory is written while it works out the headlines, which the text rows wait for.
  const options = { fingerprint: order.fingerprint, onPapers, meanwhile: remember };
  await writeIndexFileHelped(order.path, corpus, options, startedHelperOf);
}

/** Below this many bytes of files a second thread costs more to start (a second through tsx) than it saves. */
const PARSE_HELPED_FROM_BYTES = 16 * 1024 * 1024;

/**
 * The files decoded and parsed, the later half of their bytes on a thread of its own meanwhile (at 100,000 papers
 * the parse was 10 s of the build thread with the other core idle). What the thread does not give back (it
 * stopped) is parsed by readCorpusRemembering, as every file is below PARSE_HELPED_FROM_BYTES.
 */
async function parsedAheadOf(files: readonly CorpusFile[]): Promise<Map<string, FileParse>> {
  const total = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  if (total < PARSE_HELPED_FROM_BYTES) return new Map();
  let here = 0;
  for (let bytes = 0; here < files.length && bytes < total / 2; here++)
    bytes += files[here]?.bytes.byteLength ?? 0;
  // One large file (a .bib of the whole library) is parsed here whole.
  if (here === files.length) return new Map();
  const there = runOnce<[string, FileParse][]>("parse-worker", files.slice(here), {
    resourceLimits: BUILD_LIMITS,
  }).catch(() => []);
  const parsed = files.slice(0, here).map((file): [string, FileParse] => [file.name, fileParseOf(file)]);
  return new Map([...parsed, ...(await there)]);
}

/** buildIndexFile in a worker thread, so that the event loop stays free. */
export async function buildInWorker(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  port1.on("message", onProgress);
  const { files, ignored, problems } = order.read;
  const sent = { ...order, read: { files, ignored, problems } };
  try {
    const outcome = await runOnce<BuildOutcome>(
      "build-worker",
      { order: sent, progress: port2 },
      { resourceLimits: BUILD_LIMITS },
      [port2],
    );
    if (!outcome.built) throw new CorpusError(outcome.message, outcome.problems);
  } finally {
    port1.close();
  }
}

/** SQLite's check of every page of an index file, in a worker thread: "ok", or what is wrong with it. */
export function integrityInWorker(path: string): Promise<string> {
  // A check that cannot run says nothing against the file.
  return runOnce<string>("check-worker", path).catch(() => "ok");
}
