// The abstracts helper: works out the acronyms, then text rows, while the build thread writes.
import type { MessagePort } from "node:worker_threads";
import { abstractFactsOf } from "../corpus/abstract-facts.js";
import { synonymsOf, type TextPaper, textRowWriter } from "../search/index-text.js";

/**
 * Says it has started (the build thread may then block its own), sends the acronyms as soon as they are known
 * (the build thread's text rows wait for them), then text rows, a batch of `batchSize` rows at a time:
 * each batch is claimed from the shared count (`claims`), this thread taking its own from the front and the build
 * thread from the back, so the two meet wherever they do. Last `{ end: true }`.
 */
export default function abstractsFacts({
  papers,
  rowOrder,
  claims,
  batchSize,
  started,
}: {
  papers: TextPaper[];
  rowOrder: number[];
  claims: SharedArrayBuffer;
  batchSize: number;
  started: MessagePort;
}) {
  started.postMessage({ started: true });
  const facts = abstractFactsOf(papers);
  started.postMessage({ facts });
  const textRowOf = textRowWriter(synonymsOf(facts.acronyms));
  const count = new Int32Array(claims);
  const batches = Math.ceil(rowOrder.length / batchSize);
  let sent = 0;
  while (Atomics.add(count, 0, 1) < batches) {
    const from = sent * batchSize;
    const rows = rowOrder
      .slice(from, from + batchSize)
      .map((at) => textRowOf(papers[at] ?? { abstract: "" }));
    started.postMessage({ from, rows });
    sent += 1;
  }
  started.postMessage({ end: true });
  started.close();
  return { sent };
}
