// The abstracts helper: works out headlines and acronyms, then part of the text rows, while the build thread writes.
import type { MessagePort } from "node:worker_threads";
import { abstractFactsOf } from "../corpus/abstract-facts.js";
import { indexedTextOf } from "../corpus/indexed-text.js";
import { type TextPaper, textRowsOf } from "../search/index-text.js";

/**
 * Says it has started (the build thread may then block its own), sends the headlines and acronyms as soon as they
 * are known (the build thread's text rows wait for them), then works out the text rows of the papers at `places`.
 */
export default function abstractsFacts({
  papers,
  places,
  started,
}: {
  papers: TextPaper[];
  places: number[];
  started: MessagePort;
}) {
  started.postMessage({ started: true });
  const facts = abstractFactsOf(papers.map(indexedTextOf));
  started.postMessage({ facts });
  started.close();
  return { rows: textRowsOf(papers, facts, places) };
}
