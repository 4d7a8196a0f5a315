import type { KnownBlock, SectionBlock } from "@slack/types";
import type { Card } from "../bot/reply.js";
import { actions, button, context, header, overflowOrButton, present, section } from "./block-parts.js";
import { cardControlsOf } from "./buttons.js";
import { escapeMrkdwn, isSlackUserId } from "./escape.js";
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
  if (card.full) return chunksOf(escapeMrkdwn(card.paper.abstract), LIMITS.sectionText - 10);
  if (card.snippet && card.snippet.length > 0) return [snippetText(fmt, card.snippet)];
  return [escapeMrkdwn(abstractPreview(card.paper.abstract))];
}

export function sharedByLine(userId: string | undefined): string | undefined {
  // The only live mention the bot ever writes, and only from a validated user id.
  return userId !== undefined && isSlackUserId(userId) ? `Shared by <@${userId}>` : undefined;
}

/**
 * A paper card: headline, the paper's authors with the group members it does not show, one snippet (or the
 * abstract), the id; Share (and Another one) as buttons, everything else in the "⋯" menu.
 */
export function cardBlocks(card: Card, layout: CardLayout): KnownBlock[] {
  const { paper } = card;
  const headline = fmt.bold(fmt.plain(truncate(paper.headline, 300)));
  const authors = authorLine(fmt, paper);
  const shared = sharedByLine(card.sharedBy);
  const controls = cardControlsOf(card);
  const menu = overflowOrButton(controls.menu);
  // With no button in view, the menu sits at the top right of the card rather than alone in a row.
  const menuInRow = controls.buttons.length > 0;
  const tail = present(
    context([shared ? `${paperFooter(fmt, paper)} · ${shared}` : paperFooter(fmt, paper)]),
    actions(...controls.buttons.map((spec) => button(spec)), menuInRow ? menu : undefined),
  );
  const chunks = bodyChunks(card);
  const lead: SectionBlock[] = [];
  if (layout.heading === "header") {
    lead.push(section(layout.title ? `${headline}\n${authors}` : authors));
  } else {
    const first = card.full ? undefined : chunks.shift();
    lead.push(section(first === undefined ? `${headline}\n${authors}` : `${headline}\n${authors}\n${first}`));
  }
  const [top] = lead;
  if (!menuInRow && menu && top) top.accessory = menu;
  const head: KnownBlock[] = layout.heading === "header" ? [header(layout.title ?? paper.headline)] : [];
  const room = Math.max(0, layout.maxBlocks - head.length - lead.length - tail.length);
  const body = chunks.slice(0, room).map((chunk) => section(chunk));
  const last = body[body.length - 1];
  if (chunks.length > room && last?.text) {
    last.text.text = `${truncate(last.text.text, LIMITS.sectionText - 40)} _(abstract shortened to fit)_`;
  }
  return [...head, ...lead, ...body, ...tail];
}
