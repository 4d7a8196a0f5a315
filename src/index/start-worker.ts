import { Worker, type WorkerOptions } from "node:worker_threads";

/** A larger young generation than the default: a build makes many short-lived strings (less GC). */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 192 };

/** A worker script of this folder; a .ts source (run through tsx) needs tsx registered inside the worker first. */
export function startWorker(
  name: string,
  options: WorkerOptions = { resourceLimits: WORKER_LIMITS },
): Worker {
  const target = new URL(import.meta.url.endsWith(".ts") ? `./${name}.ts` : `./${name}.js`, import.meta.url);
  if (!target.pathname.endsWith(".ts")) return new Worker(target, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
