import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCorpus } from "../../src/corpus/build.js";
import { headlineOf } from "../../src/corpus/headline.js";
import { latexToText } from "../../src/corpus/latex.js";
import { parseCorpusText } from "../../src/corpus/parse.js";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array): Uint8Array => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);

const name = fc
  .tuple(
    fc.constantFrom("Ann", "Bo", "Zoë", "María", "Wen-Xiang", "Łukasz"),
    fc.constantFrom("Lee", "Chen", "López", "Ng"),
  )
  .map(([first, last]) => `${first} ${last}`);
const authorLine = fc
  .tuple(fc.array(name, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([names, etAl]) => `${names.join(", ")}${etAl ? " et al." : ""}`);
const abstract = fc
  .array(
    fc.constantFrom(
      "We",
      "propose",
      "Foo,",
      "a",
      "model",
      "$x^2$",
      "\\textbf{bold}",
      "(RL)",
      "tests.",
      "Ünï",
    ),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((words) => words.join(" "));
const blank = fc.constantFrom("\n\n", "\n\n\n", "\n \t\n", "\n\n\n\n");
/** A corpus file: mostly well formed, with stray paragraphs and dangling lines mixed in. */
const corpusText = fc
  .tuple(
    name,
    fc.array(fc.oneof(authorLine, abstract, fc.string()), { maxLength: 12 }),
    fc.array(blank, { minLength: 13, maxLength: 13 }),
  )
  .map(([owner, paragraphs, gaps]) =>
    [owner, ...paragraphs].map((p, i) => `${p.replace(/[\r\n]/g, " ")}${gaps[i] ?? "\n\n"}`).join(""),
  );

describe("parsing never throws", () => {
  it("on arbitrary text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (text) => {
        const parsed = parseCorpusText("x.txt", text);
        for (const problem of parsed.problems) expect(problem.line).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("on arbitrary bytes, and never lets U+FFFD in", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 4 }), (blobs) => {
        const corpus = buildCorpus(blobs.map((bytes, i) => ({ name: `${i}.txt`, bytes })));
        expect(corpus.files).toBe(blobs.length);
        for (const paper of corpus.papers) expect(paper.abstract).not.toContain("\uFFFD");
      }),
    );
  });

  it("in latexToText and headlineOf", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(typeof latexToText(text)).toBe("string");
        expect(headlineOf(text).length).toBeLessThanOrEqual(140);
      }),
    );
  });
});

describe("line endings and a BOM never change the result", () => {
  it("for LF, CRLF and CR, with and without a BOM", () => {
    fc.assert(
      fc.property(fc.array(corpusText, { minLength: 1, maxLength: 3 }), (texts) => {
        const build = (convert: (text: string) => Uint8Array) =>
          buildCorpus(texts.map((text, i) => ({ name: `${i}.txt`, bytes: convert(text) })));
        const lf = build(encode);
        expect(build((t) => encode(t.replace(/\n/g, "\r\n")))).toEqual(lf);
        expect(build((t) => encode(t.replace(/\n/g, "\r")))).toEqual(lf);
        expect(build((t) => withBom(encode(t.replace(/\n/g, "\r\n"))))).toEqual(lf);
      }),
      { numRuns: 150 },
    );
  });
});
