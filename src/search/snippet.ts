import type { Paper } from "../corpus/types.js";
import { foldedText, isStopWord, stemOf, termOf, wordsOf } from "./analyze.js";
import type { Plan } from "./plan.js";
import type { IndexStore } from "./store-read.js";
import type { SearchHit, SnippetPart } from "./types.js";

interface Span {
  start: number;
  end: number;
}

const sentenceEnd = /[.!?](?=\s+[\p{Lu}\p{N}(“"'[])/gu;
const compoundPattern = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const leftContext = 60;

/** Sentence spans of a text; a full stop followed by a lower-case word ("e.g. the") does not end one. */
export function sentenceSpansOf(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const m of text.matchAll(sentenceEnd)) {
    spans.push({ start, end: m.index + 1 });
    start = m.index + 1;
  }
  spans.push({ start, end: text.length });
  return spans
    .map((span) => {
      const slice = text.slice(span.start, span.end);
      const lead = slice.length - slice.trimStart().length;
      return { start: span.start + lead, end: span.start + slice.trimEnd().length };
    })
    .filter((span) => span.end > span.start);
}

type TermOfWord = (word: string) => string | undefined;

/** What a snippet marks: words wherever they stand, and phrases (terms in order) only where they stand whole. */
export interface Marks {
  words: ReadonlySet<string>;
  phrases: readonly (readonly string[])[];
}

/** Marks of these terms alone, wherever they stand. */
export function wordMarks(terms: Iterable<string>): Marks {
  return { words: new Set(terms), phrases: [] };
}

/** Spans of words (or hyphenated compounds) whose term is marked, and of the marked phrases. */
function matchedSpansOf(
  text: string,
  { words: terms, phrases }: Marks,
  termOfWord: TermOfWord,
): { span: Span; term: string }[] {
  const found: { span: Span; term: string }[] = [];
  const tokens = wordsOf(text).map((word) => ({ span: word, term: termOfWord(word.text) }));
  for (const { span, term } of tokens) if (term !== undefined && terms.has(term)) found.push({ span, term });
  // Stop words aside, as a long form is written ("reinforcement learning from human feedback").
  const held = tokens.filter((token) => token.term !== undefined);
  for (const phrase of phrases) {
    for (let at = 0; at + phrase.length <= held.length; at++) {
      if (!phrase.every((term, j) => held[at + j]?.term === term)) continue;
      const first = held[at]?.span;
      const last = held[at + phrase.length - 1]?.span;
      if (first && last) found.push({ span: { start: first.start, end: last.end }, term: phrase.join(" ") });
    }
  }
  for (const m of text.matchAll(compoundPattern)) {
    const term = termOfWord(m[0].replaceAll("-", ""));
    if (term !== undefined && terms.has(term)) {
      found.push({ span: { start: m.index, end: m.index + m[0].length }, term });
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
function runsOf(text: string, spans: readonly Span[]): Span[] {
  const runs: Span[] = [];
  for (const span of spans) {
    const last = runs.at(-1);
    if (last && joinsRun(text.slice(last.end, span.start))) last.end = span.end;
    else runs.push({ ...span });
  }
  return runs;
}

/** The sentence of `text` holding most of the marked terms, with those marked and long sentences trimmed. */
export function snippetOf(
  text: string,
  marks: Marks,
  maxLength = 280,
  termOfWord: TermOfWord = termOf,
): SnippetPart[] {
  const sentences = sentenceSpansOf(text);
  let best = { span: sentences[0] ?? { start: 0, end: 0 }, matches: [] as { span: Span; term: string }[] };
  let bestRank = [-1, -1];
  for (const span of sentences) {
    const matches = matchedSpansOf(text.slice(span.start, span.end), marks, termOfWord).map((m) => ({
      span: { start: m.span.start + span.start, end: m.span.end + span.start },
      term: m.term,
    }));
    const rank = [new Set(matches.map((m) => m.term)).size, matches.length];
    if (
      (rank[0] ?? 0) > (bestRank[0] ?? 0) ||
      (rank[0] === bestRank[0] && (rank[1] ?? 0) > (bestRank[1] ?? 0))
    ) {
      best = { span, matches };
      bestRank = rank;
    }
  }
  const window = windowOf(text, best.span, best.matches[0]?.span, maxLength);
  const parts: SnippetPart[] = [];
  const pushText = (value: string, match: boolean) => {
    if (value !== "") parts.push({ text: value, match });
  };
  if (window.start > best.span.start) pushText("…", false);
  let at = window.start;
  for (const span of runsOf(
    text,
    best.matches.map((m) => m.span),
  )) {
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
    end =
      start +
      text
        .slice(start, end)
        .trimEnd()
        .replace(/[,;:]$/, "").length;
  }
  return { start, end };
}

/**
 * What a hit's snippet marks: each term's stem (a compound's and a quoted phrase's where they stand whole); the
 * words read as one written term only where they stand so.
 */
export function marksOf(plan: Plan, written?: readonly string[]): Marks {
  const typed = written === undefined ? plan.terms.map((term) => term.words) : [written];
  const phrases = [...typed, ...plan.phrases].map((words) => words.map(stemOf));
  return {
    words: new Set(phrases.filter((p) => p.length === 1).flat()),
    phrases: phrases.filter((p) => p.length > 1),
  };
}

/** Hits with their snippets; papers already read (`paper`) are not read again. */
export function hitsOf(
  store: IndexStore,
  ranked: readonly { rowid: number; score: number; paper?: Paper }[],
  marks: Marks,
): SearchHit[] {
  const unread = store.papers(ranked.flatMap((r) => (r.paper ? [] : [r.rowid])));
  return ranked.flatMap(({ rowid, score, paper = unread.get(rowid) }) =>
    paper ? [{ paper, score, snippet: snippetOf(paper.abstract, marks) }] : [],
  );
}
