/** What a UTF-16 code unit is in a word, as FTS5's unicode61 tokenizer reads words (letters and digits). */
export const NOT_WORD = 0;
export const DIGIT = 1;
export const SMALL_LETTER = 2;
/** An uppercase or titlecase letter. */
export const CAPITAL = 3;

// Every code unit looked up the same way: a load past a table's end (NaN, read past a text's end, or a code over 127
// in an ASCII-only table) makes V8 look up every later index slowly, which was seconds over 100,000 papers.
const kinds = Uint8Array.from({ length: 0x10000 }, (_, code) => {
  const unit = String.fromCharCode(code);
  if (/\p{Lu}|\p{Lt}/u.test(unit)) return CAPITAL;
  if (/\p{L}/u.test(unit)) return SMALL_LETTER;
  return /\p{N}/u.test(unit) ? DIGIT : NOT_WORD;
});

/** The kind of the code unit at `at`: NOT_WORD past the text's end (NaN & 0xffff is 0, which is no word unit). */
export const unitKindAt = (text: string, at: number): number =>
  kinds[text.charCodeAt(at) & 0xffff] ?? NOT_WORD;
