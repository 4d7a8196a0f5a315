import type { KnownBlock } from "@slack/types";
import type { Card } from "../bot/reply.js";
import { actions, context, header, present, section } from "./block-parts.js";
import { cardButtonSpecs } from "./buttons.js";
import { escapeText, isSlackUserId } from "./escape.js";
import { SLACK_FORMAT as fmt } from "./format.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import { abstractPreview, authorLine, paperFooter, snippetText } from "./lines.js";

export interface CardLayout {
  /** "header": the card is the message (a header block); "inline": one card in a list. */
  heading: "header" | "inline";
  title?: string;
  /** Most blocks this card may use. */
  maxBlocks: number;
}

/** The card's body text pieces: the snippet, or the shortened abstract, or the whole abstract in section-sized parts. */
function bodyChunks(card: Card): string[] {
  if (card.full) return chunksOf(escapeText(card.paper.abstract), LIMITS.sectionText - 10);
  if (card.snippet && card.snippet.length > 0) return [snippetText(fmt, card.snippet)];
  return [escapeText(abstractPreview(card.paper.abstract))];
}

export function sharedByLine(userId: string | undefined): string | undefined {
  // The only live mention the bot ever writes, and only from a validated user id.
  return userId !== undefined && isSlackUserId(userId) ? `Shared by <@${userId}>` : undefined;
}

export function cardBlocks(card: Card, layout: CardLayout): KnownBlock[] {
  const { paper } = card;
  const headline = fmt.bold(escapeText(truncate(paper.headline, 300)));
  const authors = authorLine(fmt, paper);
  const shared = sharedByLine(card.sharedBy);
  const tail = present(
    context([paperFooter(fmt, paper, card.related)]),
    shared ? context([shared]) : undefined,
    actions(cardButtonSpecs(card)),
  );
  const chunks = bodyChunks(card);
  const lead: KnownBlock[] = [];
  if (layout.heading === "header") {
    lead.push(header(layout.title ?? paper.headline));
    lead.push(section(layout.title ? `${headline}\n${authors}` : authors));
  } else {
    const first = card.full ? undefined : chunks.shift();
    lead.push(section(first === undefined ? `${headline}\n${authors}` : `${headline}\n${authors}\n${first}`));
  }
  const room = Math.max(0, layout.maxBlocks - lead.length - tail.length);
  const body = chunks.slice(0, room).map((chunk) => section(chunk));
  const last = body[body.length - 1];
  if (chunks.length > room && last?.text) {
    last.text.text = `${truncate(last.text.text, LIMITS.sectionText - 40)} _(abstract shortened to fit)_`;
  }
  return [...lead, ...body, ...tail];
}
