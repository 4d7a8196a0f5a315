import type { KnownBlock } from "@slack/types";
import type { Card } from "../bot/reply.js";
import { actions, button, context, header, overflowOrButton, present, section } from "./block-parts.js";
import { cardControlsOf } from "./buttons.js";
import { isSlackUserId } from "./escape.js";
import { SLACK_FORMAT as fmt } from "./format.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import { authorLine, cardBodyText, paperFooter } from "./lines.js";

export interface CardLayout {
  /** "header": the card is the message (a header block); "inline": one card in a list. */
  heading: "header" | "inline";
  title?: string;
  /** Its place in a list of results ("2."), shown before the headline. */
  rank?: number;
  /** Most blocks this card may use. */
  maxBlocks: number;
}

// In a list, a card without a snippet shows a shorter opening of its abstract than a card on its own.
const LIST_PREVIEW_CHARS = 200;

/** The card's body text pieces: the snippet, or the shortened abstract, or the whole abstract in section-sized parts. */
function bodyChunks(card: Card, layout: CardLayout): string[] {
  const text = cardBodyText(fmt, card, layout.heading === "inline" ? LIST_PREVIEW_CHARS : undefined);
  return card.full ? chunksOf(text, LIMITS.sectionText - 10) : [text];
}

export function sharedByLine(userId: string | undefined): string | undefined {
  // The only live mention the bot ever writes, and only from a validated user id.
  return userId !== undefined && isSlackUserId(userId) ? `Shared by <@${userId}>` : undefined;
}

/**
 * A paper card: headline, the paper's authors (in grey) with the group members it does not show, one snippet
 * (or the abstract), the id; Share (and Another one) as buttons, everything else in the "⋯" menu.
 */
export function cardBlocks(card: Card, layout: CardLayout): KnownBlock[] {
  const { paper } = card;
  const headline = fmt.bold(fmt.plain(truncate(paper.headline, 300)));
  const shared = sharedByLine(card.sharedBy);
  const controls = cardControlsOf(card);
  const menu = overflowOrButton(controls.menu);
  // A header block is the headline of a card on its own, unless a title ("Paper of the day") takes its place.
  const head: KnownBlock[] = layout.heading === "header" ? [header(layout.title ?? paper.headline)] : [];
  const ranked = layout.rank === undefined ? headline : `${layout.rank}. ${headline}`;
  const title = layout.heading === "inline" || layout.title ? section(ranked) : undefined;
  const lead = present(title, context([authorLine(fmt, paper)]));
  const footer = context([shared ? `${paperFooter(fmt, paper)} · ${shared}` : paperFooter(fmt, paper)]);
  const row = controls.buttons.length > 0 ? 1 : 0;
  const chunks = bodyChunks(card, layout);
  const room = Math.max(0, layout.maxBlocks - head.length - lead.length - 1 - row);
  const body = chunks.slice(0, room).map((chunk) => section(chunk));
  const last = body[body.length - 1];
  if (chunks.length > room && last?.text) {
    last.text.text = `${truncate(last.text.text, LIMITS.sectionText - 40)} _(abstract shortened to fit)_`;
  }
  // With no button in view, the menu sits at the top right of the card rather than alone in a row.
  const corner = row === 0 ? (title ?? body[0]) : undefined;
  if (corner && menu) corner.accessory = menu;
  const buttons = actions(...controls.buttons.map((spec) => button(spec)), corner ? undefined : menu);
  return [...head, ...lead, ...body, ...present(footer, buttons)];
}
