import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileQueries, QUERY_SYNTAX } from "../../bench/hostile-queries.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { fixtureCorpus } from "./fixture-corpus.js";

const index = createSearchEngine(fixtureCorpus);
const ids = new Set(fixtureCorpus.papers.map((paper) => paper.id));

// FTS5's syntax and ours (the benchmark's list, and an apostrophe), mixed with real words of the corpus:
// every one must be read as plain text.
const syntax = fc.constantFrom(...QUERY_SYNTAX, "'");
const word = fc.constantFrom(
  "reward",
  "models",
  "agents",
  "RLHF",
  "jailbrek",
  "e.g.",
  "x",
  "decoding",
  "vision-language",
);
const hostile = fc
  .array(
    fc.oneof(syntax, word, fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 })),
    {
      maxLength: 30,
    },
  )
  .map((parts) => parts.join(fc.sample(fc.constantFrom(" ", "", "  "), 1)[0] ?? " "));

function wellFormed(query: string): void {
  const result = index.search(query, { limit: 5 });
  expect(result.total).toBeGreaterThanOrEqual(result.hits.length);
  for (const hit of result.hits) expect(ids.has(hit.paper.id)).toBe(true);
  // Offered beside papers only when a typed word is in none (the notice says so), and each offer finds papers.
  if (result.hits.length > 0 && result.didYouMean !== undefined)
    expect(result.notice).toContain("No paper mentions");
  for (const offer of result.didYouMean ?? [])
    expect(index.search(offer, { limit: 1 }).total).toBeGreaterThan(0);
}

describe("whatever a user types", () => {
  it("never throws, and every hit is a paper of the corpus", () => {
    fc.assert(
      fc.property(hostile, (query) => {
        wellFormed(query);
        expect(() => index.who(query)).not.toThrow();
        expect(() => index.author(query)).not.toThrow();
        expect(() => index.paper(query)).not.toThrow();
        expect(() => index.similar(query)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("reads the benchmark's hostile queries (3,000 random letters, hundreds of words) as plain text", () => {
    for (const query of hostileQueries(["reward", "agents", "decoding"], 40)) wellFormed(query);
    expect(index.search('reward OR "models').hits.length).toBeGreaterThan(0);
    expect(index.search("NEAR(reward models)").missing).toEqual(["NEAR"]);
  });
});
