import { z } from "zod";
import { CorpusError } from "../corpus/load.js";
import type { BuildOrder } from "./build.js";
import { type BuildRequest, buildMessageSchema } from "./build-messages.js";
import type { LoadProgress } from "./progress.js";
import { startWorker } from "./start-worker.js";

/**
 * Builds the index file of what was read from a corpus folder in a worker thread, so that the event loop
 * stays free. Rejects with the reason (a CorpusError when the corpus is unusable).
 */
export function buildInWorker(
  order: BuildOrder,
  onProgress: (progress: LoadProgress) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startWorker("build-worker");
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.on("message", (message: unknown) => {
      const parsed = buildMessageSchema.safeParse(message);
      if (!parsed.success)
        return settle(() => reject(new Error("the index build worker sent an unreadable message")));
      const said = parsed.data;
      if (said.kind === "progress") return onProgress(said.progress);
      if (said.kind === "done") return settle(resolve);
      settle(() =>
        reject(said.corpusError ? new CorpusError(said.message, said.problems) : new Error(said.message)),
      );
    });
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`the index build worker stopped (exit code ${code}) before answering`))),
    );
    const { read } = order;
    const request: BuildRequest = {
      dir: order.dir,
      files: read.files,
      ignored: read.ignored,
      problems: read.problems,
      path: order.path,
      fingerprint: order.fingerprint,
    };
    worker.postMessage(request);
  });
}

/** SQLite's check of every page of an index file, in a worker thread: "ok", or what is wrong with it. */
export function integrityInWorker(path: string): Promise<string> {
  return new Promise((resolve) => {
    const worker = startWorker("check-worker");
    const done = (integrity: string) => {
      resolve(integrity);
      void worker.terminate();
    };
    worker.once("message", (message: unknown) => {
      const parsed = z.object({ integrity: z.string() }).safeParse(message);
      done(parsed.success ? parsed.data.integrity : "the check sent an unreadable answer");
    });
    // A check that cannot run says nothing against the file.
    worker.once("error", () => done("ok"));
    worker.postMessage({ path });
  });
}
