// The abstracts helper: works out headlines, acronyms, vocabulary and mean length while the build thread writes the rest.
import { parentPort, workerData } from "node:worker_threads";
import { fromAbstracts } from "../search/from-abstracts.js";
import { abstractsWorkerDataSchema } from "./build-messages.js";

const { abstracts } = abstractsWorkerDataSchema.parse(workerData);
const { vocabulary, headlines, acronyms, lengths } = fromAbstracts(abstracts);
const counted = [...vocabulary];
const papers = Int32Array.from(counted, ([, count]) => count);
parentPort?.postMessage({ words: counted.map(([word]) => word), papers, headlines, acronyms, lengths }, [
  papers.buffer,
]);
