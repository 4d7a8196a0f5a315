import { describe, expect, it } from "vitest";
import { farSlip, firstLetterSlip, slipLikelihood } from "../../src/search/slips.js";

describe("slipLikelihood", () => {
  it("reads swaps, dropped letters, doubled letters and neighbouring keys as near slips", () => {
    expect(slipLikelihood("rewrad", "reward")).toBe(1);
    expect(slipLikelihood("memry", "memory")).toBe(1);
    expect(slipLikelihood("memmory", "memory")).toBe(1);
    expect(slipLikelihood("rewatd", "reward")).toBe(1); // t is next to r
    expect(slipLikelihood("modrel", "model")).toBe(1); // r is next to e
  });

  it("reads a key across the keyboard, or a stray letter, as a far slip", () => {
    expect(slipLikelihood("rewamd", "reward")).toBe(farSlip); // m is nowhere near r
    expect(slipLikelihood("scriic", "sciic")).toBe(farSlip); // r between c and i
  });

  it("reads a slip at the first letter as less likely than one after it, but not a swap of the first two", () => {
    expect(slipLikelihood("teward", "reward")).toBe(firstLetterSlip); // t is next to r
    expect(slipLikelihood("ewards", "rewards")).toBe(firstLetterSlip);
    expect(slipLikelihood("mewards", "rewards")).toBe(firstLetterSlip * farSlip);
    expect(slipLikelihood("erward", "reward")).toBe(1);
    expect(firstLetterSlip).toBeGreaterThan(farSlip);
  });

  it("does not judge words more than one edit apart, or letters off the keyboard", () => {
    expect(slipLikelihood("rwerad", "reward")).toBe(1);
    expect(slipLikelihood("zoë", "zoa")).toBe(1);
  });
});
