import { parentPort } from "node:worker_threads";
import { CorpusError } from "./corpus/load.js";
import { indexSnapshotOfRead } from "./index-build.js";
import { type BuildResponse, buildRequestSchema } from "./index-worker-messages.js";

/** A snapshot that owns its whole buffer, so that transferring it moves no one else's bytes. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : new Uint8Array(bytes);
}

function failureOf(error: unknown): BuildResponse {
  return {
    ok: false,
    corpusError: error instanceof CorpusError,
    message: error instanceof Error ? error.message : String(error),
    problems: error instanceof CorpusError ? error.problems : [],
  };
}

parentPort?.once("message", (message: unknown) => {
  let response: BuildResponse;
  try {
    const request = buildRequestSchema.parse(message);
    response = { ok: true, bytes: ownBuffer(indexSnapshotOfRead(request.dir, request)) };
  } catch (error) {
    response = failureOf(error);
  }
  parentPort?.postMessage(response, response.ok ? [response.bytes.buffer as ArrayBuffer] : []);
});
