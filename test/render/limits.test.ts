import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunksOf, truncate } from "../../src/render/limits.js";
import { isWellFormed } from "./well-formed.js";

describe("truncate", () => {
  it("leaves text that fits alone and marks a cut with an ellipsis", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("a longer sentence", 10)).toBe("a longer…");
  });

  it("never splits an entity: the cut moves before it", () => {
    expect(truncate("fish &amp; chips", 9)).toBe("fish…");
    expect(truncate("a&lt;b", 4)).toBe("a…");
  });

  it("never splits a surrogate pair", () => {
    expect(truncate("ab😀cd", 4)).toBe("ab…");
  });

  it("stays within the maximum for any text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        fc.integer({ min: 1, max: 200 }),
        (text, max) => {
          const cut = truncate(text, max);
          expect(cut.length).toBeLessThanOrEqual(max);
          expect(isWellFormed(cut)).toBe(true);
        },
      ),
    );
  });
});

describe("chunksOf", () => {
  it("splits at word breaks into pieces that fit, losing no words", () => {
    const text = "alpha beta gamma delta epsilon";
    const chunks = chunksOf(text, 12);
    expect(chunks.every((chunk) => chunk.length <= 12)).toBe(true);
    expect(chunks.join(" ")).toBe(text);
  });

  it("keeps entities whole across pieces", () => {
    const chunks = chunksOf("&amp;".repeat(10), 12);
    expect(chunks.every((chunk) => /^(&amp;)+$/.test(chunk))).toBe(true);
    expect(chunks.join("")).toBe("&amp;".repeat(10));
  });
});
