import { parentPort } from "node:worker_threads";
import type { OpenEngine } from "../search/engine.js";
import { openIndexFile } from "../search/store-file.js";
import { answerOf, openOrderSchema, searchRequestSchema, type WorkerReply } from "./search-messages.js";

// A search worker: the engine over one index file, on a read-only connection of its own, answering one query
// at a time. The main thread's event loop never waits for a search.

const say = (reply: WorkerReply) => parentPort?.postMessage(reply);
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

let engine: OpenEngine | undefined;
let told = false;

/** The first message names the file: the worker may be started (its modules loaded) before the file is known. */
function open(message: unknown): void {
  try {
    const { path, fingerprint } = openOrderSchema.parse(message);
    engine = openIndexFile(path, fingerprint);
    say({ kind: "ready" });
  } catch (error) {
    say({ kind: "unusable", message: reasonOf(error) });
  }
}

parentPort?.on("message", (message: unknown) => {
  if (!told) {
    told = true;
    return open(message);
  }
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
