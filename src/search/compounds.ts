const letterOrDigit = /[\p{L}\p{N}]/u;
// Every UTF-16 code unit, looked up the same way: a load past a table's end (NaN, read past a text's end, or a code
// over 127 in an ASCII-only table) makes V8 look up every later index slowly, which was seconds over 100,000 papers.
const wordUnits = Uint8Array.from({ length: 0x10000 }, (_, code) =>
  letterOrDigit.test(String.fromCharCode(code)) ? 1 : 0,
);

/** Whether a UTF-16 code unit is part of a word, as FTS5's unicode61 tokenizer reads one (letters and digits). */
function isWordUnit(code: number): boolean {
  // NaN (what charCodeAt gives past the end) & 0xffff is 0, which is no word unit.
  return wordUnits[code & 0xffff] === 1;
}

/**
 * Hyphenated words written joined, so that "PPO-max" is found as "ppomax" too (and a slip in it corrected).
 * Read around each hyphen only: a scan of every word would cost seconds over 100,000 abstracts.
 */
export function joinedCompoundsOf(text: string): string {
  const found: string[] = [];
  let end = 0;
  for (let at = text.indexOf("-"); at > 0; at = text.indexOf("-", Math.max(at + 1, end))) {
    if (!isWordUnit(text.charCodeAt(at - 1)) || !isWordUnit(text.charCodeAt(at + 1))) continue;
    let start = at - 1;
    while (start > 0 && isWordUnit(text.charCodeAt(start - 1))) start--;
    end = at + 1;
    while (
      end < text.length &&
      (isWordUnit(text.charCodeAt(end)) || (text[end] === "-" && isWordUnit(text.charCodeAt(end + 1))))
    )
      end++;
    found.push(text.slice(start, end).replaceAll("-", ""));
  }
  return found.join(" ");
}
