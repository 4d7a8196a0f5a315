import { describe, expect, it } from "vitest";
import { createRandom, createZipfSampler } from "../../bench/synthetic/random.js";

describe("createRandom", () => {
  it("repeats its sequence for a seed and differs across seeds", () => {
    const draw = (seed: string) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw("a")).toEqual(draw("a"));
    expect(draw("a")).not.toEqual(draw("b"));
    expect(draw("a").every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe("createZipfSampler", () => {
  it("draws rank r about 1/(r+1) as often as rank 0, never out of range", () => {
    const n = 1000;
    const sample = createZipfSampler(n, 1, createRandom("zipf"));
    const counts = new Array<number>(n).fill(0);
    const draws = 200_000;
    let outOfRange = 0;
    for (let i = 0; i < draws; i++) {
      const rank = sample();
      if (rank < 0 || rank >= n || !Number.isInteger(rank)) outOfRange++;
      else counts[rank] = (counts[rank] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    let harmonic = 0;
    for (let r = 1; r <= n; r++) harmonic += 1 / r;
    expect((counts[0] ?? 0) / draws).toBeCloseTo(1 / harmonic, 2);
    expect((counts[1] ?? 0) / (counts[0] ?? 1)).toBeCloseTo(0.5, 1);
    expect((counts[9] ?? 0) / (counts[0] ?? 1)).toBeCloseTo(0.1, 1);
  });
});
