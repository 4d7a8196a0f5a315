import type { Reply, SavedItem } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import { type BibtexSource, bibtexOf } from "./bibtex-entry.js";
import { withoutControls } from "./escape.js";
import { plural } from "./lines.js";

/** The reading list as a file: Markdown (headline, authors, owners, id and abstract) or BibTeX. */
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

function entryMarkdown(item: SavedItem): string[] {
  const paper = item.paper;
  const headline = paper ? titleOf(paper) : item.headline;
  const authors = paper ? `${paper.authors.join(", ")}${paper.etAl ? " et al." : ""}` : item.authors;
  const owners = paper?.owners ?? item.owners;
  const abstract = paper?.abstract ?? item.abstract;
  return [
    `## ${escaped(headline)}`,
    "",
    `- Authors: ${escaped(authors) || "unknown"}`,
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
