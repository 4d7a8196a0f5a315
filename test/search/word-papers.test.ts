import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { isStopWord } from "../../src/search/analyze.js";
import type { OpenEngine } from "../../src/search/engine.js";
import { openIndexFile } from "../../src/search/store-file.js";
import { writeIndexFileInLine } from "../helpers/index-file.js";

let dir: string;
let engine: OpenEngine;
let db: Database.Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paperbot-words-"));
  const path = join(dir, "index.sqlite");
  await writeIndexFileInLine(path, await loadCorpus("seeds"));
  engine = openIndexFile(path, "test");
  db = new Database(path, { readonly: true });
});
afterAll(() => {
  engine.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Papers FTS5 itself finds for the word alone (its tokenizer analyses the query as the text). */
const matchedBy = (word: string) =>
  db.prepare("SELECT count(*) FROM text WHERE text MATCH ?").pluck().get(`"${word}"`) as number;

describe("papersWithWords", () => {
  it("counts, for every word the seeds use, the papers FTS5's own match of that word finds", () => {
    const words = (db.prepare("SELECT word FROM vocabulary").pluck().all() as string[]).filter(
      (word) => !isStopWord(word),
    );
    expect(words.length).toBeGreaterThan(1000);
    const counted = engine.papersWithWords(words);
    const differing = words.filter((word, at) => counted[at] !== matchedBy(word));
    expect(differing).toEqual([]);
  });

  it("counts every form of a word, in any case or accent, as its stem: in the text or the names", () => {
    const [agents, agent, Agents] = engine.papersWithWords(["agents", "agent", "AGENTS"]);
    expect(agents).toBeGreaterThan(0);
    expect([agent, Agents]).toEqual([agents, agents]);
    // A name only the author lines hold.
    expect(engine.papersWithWords(["Zhou"])[0]).toBe(matchedBy("zhou"));
  });

  it("answers 0 for stop words (a search ignores them) and for words no paper holds", () => {
    expect(engine.papersWithWords(["the", "of", "lunch", "zzyzx", ""])).toEqual([0, 0, 0, 0, 0]);
  });
});
