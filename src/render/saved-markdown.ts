import type { Reply, SavedItem } from "../bot/reply.js";
import { withoutControls } from "./escape.js";
import { plural } from "./lines.js";

/** The reading list as a Markdown file: headline, authors, owners, id and abstract of every saved paper. */
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
  const headline = paper?.headline ?? item.headline;
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
