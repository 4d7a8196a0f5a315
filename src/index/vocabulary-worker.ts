// The vocabulary helper: counts the words of the abstracts it is given while the build thread writes the rest.
import { parentPort, workerData } from "node:worker_threads";
import { vocabularyOf } from "../search/store-vocabulary.js";
import { vocabularyWorkerDataSchema } from "./build-messages.js";

const { abstracts } = vocabularyWorkerDataSchema.parse(workerData);
const counted = vocabularyOf(abstracts);
const papers = Int32Array.from(counted, ([, count]) => count);
parentPort?.postMessage({ words: counted.map(([word]) => word), papers }, [papers.buffer]);
