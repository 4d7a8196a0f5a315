import { Buffer, isAscii, isUtf8 } from "node:buffer";

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be";

export type DecodedText =
  /** `ascii`: the bytes were printable-or-control ASCII only, so the text needs no Unicode cleaning. */
  | { ok: true; text: string; encoding: TextEncodingName; bom: boolean; ascii?: boolean }
  | { ok: false; line: number; message: string };

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const UTF8_LENIENT = new TextDecoder("utf-8", { ignoreBOM: true });
const UTF16LE = new TextDecoder("utf-16le", { ignoreBOM: true });

const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;
// Control characters other than tab and newline, and invisible format characters, carry no text.
const CONTROLS = /[^\P{Cc}\t\n]/gu;
const INVISIBLES = /[\u200B\u2060\uFEFF]/g;
const ODD_SPACES = /[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const CONTROLS_PRESENT = /[^\P{Cc}\t\n]/u;
// Anything the slow path below would change, bar NFC: one scan decides whether it is needed. Explicit
// ranges (Cc is U+0000-001F and U+007F-009F) scan much faster than \p{Cc}.
const NEEDS_CLEANING =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;
// A plain character class: much faster to scan than \p{…}, and most files are printable ASCII only.
const NON_ASCII = /[^\t\n\r\x20-\x7E]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const ASCII_CONTROLS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

/** Index of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
export function firstInvalidUtf8Byte(bytes: Uint8Array, start = 0): number {
  const n = bytes.length;
  let i = start;
  while (i < n) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      const min = k === 1 ? low : 0x80;
      const max = k === 1 ? high : 0xbf;
      if (c === undefined || c < min || c > max) return i;
    }
    i += need + 1;
  }
  return -1;
}

const ANY_LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;

/** 1-based number of the line on which the text after `prefix` starts. */
function countLines(prefix: string): number {
  return (prefix.match(ANY_LINE_BREAK)?.length ?? 0) + 1;
}

/** Index of the first code unit of a UTF-16 stream that is an unpaired surrogate, or -1. */
function firstInvalidUtf16Unit(units: Uint16Array): number {
  for (let i = 0; i < units.length; i++) {
    const u = units[i] ?? 0;
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = units[i + 1];
      if (next === undefined || next < 0xdc00 || next > 0xdfff) return i;
      i += 1;
    } else if (u >= 0xdc00 && u <= 0xdfff) return i;
  }
  return -1;
}

function decodeUtf16(bytes: Uint8Array, encoding: "utf-16le" | "utf-16be"): DecodedText {
  const body = bytes.subarray(2);
  const evenLength = body.length - (body.length % 2);
  const le = new Uint8Array(evenLength);
  for (let i = 0; i < evenLength; i += 2) {
    const a = body[i] ?? 0;
    const b = body[i + 1] ?? 0;
    le[i] = encoding === "utf-16le" ? a : b;
    le[i + 1] = encoding === "utf-16le" ? b : a;
  }
  const units = new Uint16Array(le.buffer, 0, evenLength / 2);
  const bad = firstInvalidUtf16Unit(units);
  if (bad >= 0 || evenLength !== body.length) {
    const at = bad >= 0 ? bad : units.length;
    const problem = bad >= 0 ? "an unpaired surrogate" : "an odd number of bytes";
    return {
      ok: false,
      line: countLines(UTF16LE.decode(le.subarray(0, at * 2))),
      message: `not valid ${encoding.toUpperCase()} (${problem}); file skipped, save it as UTF-8`,
    };
  }
  return { ok: true, text: UTF16LE.decode(le), encoding, bom: true };
}

function decodeUtf8(bytes: Uint8Array, bom: boolean): DecodedText {
  const body = bom ? bytes.subarray(3) : bytes;
  // isAscii/isUtf8 validate with SIMD; a validated buffer then decodes without the strict decoder's cost.
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (isAscii(buffer))
    return { ok: true, text: buffer.toString("latin1"), encoding: "utf-8", bom, ascii: true };
  try {
    if (isUtf8(buffer)) return { ok: true, text: buffer.toString("utf8"), encoding: "utf-8", bom };
    return { ok: true, text: UTF8.decode(body), encoding: "utf-8", bom };
  } catch {
    const bad = Math.max(0, firstInvalidUtf8Byte(body));
    const line = countLines(UTF8_LENIENT.decode(body.subarray(0, bad)));
    const hex = (body[bad] ?? 0).toString(16).toUpperCase().padStart(2, "0");
    return {
      ok: false,
      line,
      message: `not valid UTF-8 (byte 0x${hex}); file skipped, save it as UTF-8`,
    };
  }
}

function asciiText(text: string, controls: boolean): string {
  const lines = text.includes("\r") ? text.replace(LINE_BREAKS, "\n") : text;
  const spaced = lines.includes("\t") ? lines.replace(/\t/g, " ") : lines;
  return controls ? spaced.replace(CONTROLS, " ") : spaced;
}

/** Clean text: one kind of line break ("\n"), plain spaces only, no control or invisible characters, NFC. */
export function normalizeText(text: string, ascii = false): string {
  if (ascii) return asciiText(text, ASCII_CONTROLS.test(text));
  if (!NON_ASCII.test(text)) return asciiText(text, false);
  if (!NEEDS_CLEANING.test(text)) return text.normalize("NFC");
  let out = text.replace(LINE_BREAKS, "\n").replace(ODD_SPACES, " ");
  if (CONTROLS_PRESENT.test(out)) out = out.replace(CONTROLS, " ");
  return out.replace(INVISIBLES, "").normalize("NFC");
}

/**
 * Bytes of an author file → clean text. UTF-8 with or without a BOM, UTF-16 LE/BE with a BOM.
 * Invalid bytes are never replaced: the file is refused with the line of the first bad byte.
 */
export function decodeCorpusBytes(bytes: Uint8Array): DecodedText {
  let decoded: DecodedText;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) decoded = decodeUtf16(bytes, "utf-16le");
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) decoded = decodeUtf16(bytes, "utf-16be");
  else decoded = decodeUtf8(bytes, bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf);
  if (!decoded.ok) return decoded;
  const nul = decoded.text.indexOf("\u0000");
  if (nul >= 0) {
    const line = countLines(decoded.text.slice(0, nul));
    return {
      ok: false,
      line,
      message: "holds a NUL character (a binary file, or UTF-16 without a byte-order mark); file skipped",
    };
  }
  return { ...decoded, text: normalizeText(decoded.text, decoded.ascii === true) };
}
