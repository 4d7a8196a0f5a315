// The abstracts helper: works out headlines and acronyms, then part of the text rows, while the build thread writes.
import type { MessagePort } from "node:worker_threads";
import { abstractFactsOf } from "../corpus/abstract-facts.js";
import { indexedTextOf } from "../corpus/indexed-text.js";
import { synonymsOf, type TextPaper, textRowWriter } from "../search/index-text.js";

/** Rows sent at a time: the build thread writes each batch while this one works out the next. */
const ROWS_A_MESSAGE = 2000;

/**
 * Says it has started (the build thread may then block its own), sends the headlines and acronyms as soon as they
 * are known (the build thread's text rows wait for them), then the text rows of the papers at `places`, a batch at a
 * time, and last `{ end: true }`.
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
  const textRowOf = textRowWriter(synonymsOf(facts.acronyms));
  for (let from = 0; from < places.length; from += ROWS_A_MESSAGE) {
    const rows = places
      .slice(from, from + ROWS_A_MESSAGE)
      .map((at) => textRowOf(papers[at] ?? { abstract: "" }, facts.headlines[at] ?? ""));
    started.postMessage({ rows });
  }
  started.postMessage({ end: true });
  started.close();
  return { sent: places.length };
}
