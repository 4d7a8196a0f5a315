import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildCorpus } from "../../src/corpus/build.js";
import type { CorpusFile } from "../../src/corpus/types.js";

const SEEDS = new URL("../../seeds/", import.meta.url).pathname;
const seedFiles: CorpusFile[] = readdirSync(SEEDS)
  .sort()
  .map((name) => ({ name, bytes: readFileSync(join(SEEDS, name)) }));
const file = (name: string, text: string): CorpusFile => ({ name, bytes: new TextEncoder().encode(text) });

const idsByAbstract = (files: CorpusFile[]): Map<string, string> =>
  new Map(buildCorpus(files).papers.map((p) => [p.abstract, p.id]));

describe("buildCorpus", () => {
  it("keeps paper ids when files are renamed or reordered", () => {
    const original = idsByAbstract(seedFiles);
    const renamed = idsByAbstract(seedFiles.map((f, i) => ({ ...f, name: `zz-${9 - i}-${f.name}` })));
    const reordered = idsByAbstract([...seedFiles].reverse());

    expect(renamed).toEqual(original);
    expect(reordered).toEqual(original);
    expect(new Set(original.values()).size).toBe(27);
  });

  it("merges an abstract repeated with other whitespace and case into one paper owned by both", () => {
    const corpus = buildCorpus([
      file("a.txt", "Ann Lee\n\nAnn Lee, Bo Chen\n\nWe propose Foo, a tool for bars.\n"),
      file("b.txt", "Bo Chen\n\nAnn Lee, Bo Chen\n\nWE PROPOSE  Foo,\n a tool for BARS.\n"),
    ]);

    expect(corpus.papers).toHaveLength(1);
    expect(corpus.papers[0]?.owners).toEqual(["Ann Lee", "Bo Chen"]);
    expect(corpus.papers[0]?.ownerKeys).toEqual(["annlee", "bochen"]);
    expect(corpus.papers[0]?.abstract).toBe("We propose Foo, a tool for bars.");
    expect(corpus.profiles).toBe(2);
  });

  it("reports the same abstract twice in one file and keeps one paper", () => {
    const text = "Ann Lee\n\nAnn Lee\n\nSame text here.\n\nAnn Lee, Bo Chen\n\nSame text here.\n";
    const corpus = buildCorpus([file("a.txt", text)]);
    expect(corpus.papers).toHaveLength(1);
    expect(corpus.papers[0]?.sources).toEqual([
      { file: "a.txt", line: 3 },
      { file: "a.txt", line: 7 },
    ]);
    expect(corpus.problems).toEqual([
      { file: "a.txt", line: 7, message: "the same abstract as the entry at line 3; merged into one paper" },
    ]);
  });

  it("lists a person's papers whether they are visible or only the owner", () => {
    const corpus = buildCorpus([
      file(
        "z.txt",
        "Zoe Ray\n\nAnn Lee, Bo Chen, Cy Dorn et al.\n\nHidden author paper.\n\nZoe Ray\n\nOwn paper.\n",
      ),
      file("a.txt", "Ann Lee\n\nZoë Ray\n\nVisible elsewhere.\n"),
    ]);
    const zoe = corpus.people.get("zoeray");

    expect(zoe?.name).toBe("Zoe Ray");
    expect(zoe?.profiled).toBe(true);
    expect(zoe?.paperIds).toHaveLength(3);
    const visible = corpus.papers.find((p) => p.abstract === "Visible elsewhere.");
    expect(visible?.authors).toEqual(["Zoe Ray"]);
    expect(corpus.people.get("cydorn")?.profiled).toBe(false);
  });

  it("counts files read, including those skipped, and profiles that loaded", () => {
    const corpus = buildCorpus([
      ...seedFiles,
      { name: "bad.txt", bytes: Uint8Array.from({ length: 400 }, (_, i) => (i * 7919 + 13) % 256) },
      file("empty.txt", ""),
    ]);
    expect(corpus.files).toBe(5);
    expect(corpus.profiles).toBe(3);
    expect(new Set(corpus.problems.map((p) => p.file))).toEqual(new Set(["bad.txt", "empty.txt"]));
  });

  it("returns an empty corpus, not an exception, for no files", () => {
    expect(buildCorpus([])).toMatchObject({ papers: [], files: 0, profiles: 0, problems: [] });
  });
});
