import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import { withoutControls } from "./escape.js";
import { httpUrl } from "./paper-links.js";

/** What a BibTeX entry is made from: a paper, or a saved paper that has left the corpus (title and authors). */
export type BibtexSource = Pick<Paper, "id" | "headline" | "authors" | "etAl"> &
  Partial<Pick<Paper, "title" | "year" | "venue" | "doi" | "arxivId" | "url" | "citationKey" | "bibtex">>;

// LaTeX's special characters in a braced field value: braces stay balanced and nothing is read as a command.
const LATEX_SPECIALS: Record<string, string> = {
  "\\": "\\textbackslash{}",
  "{": "\\{",
  "}": "\\}",
  "%": "\\%",
  "&": "\\&",
  "#": "\\#",
  $: "\\$",
  _: "\\_",
  "^": "\\^{}",
  "~": "\\~{}",
};

/** Plain text as a braced BibTeX value: one line, LaTeX's specials escaped. */
function bibtexText(text: string): string {
  return withoutControls(text)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\{}%&#$_^~]/g, (c) => LATEX_SPECIALS[c] ?? c);
}

/** A DOI, URL or eprint as a braced value: no braces, no whitespace (they cannot be escaped there). */
function verbatimValue(text: string): string {
  return withoutControls(text).replace(/[{}\s\\]/g, "");
}

/** A name as BibTeX reads it: a name holding " and " or a comma is braced so it stays one person. */
function bibtexName(name: string): string {
  const text = bibtexText(name);
  return / and |,/i.test(text) ? `{${text}}` : text;
}

// Proceedings by their words or by the usual names of the field's conferences.
const PROCEEDINGS =
  /\b(proceedings|proc\.|conference|workshop|symposium|meeting|findings|neurips|nips|icml|iclr|acl|emnlp|naacl|eacl|coling|aaai|ijcai|cvpr|iccv|eccv|kdd|sigir|www)\b/i;

function entryType(source: BibtexSource): { type: string; venueField?: string } {
  const venue = source.venue?.trim();
  if (venue && !/^arxiv$/i.test(venue)) {
    return PROCEEDINGS.test(venue)
      ? { type: "inproceedings", venueField: "booktitle" }
      : { type: "article", venueField: "journal" };
  }
  return { type: "misc" };
}

/** "xi2024agentgym": the first author's last name, the year and the title's first long word, in ASCII. */
function citationKeyOf(source: BibtexSource): string {
  const given = source.citationKey?.replace(/[^A-Za-z0-9_:.-]/g, "");
  if (given) return given;
  const ascii = (text: string) =>
    text
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9 ]/g, "")
      .toLowerCase();
  const last =
    ascii(source.authors[0] ?? "")
      .split(" ")
      .filter(Boolean)
      .at(-1) ?? "";
  const word = ascii(titleOf(source))
    .split(" ")
    .find((w) => w.length > 3 && !["with", "from", "that", "this", "towards"].includes(w));
  const key = `${last}${source.year ?? ""}${word ?? ""}`;
  return key === "" ? `paper${source.id.replace(/[^a-z0-9]/g, "")}` : key;
}

/** An entry made from a paper's fields: type, key, author, title, year, venue, doi, arXiv eprint, url. */
export function generatedBibtex(source: BibtexSource): string {
  const { type, venueField } = entryType(source);
  const authors = source.authors.map(bibtexName);
  if (source.etAl && authors.length > 0) authors.push("others");
  const url = httpUrl(source.url);
  const fields: [string, string | undefined][] = [
    ["author", authors.length > 0 ? authors.join(" and ") : undefined],
    // Double braces keep the title's case; a paper with no title gets none (never its made-up headline).
    ["title", source.title ? `{${bibtexText(source.title)}}` : undefined],
    [venueField ?? "", venueField && source.venue ? bibtexText(source.venue) : undefined],
    ["year", source.year === undefined ? undefined : String(source.year)],
    ["doi", source.doi ? verbatimValue(source.doi) : undefined],
    ["eprint", source.arxivId ? verbatimValue(source.arxivId) : undefined],
    ["archiveprefix", source.arxivId ? "arXiv" : undefined],
    ["url", url ? verbatimValue(url) : undefined],
  ];
  const lines = fields.flatMap(([name, value]) =>
    name === "" || value === undefined || value === "" ? [] : [`  ${name} = {${value}},`],
  );
  return [`@${type}{${citationKeyOf(source)},`, ...lines, "}"].join("\n");
}

/** The paper's BibTeX: the entry as it came in from a .bib file, else one made from its fields. */
export function bibtexOf(source: BibtexSource): { entry: string; generated: boolean } {
  const given = source.bibtex?.trim();
  if (given) return { entry: withoutControls(given), generated: false };
  return { entry: generatedBibtex(source), generated: true };
}
