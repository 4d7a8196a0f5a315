// The index build worker: parses what the main thread read from a corpus folder and writes its index file.
import { parentPort } from "node:worker_threads";
import { CorpusError } from "../corpus/load.js";
import { buildIndexFile } from "./build.js";
import { type BuildMessage, buildRequestSchema } from "./build-messages.js";

function failureOf(error: unknown): BuildMessage {
  return {
    kind: "failed",
    corpusError: error instanceof CorpusError,
    message: error instanceof Error ? error.message : String(error),
    problems: error instanceof CorpusError ? error.problems : [],
  };
}

parentPort?.once("message", async (message: unknown) => {
  const say = (said: BuildMessage) => parentPort?.postMessage(said);
  try {
    const request = buildRequestSchema.parse(message);
    const { dir, path, fingerprint, ...read } = request;
    await buildIndexFile({ dir, read, path, fingerprint }, (progress) => say({ kind: "progress", progress }));
    say({ kind: "done" });
  } catch (error) {
    say(failureOf(error));
  }
});
