import { sentenceSpansOf } from "../corpus/sentences.js";
import type { Paper } from "../corpus/types.js";
import { foldedText, isStopWord, lightStemOf, stemOf, termOf } from "./analyze.js";
import { longFormsAt, type Synonyms } from "./index-text.js";
import type { IndexStore } from "./store-read.js";
import type { Plan, SearchHit, SnippetPart } from "./types.js";

interface Span {
  start: number;
  end: number;
}

const leftContext = 60;

/** What a snippet marks: words wherever they stand, and phrases (terms in order) only where they stand whole. */
export interface Marks {
  words: ReadonlySet<string>;
  phrases: readonly (readonly string[])[];
  /** Words typed as one written term: side by side, each as written (plurals folded) or, with `prefix`, the start. */
  written?: readonly { light: string; prefix: boolean }[];
}

// The index term of each word as written, remembered (a plain Map: the hot path): a snippet reads every hit's words.
const termsOfWords = new Map<string, string | null>();
function termOfWord(word: string): string | undefined {
  const known = termsOfWords.get(word);
  if (known !== undefined) return known ?? undefined;
  if (termsOfWords.size >= 100_000) termsOfWords.clear();
  const term = termOf(word);
  termsOfWords.set(word, term ?? null);
  return term;
}

/** Words that may be marked start with a marked term's first two letters (as its Snowball stem does): few are stemmed. */
const candidatesOf = new WeakMap<Marks, RegExp>();
function candidatePattern(marks: Marks): RegExp {
  const known = candidatesOf.get(marks);
  if (known !== undefined) return known;
  const terms = [...marks.words, ...marks.phrases.flat(), ...(marks.written ?? []).map((word) => word.light)];
  const starts = [...new Set(terms.map((term) => term.slice(0, 2)))].filter((start) =>
    /^[\p{L}\p{N}]+$/u.test(start),
  );
  const pattern = new RegExp(
    starts.length === 0
      ? "(?!)"
      : `(?<![\\p{L}\\p{N}])(?:${starts.join("|")})[\\p{L}\\p{N}]*(?:-[\\p{L}\\p{N}]+)*`,
    "giu",
  );
  candidatesOf.set(marks, pattern);
  return pattern;
}

/** Nothing but stop words (and marks between words) stands between two words: they are side by side in the index. */
const onlyStopWords = (gap: string) =>
  (gap.match(/[\p{L}\p{N}]+/gu) ?? []).every((word) => termOfWord(word) === undefined);

/** Spans of words (or hyphenated compounds) whose term is marked, and of the marked phrases, in text order. */
function matchedSpansOf(text: string, marks: Marks): { span: Span; term: string }[] {
  const found: { span: Span; term: string }[] = [];
  const tokens: { span: Span; term: string | undefined }[] = [];
  for (const m of text.matchAll(candidatePattern(marks))) {
    let start = m.index;
    for (const part of m[0].split("-")) {
      tokens.push({ span: { start, end: start + part.length }, term: termOfWord(part) });
      start += part.length + 1;
    }
    // A compound matched in its joined form ("ppomax": PPO-max).
    const joined = m[0].includes("-") ? termOfWord(m[0].replaceAll("-", "")) : undefined;
    if (joined !== undefined && marks.words.has(joined))
      found.push({ span: { start: m.index, end: m.index + m[0].length }, term: joined });
  }
  for (const { span, term } of tokens)
    if (term !== undefined && marks.words.has(term)) found.push({ span, term });
  type Token = (typeof tokens)[number];
  const writes = (token: Token, word: { light: string; prefix: boolean }) => {
    const light = lightStemOf(foldedText(text.slice(token.span.start, token.span.end)));
    return light === word.light || (word.prefix && light.startsWith(word.light));
  };
  const written = marks.written ?? [];
  const sequences = marks.phrases.map((phrase) => ({
    term: phrase.join(" "),
    tests: phrase.map((stem) => (token: Token) => token.term === stem),
  }));
  const term = written.map((word) => word.light).join(" ");
  if (written.length > 0)
    sequences.push({ term, tests: written.map((word) => (token) => writes(token, word)) });
  for (const { term, tests } of sequences) {
    for (let at = 0; at + tests.length <= tokens.length; at++) {
      const run = tokens.slice(at, at + tests.length);
      if (!tests.every((test, j) => run[j] !== undefined && test(run[j]))) continue;
      const together = run.every(
        (token, j) => j === 0 || onlyStopWords(text.slice(run[j - 1]?.span.end, token.span.start)),
      );
      const first = run[0]?.span;
      const last = run.at(-1)?.span;
      if (together && first && last) found.push({ span: { start: first.start, end: last.end }, term });
    }
  }
  found.sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const merged: { span: Span; term: string }[] = [];
  for (const item of found) {
    const last = merged.at(-1);
    if (last && item.span.start < last.span.end) continue;
    merged.push(item);
  }
  return merged;
}

/** Spaces, hyphens or one small word between two matches: the run reads as one phrase. */
function joinsRun(gap: string): boolean {
  if (/^[\s-]+$/.test(gap)) return true;
  const word = /^\s+(\p{L}+)\s+$/u.exec(gap)?.[1];
  return word !== undefined && isStopWord(foldedText(word));
}

/** Matches next to each other merged into one span, so that a run of matched words is marked once. */
function runsOf(text: string, matches: readonly { span: Span }[]): Span[] {
  const runs: Span[] = [];
  for (const { span } of matches) {
    const last = runs.at(-1);
    if (last && joinsRun(text.slice(last.end, span.start))) last.end = span.end;
    else runs.push({ ...span });
  }
  return runs;
}

/** The sentence of `text` holding most of the marked terms, with those marked and long sentences trimmed. */
export function snippetOf(text: string, marks: Marks, maxLength = 280): SnippetPart[] {
  const sentences = sentenceSpansOf(text);
  // Words inside a link ("…/RMB-Reward-Model-Benchmark") are no prose to show: the card links a code URL already.
  const links = text.includes("://") ? [...text.matchAll(/https?:\/\/\S+/g)] : [];
  const inLink = ({ span }: { span: Span }) =>
    links.some((link) => span.start >= link.index && span.end <= link.index + link[0].length);
  const matched = matchedSpansOf(text, marks).filter((match) => !inLink(match));
  let best = { span: sentences[0] ?? { start: 0, end: 0 }, matches: [] as typeof matched, rank: 0 };
  for (const span of sentences) {
    const matches = matched.filter((m) => m.span.start >= span.start && m.span.end <= span.end);
    // The most terms, then the most matches (fewer than matched.length + 1: a fraction).
    const rank = new Set(matches.map((m) => m.term)).size + matches.length / (matched.length + 1);
    if (rank > best.rank) best = { span, matches, rank };
  }
  const window = windowOf(text, best.span, best.matches[0]?.span, maxLength);
  const parts: SnippetPart[] = [];
  const pushText = (value: string, match: boolean) => {
    if (value !== "") parts.push({ text: value, match });
  };
  if (window.start > best.span.start) pushText("…", false);
  let at = window.start;
  for (const span of runsOf(text, best.matches)) {
    if (span.start < window.start || span.end > window.end) continue;
    pushText(text.slice(at, span.start), false);
    pushText(text.slice(span.start, span.end), true);
    at = span.end;
  }
  pushText(text.slice(at, window.end), false);
  if (window.end < best.span.end) pushText("…", false);
  return parts;
}

/** At most `maxLength` characters of the sentence, cut at word edges, showing the first match. */
function windowOf(text: string, sentence: Span, firstMatch: Span | undefined, maxLength: number): Span {
  if (sentence.end - sentence.start <= maxLength) return sentence;
  let start = sentence.start;
  if (firstMatch && firstMatch.end - sentence.start > maxLength - leftContext) {
    start = Math.max(sentence.start, firstMatch.start - leftContext);
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < firstMatch.start) start = space + 1;
  }
  let end = Math.min(sentence.end, start + maxLength);
  if (end < sentence.end) {
    const space = text.lastIndexOf(" ", end);
    if (space > start) end = space;
    const kept = text.slice(start, end).trimEnd();
    end = start + kept.replace(/[,;:]$/, "").length;
  }
  return { start, end };
}

/** The other form of each acronym the stems write, in either form: a paper matched through it shows it marked. */
function otherFormsOf(stems: readonly string[], synonyms: Synonyms): string[][] {
  return stems.flatMap((stem, at) => [
    ...(synonyms.byShortStem.get(stem) ?? []).map((synonym) => synonym.stems),
    ...longFormsAt(synonyms, stems, at).map((synonym) => [synonym.shortStem]),
  ]);
}

/** What a hit's snippet marks: each term's stem, a compound or a phrase where it stands whole, or the written term. */
export function marksOf(plan: Plan, written?: readonly string[], prefixFrom = 0, synonyms?: Synonyms): Marks {
  const typed =
    written === undefined
      ? plan.terms.flatMap((term) => [term.words, ...(term.starts ?? []).map((start) => [start])])
      : [];
  const typedStems = plan.terms.flatMap((term) => term.words.map(stemOf));
  const phrases = [
    ...[...typed, ...plan.phrases].map((words) => words.map(stemOf)),
    ...(synonyms === undefined ? [] : otherFormsOf(typedStems, synonyms)),
  ];
  const marks = {
    words: new Set(phrases.filter((p) => p.length === 1).flat()),
    phrases: phrases.filter((p) => p.length > 1),
  };
  if (written === undefined) return marks;
  const prefixed = (light: string) => ({ light, prefix: prefixFrom > 0 && light.length >= prefixFrom });
  return { ...marks, written: written.map(lightStemOf).map(prefixed) };
}

/** Hits with their snippets (none without `marks`); papers already read (`paper`) are not read again. */
export function hitsOf(
  store: IndexStore,
  ranked: readonly { rowid: number; score: number; paper?: Paper }[],
  marks: Marks | undefined,
): SearchHit[] {
  const unread = store.papers(ranked.flatMap((r) => (r.paper ? [] : [r.rowid])));
  return ranked.flatMap(({ rowid, score, paper = unread.get(rowid) }) =>
    paper ? [{ paper, score, snippet: marks === undefined ? [] : snippetOf(paper.abstract, marks) }] : [],
  );
}
