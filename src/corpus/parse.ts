import { latexToText } from "./latex.js";
import { type AuthorLine, splitAuthorLine, startsLikeAName } from "./names.js";
import type { Problem } from "./types.js";

interface ParsedEntry {
  /** 1-based line of the entry's author line. */
  line: number;
  /** Visible author names as written (whitespace folded, LaTeX accents rendered). */
  authors: string[];
  etAl: boolean;
  /** The abstract: lines joined, whitespace folded, light LaTeX rendered as text. */
  abstract: string;
}

export interface ParsedFile {
  /** The profiled author named by the first paragraph; undefined when the file names none. */
  owner: string | undefined;
  entries: ParsedEntry[];
  problems: Problem[];
}

interface Paragraph {
  line: number;
  text: string;
}

export const PARSE_MESSAGES = {
  empty: "the file is empty; expected the author's name, then author lines and abstracts",
  onlyName: "the file holds only the author's name and no papers",
  ownerMissingAuthorLine:
    "the first paragraph should be the author's name alone, but it is an author line; read the file without an owner",
  ownerMissingText:
    'the first paragraph should be the author\'s name alone (like "Ann Lee"); skipped it and read the file without an owner',
  abstractWithoutAuthors:
    "expected an author line (names separated by commas) but found text that looks like an abstract; skipped this paragraph",
  authorsWithoutAbstract: "this author line has no abstract after it; skipped it",
  headingSkipped:
    "a short paragraph between an author line and its abstract (a heading or a title?); read the abstract after it",
  danglingAuthors: "the file ends with an author line that has no abstract; skipped it",
} as const;

function paragraphsOf(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const lines = text.includes("\r") ? text.split(/\r\n?|\n/) : text.split("\n");
  let start = 0;
  let parts: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? "").trim();
    // Decoded text has plain spaces only; tabs are still folded here for text that did not come through decode.
    const line = raw.includes("  ") || raw.includes("\t") ? raw.replace(/\s+/g, " ") : raw;
    if (line.length === 0) {
      if (parts.length > 0) paragraphs.push(...gluedApart(start, parts, paragraphs.length === 0));
      parts = [];
    } else {
      if (parts.length === 0) start = i + 1;
      parts.push(line);
    }
  }
  if (parts.length > 0) paragraphs.push(...gluedApart(start, parts, paragraphs.length === 0));
  return paragraphs;
}

/** An author line of its own: two names or more, or a list ending in "et al." (one name alone may be a heading). */
function isListOfAuthors(text: string): boolean {
  const authors = authorLineOf(text);
  return authors !== undefined && (authors.names.length > 1 || authors.etAl);
}

/**
 * The paragraphs of lines with no blank line between them: one, unless a blank line was left out, where lines that
 * are an author line start it or follow a sentence's end ("…agents. / Rui Zheng, Shihan Dou et al. / The abstract…").
 */
function gluedApart(start: number, lines: string[], first = false): Paragraph[] {
  const whole = lines.length === 1 ? (lines[0] ?? "") : lines.join(" ");
  // The owner's name, with the first author line under it (no blank line between): two paragraphs.
  const [name = "", ...rest] = lines;
  if (first && rest.length > 0 && !/[,;，、]/u.test(name) && authorLineOf(name)?.names.length === 1)
    if (isListOfAuthors(rest.join(" "))) return [{ line: start, text: name }, ...gluedApart(start + 1, rest)];
  if (lines.length === 1 || authorLineOf(whole) !== undefined) return [{ line: start, text: whole }];
  const listed = lines.map(isListOfAuthors);
  if (!listed.includes(true)) return [{ line: start, text: whole }];
  const paragraphs: Paragraph[] = [];
  let from = 0;
  for (let at = 0; at < lines.length; at++) {
    const opens = listed[at] === true && (at === 0 || /[.!?]["”’)]?$/u.test(lines[at - 1] ?? ""));
    if (!opens) continue;
    let end = at;
    while (listed[end + 1] === true) end++;
    if (from < at) paragraphs.push({ line: start + from, text: lines.slice(from, at).join(" ") });
    paragraphs.push({ line: start + at, text: lines.slice(at, end + 1).join(" ") });
    from = end + 1;
    at = end;
  }
  if (from < lines.length) paragraphs.push({ line: start + from, text: lines.slice(from).join(" ") });
  return paragraphs;
}

/** One author file: the owner's name, then author line and abstract pairs; what does not fit is a problem. */
export function parseCorpusText(fileName: string, text: string): ParsedFile {
  const problems: Problem[] = [];
  const problem = (line: number, message: string): void => {
    problems.push({ file: fileName, line, message });
  };
  const paragraphs = paragraphsOf(text);
  const first = paragraphs[0];
  if (first === undefined) {
    problem(0, PARSE_MESSAGES.empty);
    return { owner: undefined, entries: [], problems };
  }

  let owner: string | undefined;
  let rest = paragraphs;
  const firstAuthors = authorLineOf(first.text);
  if (firstAuthors !== undefined && firstAuthors.names.length === 1 && !firstAuthors.etAl) {
    owner = firstAuthors.names[0];
    rest = paragraphs.slice(1);
  } else if (firstAuthors !== undefined) {
    problem(first.line, PARSE_MESSAGES.ownerMissingAuthorLine);
  } else {
    problem(first.line, PARSE_MESSAGES.ownerMissingText);
    rest = paragraphs.slice(1);
  }

  const entries: ParsedEntry[] = [];
  let pending: { line: number; authors: string[]; etAl: boolean } | undefined;
  const authorLines = rest.map((paragraph) => authorLineOf(paragraph.text));
  for (const [at, paragraph] of rest.entries()) {
    const authorLine = authorLines[at];
    const next = rest[at + 1];
    // "Abstract", or the paper's title, between its author line and its abstract: the abstract follows. An author
    // line of two names or more is never one ("Rui Zheng, Shihan Dou": the last one had no abstract).
    const oneWord =
      authorLine === undefined || (authorLine.names.length === 1 && !/\s/.test(authorLine.names[0] ?? ""));
    if (
      pending !== undefined &&
      next !== undefined &&
      authorLines[at + 1] === undefined &&
      oneWord &&
      isHeading(paragraph.text)
    ) {
      problem(paragraph.line, PARSE_MESSAGES.headingSkipped);
      continue;
    }
    if (authorLine !== undefined) {
      if (pending !== undefined) problem(pending.line, PARSE_MESSAGES.authorsWithoutAbstract);
      pending = { line: paragraph.line, authors: authorLine.names, etAl: authorLine.etAl };
    } else if (pending === undefined) {
      problem(paragraph.line, PARSE_MESSAGES.abstractWithoutAuthors);
    } else {
      entries.push({ ...pending, abstract: latexToText(paragraph.text) });
      pending = undefined;
    }
  }
  if (pending !== undefined) problem(pending.line, PARSE_MESSAGES.danglingAuthors);
  if (owner !== undefined && rest.length === 0) problem(first.line, PARSE_MESSAGES.onlyName);
  return { owner, entries, problems };
}

/** Cheap pre-check before splitting: author lines hold no sentence punctuation (of any length: big collaborations). */
function isAuthorLineShaped(text: string): boolean {
  return !/[:!?()[\]"“”<>=/|@#%*+0-9]/.test(text);
}

/**
 * A paragraph as an author line, written as people paste one: full-width commas (，、), an Oxford "and" (", and",
 * ", &"), affiliation marks (Zheng1, Dou1,2, Gao¹, Xi*, Jin†) and a list cut with "…"; undefined when it is none.
 */
function authorLineOf(text: string): AuthorLine | undefined {
  // An abstract is turned away by its first words, before the whole of it is read; most lines need no mending.
  if (!startsLikeAName(text)) {
    // Marks on the first two words ("Zheng1, Shihan", "郑锐，窦士涵") are worth mending the start for.
    const start = text.slice(0, 60);
    if (!PASTED.test(start)) return undefined;
    const firstTwo = start.split(/\s+/, 2);
    if (!firstTwo.every((word) => startsLikeAName(word.replace(MARKS, "")))) return undefined;
    const words = text.length > 60 ? start.slice(0, start.lastIndexOf(" ") + 1) : start;
    if (!startsLikeAName(plainAuthorText(words))) return undefined;
  }
  // A word in small letters that is no particle ("we propose", "However, this") ends it: no author line.
  if (/ (?!others\b|della\b|binti\b)[a-z]{4,}/.test(text)) return undefined;
  const plain = PASTED.test(text) ? plainAuthorText(text) : text;
  return isAuthorLineShaped(plain) ? splitAuthorLine(plain) : undefined;
}

const MARKS = /[\d*†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰，、；,;…]+/gu;

/** What plainAuthorText mends. */
const PASTED = /[\d*†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰，、；…]|\.\.\.|,\s*(?:and|&)\s/u;

const plainAuthorText = (text: string) =>
  text
    .replace(/[，、；]/gu, ",")
    .replace(/,\s*(?:and|&)\s+/giu, ", ")
    .replace(/(?<=[\p{L}.])(?:[\d¹²³⁴⁵⁶⁷⁸⁹⁰]+(?:,[\d¹²³⁴⁵⁶⁷⁸⁹⁰]+)*|[*†‡§¶]+)(?=\s*[,;]|\s|$)/gu, "")
    .replace(/,?\s*(?:…|\.\.\.)$/u, " et al.");

/** A short line that ends no sentence: a heading ("Abstract") or a title, not an abstract. */
function isHeading(text: string): boolean {
  return text.length <= 200 && text.split(" ").length <= 20 && !/[.!?]["”’)]?$/u.test(text);
}
