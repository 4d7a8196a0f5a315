// Piscina's entry for a worker module run from source: registers tsx in this worker, then loads the module.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const loaded = import(workerData.module).then((module) => module.default);

export default async function run(task) {
  return (await loaded)(task);
}
