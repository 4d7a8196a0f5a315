// Every UTF-16 code unit looked up the same way: a load past a table's end (NaN, read past a text's end, or a code over
// 127 in an ASCII-only table) makes V8 look up every later index slowly, which was seconds over 100,000 papers.
const wordUnits = Uint8Array.from({ length: 0x10000 }, (_, code) =>
  /[\p{L}\p{N}]/u.test(String.fromCharCode(code)) ? 1 : 0,
);

/**
 * Whether the code unit at `at` is part of a word, as FTS5's unicode61 tokenizer reads one (letters and digits); none
 * is past the text's end (NaN & 0xffff is 0, which is no word unit).
 */
export const isWordUnitAt = (text: string, at: number): boolean =>
  wordUnits[text.charCodeAt(at) & 0xffff] === 1;
