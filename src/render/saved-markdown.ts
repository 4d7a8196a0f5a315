import type { Reply, SavedItem } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import { type BibtexSource, bibtexOf } from "./bibtex-entry.js";
import { withoutControls } from "./escape.js";
import { plural } from "./lines.js";
import { paperLinksOf } from "./paper-links.js";

/** The reading list as a file: Markdown (title linked, authors, venue and year, links, owners, id, abstract) or BibTeX. */
export interface MarkdownFile {
  fileName: string;
  title: string;
  content: string;
}

// Corpus text is shown as written: marks that Markdown would read as formatting or links are escaped.
function escaped(text: string): string {
  return withoutControls(text)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/([\\`*_[\]<>#|~])/g, "\\$1");
}

const dateOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A Markdown link's address: http(s) only (paperLinksOf), its parentheses and spaces written as escapes. */
const address = (url: string) => url.replace(/[()\s]/g, (mark) => encodeURIComponent(mark));

function entryMarkdown(item: SavedItem): string[] {
  const paper = item.paper;
  const headline = paper ? titleOf(paper) : item.headline;
  const authors = paper ? `${paper.authors.join(", ")}${paper.etAl ? " et al." : ""}` : item.authors;
  const owners = paper?.owners ?? item.owners;
  const abstract = paper?.abstract ?? item.abstract;
  const links = paper ? paperLinksOf(paper) : {};
  // Where it was published, as a card's grey line says it: venue and year.
  const published = [paper?.venue, paper?.year].filter((part) => part !== undefined).join(", ");
  const opens = (
    [
      ["DOI", links.doi],
      ["arXiv", links.arxiv],
      ["PDF", links.pdf],
      ["code", links.code],
    ] as const
  ).flatMap(([label, url]) => (url === undefined ? [] : [`[${label}](${address(url)})`]));
  const title =
    links.title === undefined ? escaped(headline) : `[${escaped(headline)}](${address(links.title)})`;
  return [
    `## ${title}`,
    "",
    `- Authors: ${escaped(authors) || "unknown"}`,
    ...(published === "" ? [] : [`- Published: ${escaped(published)}`]),
    ...(opens.length > 0 ? [`- Links: ${opens.join(" · ")}`] : []),
    ...(owners.length > 0 ? [`- Group members: ${owners.map(escaped).join(", ")}`] : []),
    `- Id: \`${item.paperId.replace(/`/g, "")}\``,
    `- Saved: ${dateOf(item.savedAt)}${paper ? "" : " (no longer in the corpus)"}`,
    "",
    escaped(abstract),
    "",
  ];
}

export function savedMarkdown(reply: Extract<Reply, { kind: "export" }>): MarkdownFile {
  const date = dateOf(reply.at);
  const count = plural(reply.items.length, "paper");
  const content = [
    "# Reading list",
    "",
    `Exported from Paperbot on ${date}: ${count}, newest first.`,
    "",
    ...reply.items.flatMap(entryMarkdown),
  ].join("\n");
  return { fileName: `reading-list-${date}.md`, title: `Reading list (${count})`, content };
}

/** A saved paper as BibTeX is made from it: the paper while it is in the corpus, else what was kept of it. */
function bibtexSourceOf(item: SavedItem): BibtexSource {
  if (item.paper) return item.paper;
  const etAl = item.authors.endsWith(" et al.");
  const names = (etAl ? item.authors.slice(0, -" et al.".length) : item.authors).split(", ");
  return { id: item.paperId, headline: item.headline, authors: names.filter((name) => name !== ""), etAl };
}

/** The reading list as a .bib file: each paper's entry as its .bib file gave it, else one made from its fields. */
export function savedBibtex(reply: Extract<Reply, { kind: "export" }>): MarkdownFile {
  const date = dateOf(reply.at);
  const count = plural(reply.items.length, "paper");
  const entries = reply.items.map((item) => {
    const source = bibtexSourceOf(item);
    const { entry, generated } = bibtexOf(source);
    // As Copy BibTeX says it: an entry made for a paper the library has no title for needs one before it is cited.
    return generated && !source.title
      ? `% No title in the library for “${withoutControls(item.headline).replace(/\s+/g, " ")}”: add it before you cite.\n${entry}`
      : entry;
  });
  const content = [
    `% Reading list exported from Paperbot on ${date}: ${count}, newest first.`,
    "",
    ...entries,
  ]
    .join("\n\n")
    .concat("\n");
  return { fileName: `reading-list-${date}.bib`, title: `Reading list (${count}), BibTeX`, content };
}

/** What an export hands over: the Markdown, and the same papers as BibTeX beside it. */
export function savedFiles(reply: Extract<Reply, { kind: "export" }>): MarkdownFile[] {
  return [savedMarkdown(reply), savedBibtex(reply)];
}
