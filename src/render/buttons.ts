import { type Action, actionSchema, encodeAction } from "../bot/actions.js";
import { type PagedReply, pageActionOf } from "../bot/paging.js";
import type { Card } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import type { PersonCandidate } from "../search/types.js";
import { LIMITS, truncate } from "./limits.js";
import { abstractPreview, plural } from "./lines.js";

/** A button or menu option before it becomes Block Kit or a numbered console action; labels are raw text. */
export interface ButtonSpec {
  label: string;
  action: Action;
}

/** What a card offers: buttons in view, and the rest in its overflow menu. */
export interface CardControls {
  buttons: ButtonSpec[];
  menu: ButtonSpec[];
}

/** The encoded action, or undefined when it would not survive the trip (longer than `max`, or refused on the way back). */
export function actionValueOf(action: Action, max: number = LIMITS.buttonValue): string | undefined {
  if (!actionSchema.safeParse(action).success) return undefined;
  const value = encodeAction(action);
  return value.length <= max ? value : undefined;
}

/** The spec, or undefined when its action would not survive the trip (see actionValueOf). */
function fittingSpec(spec: ButtonSpec, max: number = LIMITS.buttonValue): ButtonSpec | undefined {
  return actionValueOf(spec.action, max) === undefined ? undefined : spec;
}

/** Whose "More by" a paper offers: the first profiled owner, else the first visible author. */
export function moreByPersonOf(paper: Paper): { key: string; name: string } | undefined {
  const ownerKey = paper.ownerKeys[0];
  const owner = paper.owners[0];
  if (ownerKey && owner) return { key: ownerKey, name: owner };
  const authorKey = paper.authorKeys[0];
  const author = paper.authors[0];
  if (authorKey && author) return { key: authorKey, name: author };
  return undefined;
}

function labelled(prefix: string, name: string): string {
  return `${prefix}${truncate(name, LIMITS.buttonText - prefix.length)}`;
}

/** "Another one": the papers this thread has shown, this one last, as many as fit in the button's value. */
function rerollSpec(card: Card): ButtonSpec {
  const seen = [...new Set([...(card.seen ?? []), card.paper.id])];
  let action: Action = { a: "reroll", seen };
  while (actionValueOf(action) === undefined && seen.length > 1) {
    seen.shift();
    action = { a: "reroll", seen };
  }
  return { label: "Another one", action };
}

/** The card's menu, in the order kept when there is room for five; `saveShown`: Save is a button. */
const CARD_MENU: ((card: Card, saveShown: boolean) => ButtonSpec | undefined)[] = [
  (card) =>
    card.buttons.includes("similar")
      ? { label: "More like this", action: { a: "similar", id: card.paper.id } }
      : undefined,
  (card) => {
    const shortened =
      card.snippet !== undefined || abstractPreview(card.paper.abstract) !== card.paper.abstract;
    if (!card.buttons.includes("full") || card.full || !shortened || card.paper.abstract.trim() === "")
      return undefined;
    return { label: "Full abstract", action: { a: "full", id: card.paper.id } };
  },
  (card, saveShown) => (card.buttons.includes("save") && !saveShown ? saveSpec(card.paper) : undefined),
  (card) => ({ label: "Copy BibTeX", action: { a: "bib", id: card.paper.id } }),
  (card) => {
    const person = card.person ?? moreByPersonOf(card.paper);
    if (!card.buttons.includes("moreBy") || person === undefined) return undefined;
    return { label: labelled("More by ", person.name), action: { a: "by", person: person.key } };
  },
  (card) => {
    const person = card.person ?? moreByPersonOf(card.paper);
    return card.buttons.includes("follow") && person ? followPersonSpec(person) : undefined;
  },
];

export function saveSpec(paper: Paper): ButtonSpec {
  return { label: "Save", action: { a: "save", id: paper.id } };
}

export function followPersonSpec(person: { key: string; name: string }): ButtonSpec {
  return { label: labelled("Follow ", person.name), action: { a: "follow", k: "a", t: person.key } };
}

/** What a card offers: on its own, a row of buttons (Save joins Share); in a list, one button and a menu. */
export function cardControlsOf(card: Card, buttonRoom = true): CardControls {
  const { paper } = card;
  const buttons: ButtonSpec[] = [];
  if (card.buttons.includes("reroll")) buttons.push(rerollSpec(card));
  if (card.buttons.includes("share"))
    buttons.push({ label: "Share in channel", action: { a: "share", id: paper.id } });
  const saveShown = buttonRoom && card.buttons.includes("save");
  if (saveShown) buttons.push(saveSpec(paper));
  const offered = CARD_MENU.flatMap((entry) => {
    const spec = entry(card, saveShown);
    return (spec && fittingSpec(spec, LIMITS.optionValue)) ?? [];
  });
  // Past five options More by goes (the card's page has it); Follow and Copy BibTeX, which help names, stay.
  const menu =
    offered.length > LIMITS.overflowOptions ? offered.filter((spec) => spec.action.a !== "by") : offered;
  return { buttons: buttons.flatMap((spec) => fittingSpec(spec) ?? []), menu };
}

export function candidateButtonSpecs(candidates: PersonCandidate[]): ButtonSpec[] {
  return candidates.map((candidate) => ({
    label: truncate(`${candidate.name} (${plural(candidate.papers, "paper")})`, LIMITS.buttonText),
    action: { a: "author", person: candidate.key },
  }));
}

export function personButtonSpec(person: { key: string; name: string }): ButtonSpec {
  return { label: labelled("Papers by ", person.name), action: { a: "by", person: person.key } };
}

/** Previous where a page comes before this one, and Show more; `at(o)` is the page at offset o. */
export function pageSpecs(
  page: { previousOffset?: number; nextOffset?: number },
  at: (offset: number) => Action,
  moreLabel: string = "Show more",
): ButtonSpec[] {
  return [
    ...(page.previousOffset === undefined ? [] : [{ label: "Previous", action: at(page.previousOffset) }]),
    ...(page.nextOffset === undefined ? [] : [{ label: moreLabel, action: at(page.nextOffset) }]),
  ];
}

/** Paging that replaces the message; searches have no Previous, to stay under a dozen controls with cards. */
export function pagingSpecs(reply: PagedReply): ButtonSpec[] {
  const more = reply.kind === "people" ? "Show more people" : "Show more";
  return pageSpecs(reply, pageActionOf(reply), more);
}

/** "Search “reward model”" buttons for queries that would find papers; the results replace the message. */
export function didYouMeanSpecs(queries: string[]): ButtonSpec[] {
  return queries.map((q) => ({
    label: truncate(`Search “${q}”`, LIMITS.buttonText),
    action: { a: "page", q, offset: 0 },
  }));
}

/** One menu option per paper, opening its card. */
/** A paper to open from a list of someone's: its year first, where it has one, so the list reads newest first. */
export function openPaperSpec(paper: Paper): ButtonSpec {
  const label = paper.year === undefined ? titleOf(paper) : `${paper.year} · ${titleOf(paper)}`;
  return { label, action: { a: "open", id: paper.id } };
}

export function coauthorSpec(person: { key: string; name: string; papers: number }): ButtonSpec {
  return { label: `${person.name} (${person.papers})`, action: { a: "by", person: person.key } };
}
