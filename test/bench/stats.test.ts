import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatNumber,
  formatTable,
  pairedComparison,
  percentile,
  reciprocalRank,
  summarize,
} from "../../bench/stats.js";

describe("percentile", () => {
  it("uses the nearest rank, whatever the input order", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
  });

  it("reports the slow outlier as p99 of a small sample", () => {
    expect(percentile([3, 1, 2, 250], 99)).toBe(250);
    expect(percentile([3, 1, 2, 250], 50)).toBe(2);
  });

  it("is NaN for no values and refuses percentages outside 0..100", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it("is a value of the sample and grows with p", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (values, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(values).toContain(percentile(values, low));
          expect(percentile(values, low)).toBeLessThanOrEqual(percentile(values, high));
        },
      ),
    );
  });
});

describe("summarize", () => {
  it("gives count, median, p99, max and mean", () => {
    expect(summarize([4, 1, 3, 2])).toEqual({ count: 4, p50: 2, p99: 4, max: 4, mean: 2.5 });
  });

  it("survives a large sample without overflowing the argument list", () => {
    const values = Array.from({ length: 300_000 }, (_, i) => i % 1000);
    expect(summarize(values).max).toBe(999);
  });
});

describe("reciprocalRank", () => {
  it("is 1/rank within the first k and 0 beyond", () => {
    expect(reciprocalRank(["a", "b", "c"], "a")).toBe(1);
    expect(reciprocalRank(["a", "b", "c"], "c")).toBeCloseTo(1 / 3);
    expect(reciprocalRank(["a", "b", "c"], "c", 2)).toBe(0);
    expect(reciprocalRank([], "a")).toBe(0);
  });
});

describe("formatTable", () => {
  it("aligns the first column left and numbers right under a rule", () => {
    const table = formatTable(
      ["engine", "build s"],
      [
        ["ours", "1.25"],
        ["plain", "12.50"],
      ],
    );
    expect(table.split("\n")).toEqual([
      "engine  build s",
      "------  -------",
      "ours       1.25",
      "plain     12.50",
    ]);
  });

  it("shows missing figures as n/a", () => {
    expect(formatNumber(undefined)).toBe("n/a");
    expect(formatNumber(Number.NaN)).toBe("n/a");
    expect(formatNumber(0.1234, 2)).toBe("0.12");
  });
});

describe("pairedComparison", () => {
  const seeded = () => {
    let state = 1;
    return () => {
      state = (state * 48271) % 2147483647;
      return state / 2147483647;
    };
  };

  it("counts the queries each side wins and leaves out pairs it cannot score", () => {
    const result = pairedComparison([1, 0.5, 0, Number.NaN], [0.5, 0.5, 1, 1], seeded());
    expect(result).toMatchObject({ queries: 3, better: 1, worse: 1, mean: 0.5, baseline: 2 / 3 });
    expect(result.difference).toBeCloseTo(-1 / 6);
  });

  it("gives an interval around the difference that spans zero for a coin flip and not for a clear win", () => {
    const flips = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const even = pairedComparison(flips, [...flips].reverse(), seeded());
    expect(even.interval[0]).toBeLessThan(0);
    expect(even.interval[1]).toBeGreaterThan(0);
    const clear = pairedComparison(
      flips.map(() => 1),
      flips,
      seeded(),
    );
    expect(clear.interval[0]).toBeGreaterThan(0.3);
    expect(clear.interval[0]).toBeLessThanOrEqual(clear.difference);
    expect(clear.interval[1]).toBeGreaterThanOrEqual(clear.difference);
  });
});
