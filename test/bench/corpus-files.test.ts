import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readQuerySet, writeSyntheticCorpus } from "../../bench/corpus-files.js";
import { loadCorpus } from "../../src/corpus/load.js";

describe("writeSyntheticCorpus", () => {
  const root = mkdtempSync(join(tmpdir(), "paperbot-bench-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes a folder the bot loads and the query set beside it, not inside", async () => {
    const dir = join(root, "corpus");
    const written = await writeSyntheticCorpus({ dir, papers: 60, seed: "files", queriesPerKind: 5 });
    expect(written.queriesPath).toBe(`${dir}.queries.json`);
    expect(readdirSync(dir).every((name) => name.endsWith(".txt"))).toBe(true);
    const corpus = await loadCorpus(dir);
    expect(corpus.problems).toEqual([]);
    expect(corpus.papers).toHaveLength(60);
    const queries = readQuerySet(written.queriesPath);
    expect(queries.papers).toBe(60);
    expect(queries.topic).toHaveLength(5);
  });

  it("leaves no files of an earlier, larger corpus behind when rewriting a folder", async () => {
    const dir = join(root, "rewritten");
    const large = await writeSyntheticCorpus({ dir, papers: 200, seed: "a", queriesPerKind: 5 });
    const small = await writeSyntheticCorpus({ dir, papers: 40, seed: "b", queriesPerKind: 5 });
    expect(small.files).toBeLessThan(large.files);
    expect(readdirSync(dir)).toHaveLength(small.files);
    expect((await loadCorpus(dir)).papers).toHaveLength(40);
    expect(existsSync(small.queriesPath)).toBe(true);
  });
});
