import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldedWordsOf } from "../../src/search/analyze.js";
import { joinedCompoundsOf } from "../../src/search/compounds.js";
import { meanLengthOf } from "../../src/search/lengths.js";
import { generatedCorpus } from "./generated-corpus.js";

const rows = generatedCorpus(9000).papers.map(({ abstract }) => ({
  abstract,
  compounds: joinedCompoundsOf(abstract),
}));

/** How many words FTS5's own tokenizer finds in these rows, each column counted. */
function wordsFts5Counts(texts: readonly { abstract: string; compounds: string }[]): number {
  const db = new Database(":memory:");
  try {
    db.exec(
      "CREATE VIRTUAL TABLE t USING fts5(abstract, compounds, tokenize='unicode61 remove_diacritics 2')",
    );
    db.exec("CREATE VIRTUAL TABLE words USING fts5vocab(t, 'instance')");
    const insert = db.prepare("INSERT INTO t(abstract, compounds) VALUES (?, ?)");
    for (const { abstract, compounds } of texts) insert.run(abstract, compounds);
    const row = db.prepare("SELECT count(*) AS words FROM words").get() as { words: number };
    return row.words;
  } finally {
    db.close();
  }
}

const writing = fc.string({
  unit: fc.constantFrom(..."aZ09 -.,;()'\"/éüßΩλ日本\t\n-_"),
  maxLength: 120,
});

describe("the mean length BM25 is normed against", () => {
  it("counts the words FTS5 counts, whatever the text (accents, other scripts, punctuation, hyphens)", () => {
    fc.assert(
      fc.property(fc.array(writing, { minLength: 1, maxLength: 8 }), (abstracts) => {
        const texts = abstracts.map((abstract) => ({ abstract, compounds: joinedCompoundsOf(abstract) }));
        const words = wordsFts5Counts(texts);
        expect(meanLengthOf(texts).words).toBeCloseTo(Math.max(1, words / texts.length), 9);
      }),
      { numRuns: 200 },
    );
  });

  it("counts different words over a sample spread over the corpus, within a percent of every paper's", () => {
    const distinct = rows.map(({ abstract }) => new Set(foldedWordsOf(abstract)).size);
    const exact = distinct.reduce((sum, n) => sum + n, 0) / distinct.length;
    expect(Math.abs(meanLengthOf(rows).distinct - exact) / exact).toBeLessThan(0.01);
  });
});
