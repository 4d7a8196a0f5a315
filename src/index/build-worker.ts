// The index build worker: parses what the main thread read from a corpus folder and writes its index file.
import type { MessagePort } from "node:worker_threads";
import { CorpusError } from "../corpus/load.js";
import { type BuildOrder, type BuildOutcome, buildIndexFile } from "./build.js";

export default async function build(task: {
  order: BuildOrder;
  progress: MessagePort;
}): Promise<BuildOutcome> {
  try {
    await buildIndexFile(task.order, (progress) => task.progress.postMessage(progress));
    return { built: true };
  } catch (error) {
    // Thrown, it would cross to the main thread as a bare Error: its problems are sent as they are.
    if (error instanceof CorpusError)
      return { built: false, message: error.message, problems: error.problems };
    throw error;
  } finally {
    task.progress.close();
  }
}
