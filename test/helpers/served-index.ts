import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCorpus } from "../../src/corpus/load.js";
import type { Corpus } from "../../src/corpus/types.js";
import { type OpenIndex, openSearchThreads } from "../../src/index/search-threads.js";
import { createLogger } from "../../src/logger.js";
import { openIndexLookups } from "../../src/search/store-file.js";
import { writeIndexFileInLine } from "./index-file.js";

// Indexes as the bot serves them: an index file searched by a search worker. Each one a test file opens is
// closed (worker stopped, file removed) after its last test; corpus folders' indexes are shared in the file.

const opened: { index: OpenIndex; dir: string }[] = [];
const byFolder = new Map<string, Promise<OpenIndex>>();

/**
 * Closes every index opened since the last call. Run after each test file by the setup file (each-file.ts):
 * a worker runs several files one after another and imports this module once, so a hook registered here on
 * import would run after the first file only.
 */
export async function closeServedIndexes(): Promise<void> {
  byFolder.clear();
  for (const { index, dir } of opened.splice(0)) {
    await index.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A corpus's index written to a temporary file and served by one search worker until the test file ends. */
export async function servedIndexOf(corpus: Corpus): Promise<OpenIndex> {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-served-"));
  const path = join(dir, "index.sqlite");
  try {
    await writeIndexFileInLine(path, corpus);
    const index = await openSearchThreads({ path, fingerprint: "test" }, openIndexLookups(path, "test"), {
      logger: createLogger("silent"),
    });
    opened.push({ index, dir });
    return index;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** The served index of a corpus folder, one per folder in a test file. */
export function servedIndex(corpusDir: string): Promise<OpenIndex> {
  let index = byFolder.get(corpusDir);
  if (index === undefined) {
    index = loadCorpus(corpusDir).then(servedIndexOf);
    byFolder.set(corpusDir, index);
  }
  return index;
}
