// The abstracts helper: works out headlines, acronyms, vocabulary and mean length while the build thread writes the rest.
import type { MessagePort } from "node:worker_threads";
import { fromAbstracts } from "../search/from-abstracts.js";

/** The vocabulary goes back as words and an Int32Array of counts: far quicker to pass than 100,000s of pairs. */
export default function abstractsFacts({
  abstracts,
  started,
}: {
  abstracts: string[];
  started: MessagePort;
}) {
  started.postMessage(true);
  started.close();
  const { vocabulary, ...facts } = fromAbstracts(abstracts);
  const counted = [...vocabulary];
  return {
    ...facts,
    words: counted.map(([word]) => word),
    papers: Int32Array.from(counted, ([, count]) => count),
  };
}
