import { LRUCache } from "lru-cache";
import { stemmer } from "stemmer";
import { eng } from "stopword/src/stopwords_eng.js";
import type { Acronym } from "../corpus/types.js";

/** A word of the original text and where it sits, so snippets can mark it. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const stopWords: ReadonlySet<string> = new Set(eng);
const asciiOnly = /^[ -~]*$/;
const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without accents, as the index's tokenizer folds them: "Zoë" → "zoe". */
export function foldedText(text: string): string {
  // Plain ASCII has nothing to decompose or strip: the common case, and much faster.
  if (asciiOnly.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

export function wordsOf(text: string): Word[] {
  return Array.from(text.matchAll(wordPattern), (m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The folded words of a text, in order, stop words included. */
export function foldedWordsOf(text: string): string[] {
  return foldedText(text).match(wordPattern) ?? [];
}

export function isStopWord(folded: string): boolean {
  return stopWords.has(folded);
}

/** Stems already worked out, the least recently used let go: snippets and re-ranking stem every word of the
 * abstracts they read. "" stands for a stop word (the cache holds no undefined). */
const stems = new LRUCache<string, string>({ max: 100_000 });

/** The stem of one word (Porter, as the index stems), or undefined for a stop word. */
export function termOf(word: string): string | undefined {
  let stem = stems.get(word);
  if (stem === undefined) {
    const folded = foldedText(word);
    stem = folded === "" || stopWords.has(folded) ? "" : /^\p{N}+$/u.test(folded) ? folded : stemmer(folded);
    stems.set(word, stem);
  }
  return stem === "" ? undefined : stem;
}

/** The stems of a text in order, stop words dropped: how acronym long forms are recognised in a query. */
export function termSequenceOf(text: string): string[] {
  const terms: string[] = [];
  for (const word of wordsOf(text)) {
    const term = termOf(word.text);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}

/** An acronym with both sides analysed, ready to expand a query either way. */
export interface AcronymTerms {
  short: string;
  long: string;
  shortTerm: string;
  longTerms: string[];
}

export interface AcronymTable {
  byShort: Map<string, AcronymTerms[]>;
  byFirstLongTerm: Map<string, AcronymTerms[]>;
}

/** Analysed acronyms; entries whose short form is a stop word or whose long form is a single term are dropped. */
function acronymTermsOf(acronyms: readonly Acronym[]): AcronymTerms[] {
  const seen = new Set<string>();
  const result: AcronymTerms[] = [];
  for (const { short, long } of acronyms) {
    const shortTerm = termOf(short);
    const longTerms = termSequenceOf(long);
    const key = `${shortTerm} ${foldedText(long)}`;
    if (shortTerm === undefined || longTerms.length < 2 || seen.has(key)) continue;
    seen.add(key);
    result.push({ short, long, shortTerm, longTerms });
  }
  return result;
}

export function acronymTableOf(acronyms: readonly Acronym[]): AcronymTable {
  const table: AcronymTable = { byShort: new Map(), byFirstLongTerm: new Map() };
  const push = (map: Map<string, AcronymTerms[]>, key: string, entry: AcronymTerms) => {
    const list = map.get(key);
    if (list) list.push(entry);
    else map.set(key, [entry]);
  };
  for (const entry of acronymTermsOf(acronyms)) {
    push(table.byShort, entry.shortTerm, entry);
    push(table.byFirstLongTerm, entry.longTerms[0] ?? "", entry);
  }
  return table;
}

/** One meaning per short form: "RLHF" written "from" or "with" human feedback is still one meaning. */
export function isUnambiguous(table: AcronymTable, shortTerm: string): boolean {
  return new Set((table.byShort.get(shortTerm) ?? []).map((e) => e.longTerms.join(" "))).size === 1;
}

/** Long forms starting at `at` in `terms`, longest first. */
export function longFormsAt(terms: readonly string[], at: number, table: AcronymTable): AcronymTerms[] {
  const found = (table.byFirstLongTerm.get(terms[at] ?? "") ?? []).filter((entry) =>
    entry.longTerms.every((term, j) => terms[at + j] === term),
  );
  return found.sort((a, b) => b.longTerms.length - a.longTerms.length);
}
