import { pathToFileURL } from "node:url";
import type { TransferListItem } from "node:worker_threads";
import { Piscina } from "piscina";

type PoolOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/**
 * A piscina pool of a worker module of this folder (or a module at a path: tests' stand-ins). Run from source,
 * each worker loads it through from-source.mjs, which registers tsx in the worker first.
 */
export function workerPool(module: string, options: Omit<PoolOptions, "filename"> = {}): Piscina {
  const fromSource = import.meta.url.endsWith(".ts");
  const url = module.startsWith("/")
    ? pathToFileURL(module)
    : new URL(`./${module}${fromSource ? ".ts" : ".js"}`, import.meta.url);
  if (!fromSource) return new Piscina({ filename: url.href, ...options });
  const filename = new URL("./from-source.mjs", import.meta.url).href;
  return new Piscina({ filename, workerData: { module: url.href }, ...options });
}

/** One task on a worker thread of its own, stopped once it answers (the index file's check: seconds of work). */
export async function runOnce<T>(
  name: string,
  task: unknown,
  options: Omit<PoolOptions, "filename"> = {},
  transferList?: TransferListItem[],
): Promise<T> {
  const pool = workerPool(name, { minThreads: 0, maxThreads: 1, ...options });
  try {
    return await pool.run(task, transferList === undefined ? {} : { transferList });
  } finally {
    await pool.destroy();
  }
}
