import { beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { createSearchIndex } from "../../src/search/index.js";
import type { SearchIndex } from "../../src/search/types.js";

let index: SearchIndex;
beforeAll(async () => {
  index = createSearchIndex(await loadCorpus("seeds"));
});

describe("related papers after a short list of matches (seeds)", () => {
  it("fills the page with papers related to the few matches, after them, flagged and announced", () => {
    const result = index.search("continual learning");
    const matching = result.hits.filter((hit) => !hit.related);
    const related = result.hits.filter((hit) => hit.related);
    expect(matching[0]?.paper.headline).toMatch(/^TRACE/);
    expect(related.length).toBeGreaterThan(0);
    expect(result.hits.findIndex((hit) => hit.related)).toBe(matching.length);
    // LoRAMoE is about forgetting world knowledge, never says "continual", and is related to TRACE.
    expect(related.map((hit) => hit.paper.headline)).toContainEqual(expect.stringMatching(/^LoRAMoE/));
    expect(result.total).toBe(result.hits.length);
    expect(result.notice).toContain(`Only ${matching.length} papers mention`);
  });

  it("adds nothing when no other paper is close", () => {
    const result = index.search("stereo matching");
    expect(result.hits.map((hit) => hit.related ?? false)).toEqual([false]);
    expect(result.notice).toBeUndefined();
  });

  it("adds nothing to a quoted phrase", () => {
    expect(index.search('"continual learning"').hits.every((hit) => !hit.related)).toBe(true);
  });
});
