import { describe, expect, it } from "vitest";
import { allOf, anyOf, atLeast, phraseOf, without } from "../../src/search/match.js";

describe("FTS5 query text", () => {
  it("quotes words and phrases, and lets nothing but letters and digits through", () => {
    expect(phraseOf(["reward", "models"])).toBe('"reward models"');
    expect(phraseOf(['a"b', "NEAR(", "ok"])).toBe('"ok"');
    expect(() => phraseOf(["*", ")"])).toThrow();
  });

  it("asks for at least m of n clauses", () => {
    expect(atLeast(['"a"', '"b"', '"c"'], 3)).toBe('("a" AND "b" AND "c")');
    expect(atLeast(['"a"', '"b"', '"c"'], 1)).toBe('("a" OR "b" OR "c")');
    expect(atLeast(['"a"', '"b"', '"c"'], 2)).toBe('(("a" AND "b") OR ("a" AND "c") OR ("b" AND "c"))');
    const many = Array.from({ length: 12 }, (_, i) => `"w${i}"`);
    expect(atLeast(many, 6)).toBeUndefined();
  });

  it("combines and excludes", () => {
    expect(allOf(['"a"'])).toBe('"a"');
    expect(anyOf(['"a"', '"b"'])).toBe('("a" OR "b")');
    expect(without('"a"', ['"b"'])).toBe('"a" NOT "b"');
    expect(without('"a"', [])).toBe('"a"');
  });
});
