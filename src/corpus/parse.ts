import { latexToText } from "./latex.js";
import { splitAuthorLine } from "./names.js";
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
      if (parts.length > 0)
        paragraphs.push({ line: start, text: parts.length === 1 ? (parts[0] ?? "") : parts.join(" ") });
      parts = [];
    } else {
      if (parts.length === 0) start = i + 1;
      parts.push(line);
    }
  }
  if (parts.length > 0) paragraphs.push({ line: start, text: parts.join(" ") });
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
  const firstAuthors = isAuthorLineShaped(first.text) ? splitAuthorLine(first.text) : undefined;
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
  for (const paragraph of rest) {
    const authorLine = isAuthorLineShaped(paragraph.text) ? splitAuthorLine(paragraph.text) : undefined;
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
