import { abstractFactsOf } from "../../src/corpus/abstract-facts.js";
import type { CorpusRead } from "../../src/corpus/types.js";
import { writeIndexFileHelped } from "../../src/search/store-file.js";

/** A corpus's index file written on this thread: what comes from the abstracts alone is worked out in line. */
export function writeIndexFileInLine(path: string, corpus: CorpusRead, fingerprint = "test"): Promise<void> {
  return writeIndexFileHelped(path, corpus, { fingerprint }, async (papers) => ({
    facts: Promise.resolve().then(() => abstractFactsOf(papers)),
  }));
}
