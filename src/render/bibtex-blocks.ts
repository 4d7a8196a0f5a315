import type { KnownBlock, ModalView, RichTextBlock } from "@slack/types";
import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import { bibtexOf } from "./bibtex-entry.js";
import { context, plainText } from "./block-parts.js";
import { fmt } from "./escape.js";
import { chunksOf, truncate } from "./limits.js";

/** Most characters of an entry in one preformatted block; an entry is at most 20,000 characters (the loader's cap). */
const PIECE_CHARS = 2900;
/** A modal holds 100 blocks; an entry never needs more than this many. */
const MOST_PIECES = 20;

/** An entry as rich text, copied as written; only `<!` and `<@` get a word joiner, so nothing pings. */
function entryBlocks(entry: string): RichTextBlock[] {
  const safe = entry.replace(/<([!@#])/g, "<\u2060$1");
  return chunksOf(safe, PIECE_CHARS)
    .slice(0, MOST_PIECES)
    .map((piece) => ({
      type: "rich_text",
      elements: [{ type: "rich_text_preformatted", elements: [{ type: "text", text: piece }] }],
    }));
}

function whereFrom(paper: Paper, generated: boolean): string {
  if (generated && !paper.title)
    return "Made from the paper's fields. The library has no title for this paper (the card's is made up from its abstract): add it before you cite.";
  if (generated) return "Made from the paper's fields: check it before you cite.";
  const file = paper.sources.find((source) => /\.bib$/i.test(source.file))?.file;
  return file ? `As it is in ${fmt.code(truncate(file, 120))}.` : "As it came in.";
}

/** The paper's BibTeX as message blocks: the entry, and where it came from. */
export function bibtexBlocks(paper: Paper): KnownBlock[] {
  const { entry, generated } = bibtexOf(paper);
  return [
    context([
      `BibTeX for ${fmt.bold(fmt.plain(truncate(titleOf(paper), 200)))} · ${whereFrom(paper, generated)}`,
    ]),
    ...entryBlocks(entry),
  ];
}

/** The modal Copy BibTeX opens: the entry to select and copy. */
export function renderBibtexModal(paper: Paper): ModalView {
  return {
    type: "modal",
    title: plainText("BibTeX", 24),
    close: plainText("Close", 24),
    blocks: bibtexBlocks(paper),
  };
}
