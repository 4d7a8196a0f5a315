import { byCodePoint } from "./names.js";
import type { Acronym } from "./types.js";

/** Small words a long form may carry without a letter in the acronym ("Learning from Human Feedback"). */
const FREE_WORDS = new Set(
  `a an and as at by for from in into of on or over the through to under via with`.split(/\s+/),
);

interface Part {
  text: string;
  /** First part of a whitespace-separated word (not after a hyphen). */
  wordStart: boolean;
  /** May be left without a letter at no cost. */
  free: boolean;
}

const SHORT_FORM = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Za-z][A-Za-z0-9-]{0,9}$/;
const LONG_WORD = /^[\p{L}][\p{L}\p{N}'’-]*$/u;
const PAREN = /\(([^()]{1,120})\)/g;
const WORD_BEFORE = /([\p{L}\p{N}][\p{L}\p{N}-]*)\s*$/u;

function singular(word: string): string {
  return /[^s]s$/i.test(word) && word.length > 3 ? word.slice(0, -1) : word;
}

/** The acronym's letters, singular ("LLMs" → "LLM"), or undefined when it is not shaped like one. */
function shortFormOf(text: string): { short: string; plural: boolean } | undefined {
  if (!SHORT_FORM.test(text)) return undefined;
  const plural = /[A-Z]s$/.test(text);
  return { short: plural ? text.slice(0, -1) : text, plural };
}

function partsOf(words: string[]): Part[] {
  const parts: Part[] = [];
  for (const word of words) {
    word
      .split("-")
      .filter((p) => p.length > 0)
      .forEach((text, index) => {
        parts.push({ text, wordStart: index === 0, free: index > 0 || FREE_WORDS.has(text.toLowerCase()) });
      });
  }
  return parts;
}

/** Whether `letters` are, in order, the initials (or a word's first letters: "LoRA") of `parts[start..]`. */
function initialsMatch(letters: string, parts: Part[], start: number, skips: number): boolean {
  const seen = new Map<string, boolean>();
  const match = (i: number, p: number, left: number): boolean => {
    if (i === letters.length) {
      for (let q = p; q < parts.length; q++) {
        if (!(parts[q]?.free ?? true)) left -= 1;
      }
      return left >= 0;
    }
    if (p === parts.length) return false;
    const memo = `${i},${p},${left}`;
    const known = seen.get(memo);
    if (known !== undefined) return known;
    const part = parts[p];
    let ok = false;
    if (part !== undefined && part.text[0]?.toLowerCase() === letters[i]?.toLowerCase()) {
      let k = 1;
      ok = match(i + 1, p + 1, left);
      while (!ok && k < part.text.length && part.text[k] === letters[i + k]) {
        k += 1;
        ok = match(i + k, p + 1, left);
      }
    }
    if (!ok && p !== start && part !== undefined) {
      ok = part.free ? match(i, p + 1, left) : left > 0 && match(i, p + 1, left - 1);
    }
    seen.set(memo, ok);
    return ok;
  };
  return match(0, start, skips);
}

function skipBudget(letters: string): number {
  return letters.length >= 4 ? Math.floor(letters.length / 2) : letters.length === 3 ? 1 : 0;
}

function letterCount(text: string): string {
  return text.replace(/[^A-Za-z]/g, "");
}

/** "Long Form (LF)": the shortest run of words before the parenthesis whose initials spell the acronym. */
function longFormBefore(before: string, short: string): string | undefined {
  const letters = letterCount(short);
  const words = before
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(-(letters.length * 2 + 3));
  const cut = words.findLastIndex((w) => !LONG_WORD.test(w));
  const candidates = words.slice(cut + 1);
  for (let start = candidates.length - 1; start >= 0; start--) {
    const window = candidates.slice(start);
    const parts = partsOf(window);
    if (parts.length < 2 || FREE_WORDS.has(window[0]?.toLowerCase() ?? "")) continue;
    if (initialsMatch(letters, parts, 0, skipBudget(letters))) return window.join(" ");
  }
  return undefined;
}

/** "LF (Long Form)": the whole parenthesis, starting with the acronym's first letter. */
function longFormInside(inside: string, short: string): string | undefined {
  const words = inside.split(/\s+/).filter((w) => w.length > 0);
  if (words.length > 12 || !words.every((w) => LONG_WORD.test(w))) return undefined;
  const parts = partsOf(words);
  if (parts.length < 2) return undefined;
  const letters = letterCount(short);
  return initialsMatch(letters, parts, 0, skipBudget(letters)) ? words.join(" ") : undefined;
}

function singularLongForm(long: string, plural: boolean): string {
  if (!plural) return long;
  const words = long.split(" ");
  const last = words.pop() ?? "";
  return [...words, singular(last)].join(" ");
}

/** Acronyms defined as "Long Form (LF)" or "LF (Long Form)", singular, each in its most seen spelling. */
export function mineAcronyms(texts: Iterable<string>): Acronym[] {
  const found = new Map<string, { short: string; spellings: Map<string, number> }>();
  const add = (short: string, long: string): void => {
    const id = `${short}\u0000${long.toLowerCase()}`;
    let entry = found.get(id);
    if (entry === undefined) {
      entry = { short, spellings: new Map() };
      found.set(id, entry);
    }
    entry.spellings.set(long, (entry.spellings.get(long) ?? 0) + 1);
  };
  for (const text of texts) {
    if (!text.includes("(")) continue;
    for (const m of text.matchAll(PAREN)) {
      const inside = (m[1] ?? "").trim();
      const before = text.slice(Math.max(0, m.index - 300), m.index);
      const asShort = shortFormOf(inside);
      if (asShort !== undefined) {
        const long = longFormBefore(before, asShort.short);
        if (long !== undefined) add(asShort.short, singularLongForm(long, asShort.plural));
        continue;
      }
      const wordBefore = WORD_BEFORE.exec(before)?.[1];
      const shortBefore = wordBefore === undefined ? undefined : shortFormOf(wordBefore);
      if (shortBefore !== undefined) {
        const long = longFormInside(inside, shortBefore.short);
        if (long !== undefined) add(shortBefore.short, singularLongForm(long, shortBefore.plural));
      }
    }
  }
  const acronyms: Acronym[] = [];
  for (const { short, spellings } of found.values()) {
    const long = [...spellings.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
    if (long !== undefined && long.toLowerCase() !== short.toLowerCase()) acronyms.push({ short, long });
  }
  return acronyms.sort((a, b) => byCodePoint(a.short, b.short) || byCodePoint(a.long, b.long));
}
