import { parentPort } from "node:worker_threads";
import { z } from "zod";
import { integrityOf } from "../search/store-file.js";

// SQLite's page-by-page check of an index file, off the main thread: seconds at 100,000 papers.
parentPort?.once("message", (message: unknown) => {
  const path = z.object({ path: z.string() }).parse(message).path;
  parentPort?.postMessage({ integrity: integrityOf(path) });
});
