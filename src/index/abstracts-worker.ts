// The abstracts helper: works out headlines, acronyms and vocabulary while the build thread writes the rest.
import type { MessagePort } from "node:worker_threads";
import { abstractFactsOf } from "../corpus/abstract-facts.js";
import { wordStatsOf } from "../search/from-abstracts.js";

/**
 * Says it has started, then sends the headlines and acronyms on `started` as soon as they are known (the build
 * thread's text rows wait for them), then works out the vocabulary. The vocabulary goes back as words and an
 * Int32Array of counts: far quicker to pass than 100,000s of pairs.
 */
export default function abstractsFacts({
  abstracts,
  started,
}: {
  abstracts: string[];
  started: MessagePort;
}) {
  started.postMessage({ started: true });
  started.postMessage({ facts: abstractFactsOf(abstracts) });
  started.close();
  const counted = [...wordStatsOf(abstracts).vocabulary];
  return {
    words: counted.map(([word]) => word),
    papers: Int32Array.from(counted, ([, count]) => count),
  };
}
