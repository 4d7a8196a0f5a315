import { describe, expect, it } from "vitest";
// @ts-expect-error: bin/ is plain JavaScript without types
import { asciiOnly } from "../../bin/launch.js";

/** What a piece of source evaluates to (a function body that returns its values). */
const valuesOf = (source: string): unknown => new Function(source)();

describe("the bundle's source in ASCII (V8 holds it in one byte a character)", () => {
  it("means what the source meant: strings, regular expressions, identity escapes, classes, astral characters", () => {
    const source = String.raw`
      // a comment with an apostrophe ’ and a dash —
      const stem = (word) => word.replace(/\’s$|\'s$/, "").replace(/[\’\']$/, "");
      const dashes = /[–—-]+/u;
      const café = "naïve ’quote’ \’ 😀";
      return [stem("model’s"), stem("models’"), dashes.test("a—b"), café, /😀/u.test("x😀"), "é".length];
    `;
    const ascii = asciiOnly(source);
    expect(/[^\t\n -~]/.test(ascii)).toBe(false);
    expect(valuesOf(ascii)).toEqual(valuesOf(source));
    expect(valuesOf(ascii)).toEqual(["model", "models", true, "naïve ’quote’ ’ 😀", true, 1]);
  });
});
