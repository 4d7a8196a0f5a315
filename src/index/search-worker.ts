import { parentPort, workerData } from "node:worker_threads";
import type { OpenEngine } from "../search/engine.js";
import { openIndexFile } from "../search/store-file.js";
import { answerOf, searchRequestSchema, type WorkerReply, workerDataSchema } from "./search-messages.js";

// A search worker: the engine over one index file, on a read-only connection of its own, answering one query
// at a time. The main thread's event loop never waits for a search.

const say = (reply: WorkerReply) => parentPort?.postMessage(reply);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let engine: OpenEngine | undefined;
try {
  const { path, fingerprint } = workerDataSchema.parse(workerData);
  engine = openIndexFile(path, fingerprint);
  say({ kind: "ready" });
} catch (error) {
  say({ kind: "unusable", message: reasonOf(error) });
}

parentPort?.on("message", (message: unknown) => {
  const request = searchRequestSchema.safeParse(message);
  if (!request.success) return;
  const { id, call } = request.data;
  if (engine === undefined) return say({ kind: "failed", id, message: "the index could not be opened" });
  try {
    say({ kind: "answer", id, value: answerOf(engine, call) });
  } catch (error) {
    say({ kind: "failed", id, message: reasonOf(error) });
  }
});
