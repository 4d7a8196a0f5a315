import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusReadToRemember, loadCorpus, readCorpusFiles } from "../../src/corpus/load.js";
import type { Corpus, CorpusRead } from "../../src/corpus/types.js";
import { startedHelperOf } from "../../src/index/abstracts-helper.js";
import { openIndexFile, writeIndexFileHelped } from "../../src/search/store-file.js";
import { indexStoreOf } from "../../src/search/store-read.js";
import { writeIndexFileInLine } from "../helpers/index-file.js";
import { generatedCorpus } from "../search/generated-corpus.js";

let dir: string;
let corpus: Corpus;
let read: CorpusRead;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paperbot-abstracts-"));
  corpus = await loadCorpus("seeds");
  read = corpusReadToRemember("seeds", await readCorpusFiles("seeds")).corpus;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readOnly = <T>(path: string, read: (db: Database.Database) => T): T => {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
};
const rowsIn = (path: string, sql: string) => readOnly(path, (db) => db.prepare(sql).raw().all());
const acronymsIn = (path: string) => rowsIn(path, "SELECT short, long FROM acronyms ORDER BY short, long");
// Every paper as the index gives it back, in rowid order.
const papersIn = (path: string) =>
  readOnly(path, (db) => {
    const rowids = db.prepare("SELECT rowid FROM papers ORDER BY rowid").pluck().all() as number[];
    const papers = indexStoreOf(db).papers(rowids);
    return rowids.flatMap((rowid) => papers.get(rowid) ?? []);
  });

describe("headlines and acronyms worked out on a helper thread", () => {
  it("are the ones worked out in line, and the index answers typos and prefixes the same", async () => {
    const inLine = join(dir, "in-line.sqlite");
    const beside = join(dir, "beside.sqlite");
    await writeIndexFileInLine(inLine, corpus);
    // From 0 papers: the seeds' 27 would otherwise be counted in line.
    // The corpus as read, with no headlines: the helper works them out.
    await writeIndexFileHelped(beside, read, { fingerprint: "test" }, (papers, rowOrder) =>
      startedHelperOf(papers, rowOrder, 0),
    );
    const papers = papersIn(inLine);
    expect(papers).toHaveLength(corpus.papers.length);
    expect(papers.map((paper) => paper.headline)).toContain("StepCoder: an RL framework for code generation");
    expect(papersIn(beside)).toEqual(papers);
    expect(acronymsIn(inLine)).toContainEqual(["RLHF", "Reinforcement Learning from Human Feedback"]);
    expect(acronymsIn(beside)).toEqual(acronymsIn(inLine));
    const [a, b] = [openIndexFile(inLine, "test"), openIndexFile(beside, "test")];
    try {
      for (const query of ["rewrad modle", "agnet", "Enyu Zhuo reward"]) {
        const ids = (engine: typeof a) => engine.search(query).hits.map((hit) => hit.paper.id);
        expect(ids(b)).toEqual(ids(a));
        expect(ids(a).length).toBeGreaterThan(0);
      }
    } finally {
      a.close();
      b.close();
    }
  });

  it("writes the same full-text index as in line when its rows come in several batches", async () => {
    // 5,000 papers in batches of 300: the two threads each take batches until they meet, the helper's written
    // after the build thread's own.
    const generated = generatedCorpus(5000);
    const [inLine, beside] = [join(dir, "generated-in-line.sqlite"), join(dir, "generated-beside.sqlite")];
    await writeIndexFileInLine(inLine, generated);
    await writeIndexFileHelped(beside, generated, { fingerprint: "test" }, (papers, rowOrder) =>
      startedHelperOf(papers, rowOrder, 0, 300),
    );
    // Where each of the corpus's common words stands: paper, column and position (most papers hold one).
    const instances = (path: string) =>
      readOnly(path, (db) => {
        db.exec("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, 'text', 'instance')");
        const sql =
          "SELECT * FROM temp.terms WHERE term IN ('model', 'reward', 'agent') ORDER BY term, doc, col, offset";
        return db.prepare(sql).raw().all() as [string, number, string, number][];
      });
    const expected = instances(inLine);
    expect(new Set(expected.map(([, doc]) => doc)).size).toBeGreaterThan(4000);
    expect(instances(beside)).toEqual(expected);
  });
});
