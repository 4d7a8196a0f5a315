import { Worker } from "node:worker_threads";
import { CorpusError, type CorpusFolderRead } from "./corpus/load.js";
import { type BuildRequest, buildResponseSchema } from "./index-worker-messages.js";

/** A larger young generation than the default: a build makes many short-lived strings (about 15% less GC). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192 };

/** The worker script; a .ts source (run through tsx) needs tsx registered inside the worker first. */
function startWorker(): Worker {
  const target = new URL(
    import.meta.url.endsWith(".ts") ? "./index-worker.ts" : "./index-worker.js",
    import.meta.url,
  );
  if (!target.pathname.endsWith(".ts")) return new Worker(target, { resourceLimits: WORKER_LIMITS });
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target.href)}); });`;
  return new Worker(bootstrap, { eval: true, resourceLimits: WORKER_LIMITS });
}

/**
 * Builds the index of what was read from a corpus folder in a worker thread, so that the event loop stays
 * free, and resolves to its snapshot bytes. Rejects with the reason (a CorpusError when the corpus is unusable).
 */
export function buildSnapshotInWorker(dir: string, read: CorpusFolderRead): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = startWorker();
    let settled = false;
    const settle = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      outcome();
      void worker.terminate();
    };
    worker.once("message", (message: unknown) => {
      const parsed = buildResponseSchema.safeParse(message);
      if (!parsed.success)
        return settle(() => reject(new Error("the index build worker sent an unreadable answer")));
      const response = parsed.data;
      if (response.ok) return settle(() => resolve(response.bytes));
      settle(() =>
        reject(
          response.corpusError
            ? new CorpusError(response.message, response.problems)
            : new Error(response.message),
        ),
      );
    });
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`the index build worker stopped (exit code ${code}) before answering`))),
    );
    const request: BuildRequest = { dir, files: read.files, ignored: read.ignored, problems: read.problems };
    worker.postMessage(request);
  });
}
