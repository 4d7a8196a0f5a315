import { describe, expect, it } from "vitest";
import { editDistance } from "../../src/search/edit-distance.js";

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions, and a swap of neighbours once", () => {
    expect(editDistance("chen", "chen")).toBe(0);
    expect(editDistance("chen", "cheng")).toBe(1);
    expect(editDistance("zhou", "zhu")).toBe(1);
    expect(editDistance("enyu", "enzu")).toBe(1);
    expect(editDistance("enyu", "eynu")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  it("stops at the cap, answering cap + 1", () => {
    expect(editDistance("wenxiangchen", "zhihengxi", 2)).toBe(3);
    expect(editDistance("abc", "abcdefgh", 1)).toBe(2);
  });

  it("gives the same answer for long names after short ones (no state carried over)", () => {
    const long = "wolfgangamadeusmozartjunior";
    expect(editDistance("ab", "ba")).toBe(1);
    expect(editDistance(long, `${long}x`)).toBe(1);
    expect(editDistance("ab", "ba")).toBe(1);
  });
});
