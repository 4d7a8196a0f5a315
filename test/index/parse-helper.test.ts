import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { corpusReadToRemember, readCorpusFiles } from "../../src/corpus/load.js";
import { fileParsesOf } from "../../src/index/parse-helper.js";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The seeds beside the library fixtures, one file of binary garbage and one with a NUL in it. */
function mixedFolder(libraryFiles: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-parse-"));
  temporary.push(dir);
  cpSync("seeds", dir, { recursive: true });
  for (const name of libraryFiles) cpSync(join("test/fixtures/corpus/library", name), join(dir, name));
  writeFileSync(
    join(dir, "garbage.txt"),
    Uint8Array.from({ length: 3_000 }, (_, i) => (i * 7919 + 13) % 256),
  );
  writeFileSync(
    join(dir, "ann-lee.txt"),
    "Ann Lee\n\nAnn Lee, Bo Chen et al.\n\nWe study reward\u0000 models for agents that learn from feedback.\n",
  );
  return dir;
}

describe("corpus files parsed on two threads", () => {
  it("give the corpus one thread gives: papers, people, problems and their lines", async () => {
    const library = readdirSync("test/fixtures/corpus/library");
    for (const files of [library, library.filter((name) => name !== "scholar.bib")]) {
      const dir = mixedFolder(files);
      const read = await readCorpusFiles(dir);
      const parses = await fileParsesOf(read.files, 0);
      // Every file but members.yml, and the .bib files when another .bib may define their @strings.
      const bibs = files.filter((name) => name.endsWith(".bib")).length;
      expect(parses.size).toBe(read.files.length - 1 - (bibs > 1 ? bibs : 0));
      const inOne = corpusReadToRemember(dir, read).corpus;
      const onTwo = corpusReadToRemember(dir, read, undefined, parses).corpus;
      expect(onTwo.problems.map((problem) => problem.file)).toContain("garbage.txt");
      expect(onTwo.problems.some((problem) => problem.file === "ann-lee.txt" && problem.line === 5)).toBe(
        true,
      );
      expect(onTwo).toEqual(inOne);
    }
  });
});
