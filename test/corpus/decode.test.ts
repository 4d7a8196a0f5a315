import { describe, expect, it } from "vitest";
import { decodeCorpusBytes, firstInvalidUtf8Byte } from "../../src/corpus/decode.js";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const withBytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...utf8(p)] : p)));

function utf16(text: string, endian: "le" | "be"): Uint8Array {
  const bytes = [endian === "le" ? 0xff : 0xfe, endian === "le" ? 0xfe : 0xff];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (endian === "le") bytes.push(unit & 0xff, unit >> 8);
    else bytes.push(unit >> 8, unit & 0xff);
  }
  return new Uint8Array(bytes);
}

const TEXT = "Åsa Öberg\n\nÅsa Öberg, Zoë Ng\n\nWe study naïve Bayes — again 😀.\n";

describe("decodeCorpusBytes", () => {
  it("reads UTF-8 with and without a BOM to the same text", () => {
    const plain = decodeCorpusBytes(utf8(TEXT));
    const bom = decodeCorpusBytes(withBytes([0xef, 0xbb, 0xbf], TEXT));
    expect(plain).toMatchObject({ ok: true, text: TEXT, bom: false });
    expect(bom).toMatchObject({ ok: true, text: TEXT, bom: true });
  });

  it("reads UTF-16 LE and BE with a BOM, including characters outside the BMP", () => {
    expect(decodeCorpusBytes(utf16(TEXT, "le"))).toMatchObject({
      ok: true,
      text: TEXT,
      encoding: "utf-16le",
    });
    expect(decodeCorpusBytes(utf16(TEXT, "be"))).toMatchObject({
      ok: true,
      text: TEXT,
      encoding: "utf-16be",
    });
  });

  it("turns CRLF, CR and Unicode line separators into LF", () => {
    const decoded = decodeCorpusBytes(utf8("a\r\nb\rc\u2028d\ne"));
    expect(decoded).toMatchObject({ ok: true, text: "a\nb\nc\nd\ne" });
  });

  it("composes to NFC so that the same name is the same string", () => {
    const decomposed = "Mari\u0301a Lo\u0301pez";
    const decoded = decodeCorpusBytes(utf8(decomposed));
    expect(decoded.ok && decoded.text).toBe("María López");
  });

  it("drops zero-width characters and blanks out stray control characters", () => {
    const decoded = decodeCorpusBytes(utf8("Ann\u200B Lee\fand\u0007more"));
    expect(decoded.ok && decoded.text).toBe("Ann Lee and more");
  });

  it("refuses invalid UTF-8 and names the line of the first bad byte, never producing U+FFFD", () => {
    const decoded = decodeCorpusBytes(withBytes("Ann Lee\r\n\r\nline three ", [0xe9], " caf", [0xe9], "\n"));
    expect(decoded).toEqual({
      ok: false,
      line: 3,
      message: "not valid UTF-8 (byte 0xE9); file skipped, save it as UTF-8",
    });
  });

  it("refuses overlong forms and encoded surrogates that lenient decoders accept", () => {
    expect(decodeCorpusBytes(withBytes("ok\n", [0xc0, 0xaf]))).toMatchObject({ ok: false, line: 2 });
    expect(decodeCorpusBytes(withBytes([0xed, 0xa0, 0x80]))).toMatchObject({ ok: false, line: 1 });
    expect(decodeCorpusBytes(withBytes("a\n\nb", [0xf0, 0x9f, 0x98]))).toMatchObject({ ok: false, line: 3 });
  });

  it("refuses UTF-16 with an unpaired surrogate or an odd byte, naming the line", () => {
    const lone = utf16("Ann\nBo\uD800b", "le");
    expect(decodeCorpusBytes(lone)).toMatchObject({
      ok: false,
      line: 2,
      message: expect.stringContaining("UTF-16LE"),
    });
    const odd = new Uint8Array([...utf16("Ann\n\nx", "be"), 0x41]);
    expect(decodeCorpusBytes(odd)).toMatchObject({
      ok: false,
      line: 3,
      message: expect.stringContaining("odd number"),
    });
  });

  it("refuses text with NUL characters (UTF-16 without a BOM, or binary)", () => {
    const noBom = utf16("Ann Lee\n", "le").subarray(2);
    expect(decodeCorpusBytes(noBom)).toMatchObject({
      ok: false,
      line: 1,
      message: expect.stringContaining("NUL"),
    });
  });

  it("reads an empty file as empty text", () => {
    expect(decodeCorpusBytes(new Uint8Array())).toMatchObject({ ok: true, text: "" });
  });
});

describe("firstInvalidUtf8Byte", () => {
  it("agrees with a strict decoder on where the bytes go wrong", () => {
    expect(firstInvalidUtf8Byte(utf8("plain ascii"))).toBe(-1);
    expect(firstInvalidUtf8Byte(utf8("ünï 😀"))).toBe(-1);
    expect(firstInvalidUtf8Byte(withBytes("ab", [0x80]))).toBe(2);
    expect(firstInvalidUtf8Byte(withBytes("é", [0xf5, 0x80, 0x80, 0x80]))).toBe(2);
    expect(firstInvalidUtf8Byte(withBytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
  });
});
