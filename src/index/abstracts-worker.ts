// The abstracts helper: works out headlines and acronyms while the build thread writes the rest.
import type { MessagePort } from "node:worker_threads";
import { abstractFactsOf } from "../corpus/abstract-facts.js";

/** Says it has started (the build thread may then block its own), then works out the headlines and acronyms. */
export default function abstractsFacts({
  abstracts,
  started,
}: {
  abstracts: string[];
  started: MessagePort;
}) {
  started.postMessage({ started: true });
  started.close();
  return abstractFactsOf(abstracts);
}
