import { createHash } from "node:crypto";
import type { CorpusFile } from "./load.js";

/** Bump when parsing or building changes what a corpus holds, so that older snapshots stop matching. */
export const CORPUS_BUILD_VERSION = "2";

function byName(a: CorpusFile, b: CorpusFile): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * A hex SHA-256 over the options version and every file's name and bytes, in name order: the same folder
 * gives the same key whatever order its files were listed in. Lengths frame each part so that no two
 * different folders hash the same bytes.
 */
export function corpusFingerprint(files: CorpusFile[], optionsVersion: string): string {
  const hash = createHash("sha256");
  hash.update(`paperbot-corpus\u0000${CORPUS_BUILD_VERSION}\u0000${optionsVersion}\u0000`);
  for (const file of [...files].sort(byName)) {
    hash.update(`${file.name.length}:${file.name}\u0000${file.bytes.byteLength}:`);
    hash.update(file.bytes);
  }
  return hash.digest("hex");
}
