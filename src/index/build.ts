import { MessageChannel } from "node:worker_threads";
import { CorpusError, type CorpusFolderRead, corpusReadToRemember } from "../corpus/load.js";
import type { Problem } from "../corpus/types.js";
import { writeIndexFileHelped } from "../search/store-file.js";
import { startedHelperOf } from "./abstracts-helper.js";
import type { LoadProgress } from "./progress.js";
import { runOnce } from "./workers.js";

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

/** A larger young generation than the default: a build makes many short-lived strings (less GC). */
const BUILD_LIMITS = { maxYoungGenerationSizeMb: 192 };

/**
 * Parses the corpus and writes its index file, what comes from the abstracts alone worked out on a second thread
 * meanwhile; rejects with CorpusError, as loadCorpus does, for an unusable corpus.
 */
export async function buildIndexFile(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  onProgress({ phase: "parsing", files: order.read.files.length });
  const { corpus, remember } = corpusReadToRemember(order.dir, order.read, order.memoryDir);
  const onPapers = (papers: number, total: number) => onProgress({ phase: "indexing", papers, total });
  // The helper has its task before the index's synchronous writes hold this thread (writeIndexFileHelped waits);
  // the corpus's memory is written while it works out the headlines, which the text rows wait for.
  const options = { fingerprint: order.fingerprint, onPapers, meanwhile: remember };
  await writeIndexFileHelped(order.path, corpus, options, startedHelperOf);
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
