import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateSyntheticCorpus } from "../../bench/synthetic/corpus.js";
import { buildCorpus } from "../../src/corpus/build.js";

const SEEDS = new URL("../../seeds/", import.meta.url).pathname;
const sources = readdirSync(SEEDS).flatMap((name) =>
  readFileSync(join(SEEDS, name), "utf8")
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.split(/\s+/).length >= 25),
);

const generate = (papers: number, seed: string | number) =>
  generateSyntheticCorpus({ papers, seed, sources, queriesPerKind: 20 });
const parsed = (files: { name: string; text: string }[]) =>
  buildCorpus(files.map((file) => ({ name: file.name, bytes: new TextEncoder().encode(file.text) })));

describe("generateSyntheticCorpus", () => {
  const corpus = generate(300, "test");
  const built = parsed(corpus.files);

  it("gives the same files and queries for the same seed, and others for another seed", () => {
    const again = generate(300, "test");
    expect(again.files).toEqual(corpus.files);
    expect(again.queries).toEqual(corpus.queries);
    const other = generate(300, "other");
    expect(other.files[0]?.text).not.toBe(corpus.files[0]?.text);
  });

  it("writes exactly the requested number of distinct papers, all parsed without problems", () => {
    expect(corpus.papers).toBe(300);
    expect(built.problems).toEqual([]);
    expect(built.papers).toHaveLength(300);
    expect(built.files).toBe(corpus.files.length);
    expect(built.profiles).toBe(corpus.files.length);
  });

  it("starts every file with its author's name and writes author line + abstract pairs", () => {
    for (const file of corpus.files) {
      const [owner, ...rest] = file.text.trimEnd().split("\n\n");
      expect(owner).toMatch(/^\p{Lu}[\p{L}\p{M}. '-]+$/u);
      expect(rest.length % 2).toBe(0);
      for (let i = 0; i < rest.length; i += 2) {
        expect(rest[i]).toMatch(/^[^,]+(, [^,]+){0,2}( et al\.)?$/u);
      }
    }
  });

  it("shares papers between author files", () => {
    expect(corpus.entries).toBeGreaterThan(corpus.papers);
    expect(built.papers.some((paper) => paper.owners.length >= 2)).toBe(true);
  });

  it("spells some people two ways, with hyphens and accents", () => {
    const people = [...built.people.values()];
    const variants = people
      .filter((person) => person.spellings.length >= 2)
      .flatMap((person) => person.spellings);
    expect(variants.some((name) => /\p{Ll}-\p{L}/u.test(name.split(" ")[0] ?? ""))).toBe(true);
    expect(people.some((person) => /[^\p{ASCII}]/u.test(person.name))).toBe(true);
  });

  it("writes abstracts of about two hundred words", () => {
    const lengths = built.papers.map((paper) => paper.abstract.split(/\s+/).length);
    const mean = lengths.reduce((a, b) => a + b, 0) / lengths.length;
    expect(mean).toBeGreaterThan(160);
    expect(mean).toBeLessThan(240);
  });

  it("defines acronyms and named methods the way real abstracts do", () => {
    const text = built.papers.map((paper) => paper.abstract).join("\n");
    expect(text).toMatch(/(\p{Lu}\p{Ll}+ ){1,3}\p{Lu}\p{Ll}+ \((\p{Lu}{2,5})\)/u);
    expect(text).toMatch(/we propose \S+, a /);
  });

  it("emits queries of every kind whose known-item target is in exactly one paper", () => {
    const { queries } = corpus;
    expect(queries.knownItem).toHaveLength(40);
    expect(queries.knownItem.filter((entry) => entry.typo)).toHaveLength(20);
    for (const kind of [queries.topic, queries.who, queries.author]) expect(kind).toHaveLength(20);
    for (const { target } of queries.knownItem) {
      expect(built.papers.filter((paper) => paper.abstract.includes(target))).toHaveLength(1);
    }
    const pairs = queries.knownItem
      .filter((_, i) => i % 2 === 0)
      .map((entry, i) => [entry, queries.knownItem[2 * i + 1]]);
    expect(
      pairs.some(([exact, typo]) => exact?.query !== typo?.query && exact?.target === typo?.target),
    ).toBe(true);
    const names = new Set([...built.people.values()].flatMap((person) => person.spellings));
    expect(queries.author.every((entry) => names.has(entry.name))).toBe(true);
  });
});
