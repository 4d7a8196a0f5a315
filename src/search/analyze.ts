import { stemmer } from "stemmer";
import { eng } from "stopword";
import type { Acronym } from "../corpus/types.js";
import { createWordScanner } from "./spelling-table.js";

/** A word of the original text and where it sits, so snippets can mark it. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const stopWords: ReadonlySet<string> = new Set(eng);
const asciiOnly = /^[ -~]*$/;
const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without accents: "Zoë" → "zoe". */
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

const wordCharacter = /[\p{L}\p{N}]/u;

/** Whether `folded` (a folded text) holds `word` (a folded word) whole, not inside a longer word. */
export function holdsWholeWord(folded: string, word: string): boolean {
  if (word === "") return false;
  for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
    const before = folded[at - 1];
    const after = folded[at + word.length];
    if (
      (before === undefined || !wordCharacter.test(before)) &&
      (after === undefined || !wordCharacter.test(after))
    )
      return true;
  }
  return false;
}

/** The index term of one word, or undefined for a stop word. */
export function termOf(word: string): string | undefined {
  return termOfFolded(foldedText(word));
}

function termOfFolded(folded: string): string | undefined {
  if (folded === "" || stopWords.has(folded)) return undefined;
  return /^\p{N}+$/u.test(folded) ? folded : stemmer(folded);
}

/** A text analysed once for the index: its terms in order as ids, and its joined hyphen compounds. */
export interface AnalyzedText {
  sequence: Uint32Array;
  compounds: string[];
}

/**
 * Every distinct word indexed, with its term: stems each spelling once, keeps term sequences small
 * (ids, for phrases and adjacency), and lets typos be matched against real words.
 */
export interface Vocabulary {
  analyze(text: string): AnalyzedText;
  /** `analyze` without allocating: term ids in order onto `sequence`, compound term ids onto `compounds`. */
  analyzeInto(
    text: string,
    sequence: { push(id: number): void },
    compounds: { push(id: number): void },
  ): void;
  /** `termOf`, remembered per spelling. */
  termOfWord(word: string): string | undefined;
  termOfId(id: number): string;
  idOf(term: string): number | undefined;
  /** The id of a term, adding it when new (acronyms an abstract only spells out). */
  addTerm(term: string): number;
  /** Every term by id. */
  terms: readonly string[];
  /** Forgets the folded words and spelling caches (kept elsewhere once the index is built); terms stay. */
  release(): void;
  /** Folded word → term, stop words left out. */
  words: ReadonlyMap<string, string>;
}

const stopId = -1;

/** A vocabulary, empty or restored from its terms (by id) and folded words. */
export function createVocabulary(
  known: { terms: readonly string[]; words: Iterable<readonly [string, string]> } = { terms: [], words: [] },
): Vocabulary {
  const words = new Map<string, string>(known.words);
  const idOfSpelling = new Map<string, number>();
  const terms: string[] = [...known.terms];
  const idOfTerm = new Map<string, number>(terms.map((term, id) => [term, id]));
  const addTerm = (term: string): number => {
    let id = idOfTerm.get(term);
    if (id === undefined) {
      id = terms.length;
      terms.push(term);
      idOfTerm.set(term, id);
    }
    return id;
  };
  const idOfNew = (spelling: string): number => {
    const folded = foldedText(spelling);
    const term = termOfFolded(folded);
    let id = stopId;
    if (term !== undefined) {
      words.set(folded, term);
      id = addTerm(term);
    }
    return id;
  };
  const idOf = (spelling: string): number => {
    let id = idOfSpelling.get(spelling);
    if (id === undefined) {
      id = idOfNew(spelling);
      idOfSpelling.set(spelling, id);
    }
    return id;
  };
  let scanner = createWordScanner(idOfNew);
  return {
    words,
    terms,
    addTerm,
    release() {
      words.clear();
      idOfSpelling.clear();
      scanner = createWordScanner(idOfNew);
    },
    termOfWord: (word) => {
      const id = idOf(word);
      return id === stopId ? undefined : terms[id];
    },
    termOfId: (id) => terms[id] ?? "",
    idOf: (term) => idOfTerm.get(term),
    analyzeInto(text, sequence, compounds) {
      // Words joined by single hyphens form a chain, indexed joined as well ("PPO-max" → ppomax).
      scanner.scan(
        text,
        (id) => {
          if (id !== stopId) sequence.push(id);
        },
        (id) => {
          if (id !== stopId) compounds.push(id);
        },
      );
    },
    analyze(text) {
      const sequence: number[] = [];
      const compounds: number[] = [];
      this.analyzeInto(text, sequence, compounds);
      return { sequence: new Uint32Array(sequence), compounds: compounds.map((id) => terms[id] as string) };
    },
  };
}

/** The terms of a text in order, stop words dropped: what phrases and adjacency are checked against. */
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

/** Analysed acronyms; entries whose short form is a stop word or whose long form is a single term are dropped. */
function acronymTermsOf(acronyms: readonly Acronym[]): AcronymTerms[] {
  const seen = new Set<string>();
  const result: AcronymTerms[] = [];
  for (const { short, long } of acronyms) {
    const shortTerm = termOf(short);
    const longTerms = termSequenceOf(long);
    const key = `${shortTerm} ${longTerms.join(" ")}`;
    if (shortTerm === undefined || longTerms.length < 2 || seen.has(key)) continue;
    seen.add(key);
    result.push({ short, long, shortTerm, longTerms });
  }
  return result;
}

/** Where `needle` occurs as a run inside `haystack`, or -1. */
export function indexOfRun(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (haystack[i + j] !== needle[j]) continue outer;
    }
    return i;
  }
  return -1;
}

export interface AcronymTable {
  byShort: Map<string, AcronymTerms[]>;
  byFirstLongTerm: Map<string, AcronymTerms[]>;
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

const unambiguousByTable = new WeakMap<AcronymTable, Map<string, boolean>>();

/** One meaning per short form: "RLHF" written "from" or "with" human feedback is still one meaning. */
export function isUnambiguous(table: AcronymTable, shortTerm: string): boolean {
  let known = unambiguousByTable.get(table);
  if (!known) {
    known = new Map();
    unambiguousByTable.set(table, known);
  }
  let answer = known.get(shortTerm);
  if (answer === undefined) {
    answer = new Set((table.byShort.get(shortTerm) ?? []).map((e) => e.longTerms.join(" "))).size === 1;
    known.set(shortTerm, answer);
  }
  return answer;
}

/** Whether `terms` holds `run` starting at `at`. */
function runAt(terms: readonly string[], at: number, run: readonly string[]): boolean {
  if (at + run.length > terms.length) return false;
  for (let j = 0; j < run.length; j++) if (terms[at + j] !== run[j]) return false;
  return true;
}

/** Long forms at `at` in `terms`, longest first. */
function longFormsAt(terms: readonly string[], at: number, table: AcronymTable): AcronymTerms[] {
  const found = (table.byFirstLongTerm.get(terms[at] ?? "") ?? []).filter((entry) =>
    runAt(terms, at, entry.longTerms),
  );
  return found.length > 1 ? found.sort((a, b) => b.longTerms.length - a.longTerms.length) : found;
}

/**
 * Acronyms whose long form a text spells out, to index with it: a paper that writes
 * "reinforcement learning from human feedback" is then found by "RLHF". Ambiguous acronyms are left out.
 */
export function acronymsSpelledOutIn(terms: readonly string[], table: AcronymTable): string[] {
  const found: string[] = [];
  for (let at = 0; at < terms.length; at++) {
    if (!table.byFirstLongTerm.has(terms[at] as string)) continue;
    for (const entry of longFormsAt(terms, at, table)) {
      if (isUnambiguous(table, entry.shortTerm)) found.push(entry.shortTerm);
    }
  }
  return found;
}

/** A query clause: it matches a paper when every term of any one alternative does. */
export interface TermGroup {
  alternatives: string[][];
  /** The acronyms this clause was read as. */
  expansions: AcronymTerms[];
}

/**
 * Groups a term sequence into clauses. Acronyms and their long forms meet on the acronym, which the
 * index adds wherever a long form is spelt out; an ambiguous acronym is searched in each of its meanings.
 */
export function expandAcronyms(terms: readonly string[], table: AcronymTable): TermGroup[] {
  const groups: TermGroup[] = [];
  let at = 0;
  while (at < terms.length) {
    const term = terms[at] as string;
    const longForms = longFormsAt(terms, at, table);
    const longest = longForms[0];
    if (longest) {
      const matched = longForms.filter((entry) => entry.longTerms.length === longest.longTerms.length);
      const alternatives = matched.map((entry) =>
        isUnambiguous(table, entry.shortTerm) ? [entry.shortTerm] : entry.longTerms,
      );
      groups.push({ alternatives: uniqueRuns(alternatives), expansions: matched });
      at += longest.longTerms.length;
      continue;
    }
    const meanings = table.byShort.get(term) ?? [];
    const alternatives =
      meanings.length === 0 || isUnambiguous(table, term)
        ? [[term]]
        : [[term], ...meanings.map((e) => e.longTerms)];
    groups.push({ alternatives: uniqueRuns(alternatives), expansions: meanings });
    at += 1;
  }
  return groups;
}

function uniqueRuns(runs: string[][]): string[][] {
  return [...new Map(runs.map((run) => [run.join(" "), run])).values()];
}
