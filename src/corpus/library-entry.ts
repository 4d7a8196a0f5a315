import { latexToText } from "./latex.js";
import { LETTER_COMMANDS } from "./latex-tables.js";
import type { ExportFields, Problem } from "./types.js";

/** A paper as an export gives it (BibTeX, CSL-JSON, arXiv JSONL), cleaned: plain text, checked links and ids. */
export interface LibraryEntry extends ExportFields {
  /** 1-based line where the entry starts. */
  line: number;
  title: string;
  /** Display names, in order ("Ann Lee"). */
  authors: string[];
  /** The list ended in "and others": more authors exist than are named. */
  etAl: boolean;
  /** "" when the export has none (Google Scholar and DBLP never do). */
  abstract: string;
  /** What was left out of the entry (a link that is not http(s), a malformed DOI), to report. */
  notes: string[];
}

/** What a reader of an export gives: the entries read, and the problems met at their file and line. */
export type LibraryRead = { entries: LibraryEntry[]; problems: Problem[] };

/** The read of a file that is skipped whole, saying why. */
export const skippedFile = (file: string, line: number, message: string): LibraryRead => ({
  entries: [],
  problems: [{ file, line, message }],
});

/** Adds an entry with its notes as problems; one with neither a title nor an abstract is skipped, saying `untitled`. */
export function addEntry(read: LibraryRead, file: string, entry: LibraryEntry, untitled: string): void {
  const skip = entry.title.length === 0 && entry.abstract.length === 0;
  for (const message of skip ? [untitled] : entry.notes)
    read.problems.push({ file, line: entry.line, message });
  if (!skip) read.entries.push(entry);
}

/** What an export gives of a paper, before its title is bounded and its DOI and URL checked. */
type GivenEntry = Omit<LibraryEntry, "line" | "notes" | "etAl"> & { etAl?: boolean };

/**
 * A venue that only says "arXiv" at length: Google Scholar's "arXiv preprint arXiv:2309.07864", NASA ADS's "arXiv
 * e-prints", DBLP's "CoRR" (the id is in the card's links).
 */
const ARXIV_VENUE = /^(?:corr|arxiv(?:\s+preprint(?:\s+arxiv:\s*\S+)?|\s+e-prints)?)$/i;

/** A URL path's %-escapes decoded; as it is where one is broken. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The entry of what an export gives: title bounded, DOI and URL checked, what was left out noted. */
export function libraryEntry(line: number, given: GivenEntry): LibraryEntry {
  const notes: string[] = [];
  const url = cleanUrl(given.url, notes);
  // A link through doi.org ("http://dx.doi.org/10.1007/…", as JabRef's Springer entries give it) is the DOI.
  const doiLink =
    url !== undefined && /^https?:\/\/(?:dx\.)?doi\.org\/10\./i.test(url) ? decodedPath(url) : undefined;
  const doi = cleanDoi(given.doi ?? doiLink, notes);
  const code = cleanUrl(given.code, notes, "code link");
  const title = boundedTitle(given.title, notes);
  const arxiv = given.venue !== undefined && ARXIV_VENUE.test(given.venue.trim());
  return {
    ...given,
    line,
    title,
    etAl: given.etAl ?? false,
    doi,
    url,
    code,
    notes,
    ...(arxiv ? { venue: "arXiv" } : {}),
  };
}

/** Longest title kept; beyond it the title is cut at a word edge and the cut reported. */
const MAX_TITLE_LENGTH = 500;
/** Longest entry source kept for "Copy BibTeX". */
export const MAX_SOURCE_LENGTH = 20_000;

const LETTER_COMMAND = new RegExp(`\\\\(${[...LETTER_COMMANDS.keys()].join("|")})(?![A-Za-z])\\s?`, "g");
/** An accent over a dotless i or j ("Garc{\\'\\i}a", DBLP's "Garc{\\'{\\i}}a") is an accent over the letter. */
const ACCENTED_DOTLESS = /(\\[`'^"~=.])\s*(?:\{\s*\\([ij])\s*\}|\\([ij])(?![A-Za-z]))/g;

/** LaTeX's `~` ties two words ("Fig.~3"); one that starts a number ("~30%") is "about", as plain text writes it. */
const tieOrTilde = (tilde: string, at: number, text: string) =>
  /\d/.test(text[at + 1] ?? "") && /^$|[\s([]/.test(text[at - 1] ?? "") ? tilde : " ";

const PROTECTED_OPEN = "\ue000";
const PROTECTED_CLOSE = "\ue001";

/** LaTeX field text → plain text: accents and commands to Unicode, math kept readable, case-protecting braces gone. */
export function fieldText(value: string): string {
  // Most fields (names, years, plain titles) hold no LaTeX at all.
  if (!/[\\{}$~`]/.test(value) && !value.includes("--")) {
    return /\s\s|[\t\n\r\f\v]/.test(value) ? value.replace(/\s+/g, " ").trim() : value.trim();
  }
  const guarded = value
    .replace(/\\\{/g, PROTECTED_OPEN)
    .replace(/\\\}/g, PROTECTED_CLOSE)
    .replace(
      ACCENTED_DOTLESS,
      (_match, accent: string, braced?: string, bare?: string) => accent + (braced ?? bare),
    )
    .replace(LETTER_COMMAND, (_match, name: string) => LETTER_COMMANDS.get(name) ?? name);
  const text = latexToText(guarded.replace(/(?<!\\)~/g, tieOrTilde))
    .replace(/[{}]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.replaceAll(PROTECTED_OPEN, "{").replaceAll(PROTECTED_CLOSE, "}");
}

/** A title as shown: plain text, at most MAX_TITLE_LENGTH characters (cut at a word edge). */
function boundedTitle(title: string, notes: string[]): string {
  if (title.length <= MAX_TITLE_LENGTH) return title;
  notes.push(`the title is ${title.length} characters long; cut to ${MAX_TITLE_LENGTH}`);
  const cut = title.slice(0, MAX_TITLE_LENGTH);
  const edge = cut.lastIndexOf(" ");
  return `${(edge > MAX_TITLE_LENGTH / 2 ? cut.slice(0, edge) : cut).trimEnd()}…`;
}

/** A DOI without its resolver prefix or spaces ("https://doi.org/10.1/x" → "10.1/x"); undefined when it is none. */
function cleanDoi(raw: string | undefined, notes: string[]): string | undefined {
  const doi = (raw ?? "")
    .replace(/\\([_%&#])/g, "$1")
    .replace(/\s+/g, "")
    // Any resolver's link (doi.org, dx.doi.org, ACM's old doi.acm.org) or "doi:" before the DOI itself.
    .replace(/^(?:https?:\/\/[a-z.]*\/(?=10\.)|doi:)/i, "");
  if (doi.length === 0) return undefined;
  if (/^10\.\d{4,9}\/[^\s"<>]+$/.test(doi)) return doi;
  notes.push(`the DOI "${doi.slice(0, 80)}" is not a DOI; left out`);
  return undefined;
}

/** An http(s) link, or undefined: any other scheme (javascript:, a Slack <!channel>) is left out and noted. */
function cleanUrl(raw: string | undefined, notes: string[], field = "url"): string | undefined {
  // DBLP writes "\\%7E" for "%7E" (~): every backslash before an escaped character goes. A citation pasted from a
  // README wraps its link as LaTeX does: `url = {\url{https://…}}`, `\href{https://…}{text}`.
  const text = (raw ?? "")
    .replace(/\\+([_%&#~])/g, "$1")
    .replace(/^\s*\\(?:url|href)\s*\{([^{}]*)\}.*$/s, "$1")
    .trim();
  if (text.length === 0) return undefined;
  // Mendeley and JabRef join a paper's links with spaces ("http://ieeexplore… http://hal…"): the first is its link.
  for (const link of text.split(/\s+/)) {
    try {
      const url = new URL(link);
      if ((url.protocol === "https:" || url.protocol === "http:") && !/[<>"]/.test(link)) return url.href;
    } catch {
      // Not a URL at all: noted below.
    }
  }
  notes.push(`the ${field} "${text.slice(0, 80)}" is not an http(s) link; left out`);
  return undefined;
}

const NEW_ARXIV = /(?<![\d.])(\d{4}\.\d{4,5})(?:v\d+)?(?![\d.])/;
const OLD_ARXIV = /\b([a-z-]+(?:\.[A-Z]{2})?\/\d{7})(?:v\d+)?\b/;

/** The arXiv id (no version) in an id, a URL, an "arXiv:…" note or an arXiv DOI; undefined when there is none. */
export function arxivIdIn(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = NEW_ARXIV.exec(text) ?? OLD_ARXIV.exec(text);
  return match?.[1];
}

/** The year in a date ("2023", "2023-05-01", "May 2023"); undefined when there is none. */
export function yearIn(text: string | undefined): number | undefined {
  const match = text === undefined ? null : /(?<!\d)(1[5-9]\d\d|2[0-2]\d\d)(?!\d)/.exec(text);
  return match === null ? undefined : Number(match[1]);
}

const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;

/** A part of biber's extended name format ("family=Laat"): its key and value. */
const NAME_PART = /^\s*([a-z][\w-]*)\s*=(.*)$/is;

/**
 * A name in biber's extended format, as Better BibLaTeX writes a name with a particle ("family=Laat, given=David,
 * prefix=de, useprefix=true") → "David de Laat"; undefined for a name written the classic way.
 */
function extendedName(rawParts: readonly string[]): string | undefined {
  const parts = new Map<string, string>();
  for (const part of rawParts) {
    const [, key, value] = NAME_PART.exec(part) ?? [];
    if (key === undefined || value === undefined) return undefined;
    parts.set(key.toLowerCase(), fieldText(value));
  }
  if (!parts.has("family") && !parts.has("given")) return undefined;
  return ["given", "prefix", "family", "suffix"]
    .map((key) => parts.get(key) ?? "")
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** "Lee, Ann" / "Ann Lee" / "von Neumann, John" / "{OpenAI}" → a display name "Ann Lee". */
function displayName(written: string): string {
  const rawParts = splitOutsideBraces(written, /,/y, ",");
  const extended = extendedName(rawParts);
  if (extended !== undefined) return extended;
  const parts = rawParts.map((part) => fieldText(part));
  if (parts.length === 1) return parts[0] ?? "";
  const [last = "", second = "", third] = parts;
  // A name in Chinese, Japanese or Korean script is written family name first, without a space ("肖发民").
  if (third === undefined && CJK_NAME.test(last) && CJK_NAME.test(second)) return `${last}${second}`;
  // "Last, Jr, First" puts the suffix second.
  return (third === undefined ? `${second} ${last}` : `${third} ${last} ${second}`)
    .replace(/\s+/g, " ")
    .trim();
}

/** Splits where the sticky `separator` matches outside braces; it is tried only at the characters in `startsWith`. */
function splitOutsideBraces(text: string, separator: RegExp, startsWith: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === "\\") i += 1;
    else if (c === "{") depth += 1;
    else if (c === "}") depth -= 1;
    else if (depth === 0 && startsWith.includes(c)) {
      separator.lastIndex = i;
      const found = separator.exec(text);
      if (found === null) continue;
      parts.push(text.slice(start, i));
      i += found[0].length - 1;
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** A BibTeX name list ("A and B and others") → display names, and whether it ended in "others". */
export function bibtexNames(list: string): { names: string[]; etAl: boolean } {
  const names: string[] = [];
  let etAl = false;
  for (const part of splitOutsideBraces(list, /\s+and\s+/iy, " \n\t")) {
    const written = part.trim();
    // Crossref's BibTeX (doi.org) ends a cut list in "and et al.".
    if (/^(?:others|et\.? al\.?)$/i.test(written)) etAl = true;
    else if (written.length > 0) {
      const name = displayName(written);
      if (name.length > 0) names.push(name);
    }
  }
  return { names, etAl };
}
