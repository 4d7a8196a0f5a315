import { describe, expect, it } from "vitest";
import { createSearchEngine } from "../../src/search/engine.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import { fixtureCorpus } from "./fixture-corpus.js";

const index = createSearchEngine(fixtureCorpus);

describe("paper", () => {
  it("finds a paper by full id or unambiguous prefix, in any case", () => {
    expect(index.paper("c0ffee1234")?.id).toBe("c0ffee1234");
    expect(index.paper("C0FFEE")?.id).toBe("c0ffee1234");
    expect(index.paper("d00d5eed")).toBeUndefined();
    expect(index.paper("zzz")).toBeUndefined();
    expect(index.paper("")).toBeUndefined();
  });
});

describe("similar", () => {
  it("ranks papers sharing the paper's distinctive words first, never itself", () => {
    const hits = index.similar("d00d5eed01") ?? [];
    expect(hits[0]?.paper.id).toBe("d00d5eed02");
    expect(hits.map((h) => h.paper.id)).not.toContain("d00d5eed01");
    expect(index.similar("b7c8")?.[0]?.paper.id).toBe("c0ffee1234");
  });

  it("is undefined for an unknown id", () => {
    expect(index.similar("nope")).toBeUndefined();
  });
});

describe("random", () => {
  it("uses the injected source: the same seed gives the same papers", () => {
    const pick = (seed: number) => {
      const source = seededRandom(seed);
      return [1, 2, 3, 4, 5].map(() => index.random(source).id);
    };
    expect(pick(42)).toEqual(pick(42));
    expect(new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => pick(seed).join())).size).toBeGreaterThan(1);
  });

  it("maps the ends of [0, 1) to the first and last paper", () => {
    expect(index.random(() => 0).id).toBe(fixtureCorpus.papers[0]?.id);
    expect(index.random(() => 0.999999).id).toBe(fixtureCorpus.papers.at(-1)?.id);
  });
});
