import { pino } from "pino";
import { loadIndex } from "../src/index/loader.js";
import { RESULT_PREFIX } from "./measurement.js";
import { optionsOf } from "./options.js";

const MB = 1024 * 1024;

/**
 * What one start of the bot over a corpus folder costs, in a process of its own (times in ms, sizes in MB):
 * to ready is until the search worker has opened the index, and RSS counts the worker too.
 */
export interface RestartMeasurement {
  source: "stored" | "built";
  papers: number;
  ms: number;
  rssMB: number;
  heapMB: number;
  /** What V8 holds for its heap, used or not. */
  heapTotalMB: number;
  /** Memory outside the JS heap: buffers and typed arrays. */
  externalMB: number;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with node --expose-gc");
  gc();
  gc();
}

async function main(): Promise<void> {
  const { values } = optionsOf("bench", { options: { dir: { type: "string" }, cache: { type: "string" } } });
  if (!values.dir || !values.cache) throw new Error("usage: measure-restart --dir CORPUS --cache CACHE_DIR");
  const started = performance.now();
  const loaded = await loadIndex({
    corpusDir: values.dir,
    cacheDir: values.cache,
    logger: pino({ level: "silent" }),
    // As the bot builds: in a process of its own, with its own heap flags.
    build: "process",
  });
  const ms = performance.now() - started;
  // One turn of the event loop first: the snapshot's bytes are only let go once the read that gave them is done.
  await new Promise((resolve) => setTimeout(resolve, 100));
  collectGarbage();
  const memory = process.memoryUsage();
  const result: RestartMeasurement = {
    source: loaded.source,
    papers: loaded.index.stats().papers,
    ms,
    rssMB: memory.rss / MB,
    heapMB: memory.heapUsed / MB,
    heapTotalMB: memory.heapTotal / MB,
    externalMB: memory.external / MB,
  };
  // One real query, so that the index is known to answer (and stays reachable until here).
  await loaded.index.search("language model");
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
  await loaded.index.close();
}

await main();
