import { fork } from "node:child_process";
import { once } from "node:events";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { CorpusError, type CorpusFolderRead, corpusReadToRemember } from "../corpus/load.js";
import type { Problem } from "../corpus/types.js";
import { writeIndexFileHelped } from "../search/store-file.js";
import { startedHelperOf } from "./abstracts-helper.js";
import { fileParsesOf } from "./parse-helper.js";
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
  /** A reload's build, beside the index the bot serves meanwhile: it leaves the cores to the searches. */
  background?: boolean;
}

/** How a build in its own process ended: the index written, or why the corpus cannot give one. */
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
  const parses = await fileParsesOf(order.read.files);
  const { corpus, remember } = corpusReadToRemember(order.dir, order.read, order.memoryDir, parses);
  const onPapers = (papers: number, total: number) => onProgress({ phase: "indexing", papers, total });
  // The helper has its task before the index's synchronous writes hold this thread (writeIndexFileHelped waits);
  // the corpus's memory is written while it works out the acronyms, which the text rows wait for.
  const options = { fingerprint: order.fingerprint, onPapers, meanwhile: remember };
  await writeIndexFileHelped(order.path, corpus, options, startedHelperOf);
}

/** What the build process is sent over IPC: the order, its files' bytes left out (they follow down its stdin). */
export interface ChildOrder {
  order: Omit<BuildOrder, "read"> & {
    read: Omit<CorpusFolderRead, "files"> & { files: { name: string; size: number }[] };
  };
}

/** What the build process sends back: progress as it goes, then how it ended, or an error it could not handle. */
export type FromChild =
  | { progress: LoadProgress }
  | { outcome: BuildOutcome }
  | { error: { name: string; message: string; stack?: string; code?: unknown } };

/**
 * A larger young generation than the default (a build makes many short-lived strings: less GC): 64 MB semi-spaces,
 * the 192 MB young generation the build had as a worker.
 */
const BUILD_FLAGS = ["--max-semi-space-size=64"];

/** The build process's module, and the flags it needs: tsx's loader when this runs from source. */
function buildChildModule(): { path: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith(".ts");
  const path = fileURLToPath(new URL(`./build-child.${fromSource ? "ts" : "js"}`, import.meta.url));
  if (!fromSource) return { path, execArgv: BUILD_FLAGS };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { path, execArgv: [...BUILD_FLAGS, "--import", tsx] };
}

/**
 * buildIndexFile in a process of its own, so that the event loop stays free and the build's memory (near 3 GB at
 * 100,000 papers) goes back to the system when it ends: a worker thread's stays in this process's malloc arenas
 * (RSS 835 MB at ready after a cold start, 60 MB of it the heap). Settles once the process has exited; it exits
 * too when this process goes (kill -9 included), its IPC channel then closed.
 */
export function buildInProcess(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  const { path, execArgv } = buildChildModule();
  const child = fork(path, [], {
    execArgv,
    serialization: "advanced",
    stdio: ["pipe", "inherit", "inherit", "ipc"],
  });
  let ended: BuildOutcome | undefined;
  let failed: Error | undefined;
  child.on("message", (message: FromChild) => {
    if ("progress" in message) onProgress(message.progress);
    else if ("outcome" in message) ended = message.outcome;
    else failed = Object.assign(new Error(message.error.message), message.error);
  });
  const { files, ...rest } = order.read;
  const sent: ChildOrder = {
    order: {
      ...order,
      read: { ...rest, files: files.map(({ name, bytes }) => ({ name, size: bytes.length })) },
    },
  };
  child.send(sent);
  // The bytes as read (their hash is the index's key), down a pipe: over IPC they took twice the time and memory.
  // One file at a time, each once the pipe has taken the last: what a write cannot hand over at once Node copies,
  // and those copies (the whole corpus at once) stayed in this process's malloc heap after the build.
  const { stdin } = child;
  const gone = new Promise((done) => child.once("close", done));
  stdin?.on("error", () => undefined);
  void (async () => {
    for (const { bytes } of files)
      if (stdin !== null && !stdin.write(bytes)) await Promise.race([once(stdin, "drain"), gone]);
    stdin?.end();
  })().catch(() => undefined);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      child.kill("SIGKILL");
      reject(error);
    });
    // "close", not "exit": the last messages may still be on their way when the process has exited.
    child.once("close", (code, signal) => {
      if (failed !== undefined) reject(failed);
      else if (ended?.built === true) resolve();
      else if (ended !== undefined) reject(new CorpusError(ended.message, ended.problems));
      else reject(new Error(`the index build stopped before it finished (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** SQLite's check of every page of an index file, in a worker thread: "ok", or what is wrong with it. */
export function integrityInWorker(path: string): Promise<string> {
  // A check that cannot run says nothing against the file.
  return runOnce<string>("check-worker", path).catch(() => "ok");
}
