import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import type { Corpus } from "../../src/corpus/types.js";
import { countedInHelper } from "../../src/index/vocabulary-helper.js";
import { openIndexFile, writeIndexFile, writeIndexFileCounting } from "../../src/search/store-file.js";

let dir: string;
let corpus: Corpus;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paperbot-vocabulary-"));
  corpus = await loadCorpus("seeds");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const vocabularyIn = (path: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare("SELECT word, papers FROM vocabulary ORDER BY word").raw().all();
  } finally {
    db.close();
  }
};

describe("the vocabulary counted on a helper thread", () => {
  it("is the one counted in line, and the index answers typos and prefixes the same", async () => {
    const inLine = join(dir, "in-line.sqlite");
    const beside = join(dir, "beside.sqlite");
    writeIndexFile(inLine, corpus, { fingerprint: "test" });
    // From 0 papers: the seeds' 27 would otherwise be counted in line.
    await writeIndexFileCounting(beside, corpus, { fingerprint: "test" }, (abstracts) =>
      countedInHelper(abstracts, 0),
    );
    const words = vocabularyIn(inLine);
    expect(words.length).toBeGreaterThan(1000);
    expect(vocabularyIn(beside)).toEqual(words);
    const [a, b] = [openIndexFile(inLine, "test"), openIndexFile(beside, "test")];
    try {
      for (const query of ["rewrad modle", "agnet", "specul*", "Enyu Zhuo reward"]) {
        const ids = (engine: typeof a) => engine.search(query).hits.map((hit) => hit.paper.id);
        expect(ids(b)).toEqual(ids(a));
        expect(ids(a).length).toBeGreaterThan(0);
      }
    } finally {
      a.close();
      b.close();
    }
  });
});
