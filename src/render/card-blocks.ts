import type { KnownBlock } from "@slack/types";
import type { Card } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import { actions, button, context, header, overflowOrButton, present, section } from "./block-parts.js";
import { cardControlsOf } from "./buttons.js";
import { slackMention } from "./escape.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import { cardBodyText, paperByline, paperLinksLine, paperTitle, sharesLine } from "./lines.js";

export interface CardLayout {
  /** "header": the card is the message, with a row of buttons; "inline": one card in a list, four blocks. */
  heading: "header" | "inline";
  /** A header block above the card ("Paper of the day"). */
  title?: string;
  /** Its place in a list of results ("2."), shown before the title. */
  rank?: number;
  /** Most blocks a card on its own may use: a long abstract's sections fill what the rest leaves. */
  maxBlocks: number;
}

/** Lines a card in a list may take before "Full abstract", at Slack's narrowest desktop column. */
export const CARD_LINES = 5;
export const LINE_CHARS = 90;
/** A snippet's line is shorter: its Share button stands beside it. */
export const SNIPPET_LINE_CHARS = 62;
const TITLE_CHARS = 2 * LINE_CHARS;

/** The snippet's room in a list card: what the title, the grey line and the links line leave of the five lines. */
function snippetChars(card: Card, rank: number | undefined): number {
  const ranked = rank === undefined ? 0 : `${rank}. `.length;
  const titleLines = titleOf(card.paper).length + ranked > LINE_CHARS ? 2 : 1;
  return (CARD_LINES - titleLines - 2) * SNIPPET_LINE_CHARS;
}

/** A card: linked title, grey byline, snippet, links line; alone a button row, in a list four blocks. */
export function cardBlocks(card: Card, layout: CardLayout): KnownBlock[] {
  const { paper } = card;
  const inline = layout.heading === "inline";
  const mention = slackMention(card.sharedBy);
  const shared = mention === "" ? undefined : `Shared by ${mention}`;
  const controls = cardControlsOf(card, !inline);
  const titled = paperTitle(paper, TITLE_CHARS);
  const head: KnownBlock[] = layout.title ? [header(layout.title)] : [];
  const title = section(layout.rank === undefined ? titled : `${layout.rank}. ${titled}`);
  // In a list the grey line is one line; a card on its own shows the whole venue.
  const authorsShown = card.allAuthors ? paper.authors.length : undefined;
  const byline = context([
    truncate(
      paperByline(paper, inline ? LINE_CHARS : 300, card.members, authorsShown),
      card.allAuthors ? LIMITS.contextText : 1000,
    ),
  ]);
  const linked = [sharesLine(card.shares), paperLinksLine(paper), shared];
  const links = context([linked.filter((part) => part !== undefined).join(" · ")]);
  // The snippet, or the shortened abstract, or the whole abstract in section-sized parts.
  const text = cardBodyText(card, inline ? snippetChars(card, layout.rank) : undefined);
  const chunks = card.full ? chunksOf(text, LIMITS.sectionText - 10) : [text];
  if (inline) {
    const [beside, ...others] = controls.buttons;
    const menu = overflowOrButton([...others, ...controls.menu]);
    if (menu) title.accessory = menu;
    const body = section(chunks[0] ?? "", beside ? button(beside) : undefined);
    return [...head, title, byline, body, links];
  }
  // With no button in view, the menu sits at the top right of the card rather than alone in a row.
  const menu = overflowOrButton(controls.menu);
  if (controls.buttons.length === 0 && menu) title.accessory = menu;
  const row = actions(...controls.buttons.map((spec) => button(spec)), title.accessory ? undefined : menu);
  const room = Math.max(1, layout.maxBlocks - head.length - 3 - (row ? 1 : 0));
  const body = chunks.slice(0, room).map((chunk) => section(chunk));
  const last = body[body.length - 1];
  if (chunks.length > room && last?.text) {
    last.text.text = `${truncate(last.text.text, LIMITS.sectionText - 40)} _(abstract shortened to fit)_`;
  }
  return [...head, title, byline, ...body, ...present(links, row)];
}
