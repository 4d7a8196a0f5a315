/**
 * Finds the words of a text (runs of letters and digits, as /[\p{L}\p{N}]+/u does) and their ids,
 * and the joined spelling of words chained by single hyphens ("PPO-max" → "PPOmax"), without
 * slicing a string per word: reading 100,000 abstracts is dominated by this loop. A spelling is
 * known by its length and two independent 32-bit hashes (a clash among a million spellings has odds
 * around 1 in 10^7), so a lookup touches one cache line instead of the string; only a spelling seen
 * for the first time is cut out and handed to `idOfNew`.
 */
export interface WordScanner {
  scan(text: string, onWord: (id: number) => void, onCompound: (id: number) => void): void;
}

const letterOrDigit = /^[\p{L}\p{N}]$/u;
const hyphen = 45;
/** Per UTF-16 code unit outside surrogates: 0 unknown, 1 word character, 2 not. */
const classOfUnit = new Uint8Array(0x10000);
for (let code = 0; code < 128; code++) {
  classOfUnit[code] = letterOrDigit.test(String.fromCharCode(code)) ? 1 : 2;
}

/** Code units the character at `i` spans when it is a letter or digit, else minus its width. */
function wordUnitsAt(text: string, i: number, code: number): number {
  if (code >= 0xd800 && code <= 0xdbff) {
    const point = text.codePointAt(i) as number;
    if (point > 0xffff) return letterOrDigit.test(String.fromCodePoint(point)) ? 2 : -2;
    return -1;
  }
  let kind = classOfUnit[code] as number;
  if (kind === 0) {
    kind = letterOrDigit.test(String.fromCharCode(code)) ? 1 : 2;
    classOfUnit[code] = kind;
  }
  return kind === 1 ? 1 : -1;
}

const seed1 = 0x811c9dc5;
const seed2 = 0x3c6ef372;
const mix1 = (hash: number, code: number) => Math.imul(hash ^ code, 0x01000193);
const mix2 = (hash: number, code: number) => {
  const h = Math.imul(hash ^ code, 0x5bd1e995);
  return h ^ (h >>> 15);
};
// Slot layout: hash1, hash2, length + 1 (0 = empty), id.
const width = 4;

export function createWordScanner(idOfNew: (spelling: string) => number): WordScanner {
  let slots = new Int32Array(width << 16);
  let size = 0;

  const place = (table: Int32Array, h1: number, h2: number, length: number, id: number): void => {
    const mask = table.length / width - 1;
    let slot = (h1 ^ (h2 >>> 7)) & mask;
    while (table[slot * width + 2] !== 0) slot = (slot + 1) & mask;
    const at = slot * width;
    table[at] = h1;
    table[at + 1] = h2;
    table[at + 2] = length + 1;
    table[at + 3] = id;
  };

  /** The id of the spelling hashed to (h1, h2, length): text[start, end), hyphens dropped when `joined`. */
  const idFor = (
    h1: number,
    h2: number,
    length: number,
    text: string,
    start: number,
    end: number,
    joined: boolean,
  ) => {
    const mask = slots.length / width - 1;
    let slot = (h1 ^ (h2 >>> 7)) & mask;
    for (;;) {
      const at = slot * width;
      const stored = slots[at + 2] as number;
      if (stored === 0) break;
      if (stored === length + 1 && slots[at] === h1 && slots[at + 1] === h2) return slots[at + 3] as number;
      slot = (slot + 1) & mask;
    }
    const spelling = joined ? text.slice(start, end).replaceAll("-", "") : text.slice(start, end);
    const id = idOfNew(spelling);
    place(slots, h1, h2, length, id);
    size++;
    if (size * 2 > slots.length / width) {
      const bigger = new Int32Array(slots.length * 2);
      for (let at = 0; at < slots.length; at += width) {
        const stored = slots[at + 2] as number;
        if (stored !== 0)
          place(bigger, slots[at] as number, slots[at + 1] as number, stored - 1, slots[at + 3] as number);
      }
      slots = bigger;
    }
    return id;
  };

  /** The id of the words chained from `start` to `end`, joined without their hyphens. */
  const chainIdOf = (text: string, start: number, end: number): number => {
    let h1 = seed1;
    let h2 = seed2;
    let length = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code === hyphen) continue;
      h1 = mix1(h1, code);
      h2 = mix2(h2, code);
      length++;
    }
    return idFor(h1, h2, length, text, start, end, true);
  };

  return {
    scan(text, onWord, onCompound) {
      const length = text.length;
      let chainStart = 0;
      let chainWords = 0;
      let previousEnd = -2;
      let i = 0;
      while (i < length) {
        let code = text.charCodeAt(i);
        let units = code < 128 ? (classOfUnit[code] === 1 ? 1 : -1) : wordUnitsAt(text, i, code);
        if (units < 0) {
          i -= units;
          continue;
        }
        const start = i;
        let h1 = seed1;
        let h2 = seed2;
        while (units > 0) {
          h1 = mix1(h1, code);
          h2 = mix2(h2, code);
          if (units === 2) {
            const low = text.charCodeAt(i + 1);
            h1 = mix1(h1, low);
            h2 = mix2(h2, low);
          }
          i += units;
          if (i >= length) break;
          code = text.charCodeAt(i);
          units = code < 128 ? (classOfUnit[code] === 1 ? 1 : -1) : wordUnitsAt(text, i, code);
        }
        onWord(idFor(h1, h2, i - start, text, start, i, false));
        if (chainWords > 0 && previousEnd === start - 1 && text.charCodeAt(previousEnd) === hyphen) {
          chainWords++;
        } else {
          if (chainWords > 1) onCompound(chainIdOf(text, chainStart, previousEnd));
          chainStart = start;
          chainWords = 1;
        }
        previousEnd = i;
      }
      if (chainWords > 1) onCompound(chainIdOf(text, chainStart, previousEnd));
    },
  };
}
