import { type Action, actionSchema, encodeAction } from "../bot/actions.js";
import type { Card } from "../bot/reply.js";
import type { Paper } from "../corpus/types.js";
import type { PersonCandidate } from "../search/types.js";
import { ACTION_IDS, type ActionIdBase } from "./ids.js";
import { LIMITS, truncate } from "./limits.js";
import { abstractPreview } from "./lines.js";

/** A button before it becomes Block Kit or a numbered console action; labels are raw text. */
export interface ButtonSpec {
  label: string;
  action: Action;
  /** Shown after the label in the console, e.g. the paper id. */
  detail?: string;
}

export const BUTTON_LABELS = {
  share: "Share in channel",
  similar: "More like this",
  full: "Read full abstract",
  reroll: "Another one",
  page: "Show more",
} as const;

const ACTION_ID_OF: Record<Action["a"], ActionIdBase> = {
  share: ACTION_IDS.share,
  similar: ACTION_IDS.similar,
  full: ACTION_IDS.full,
  by: ACTION_IDS.moreBy,
  author: ACTION_IDS.author,
  page: ACTION_IDS.page,
  reroll: ACTION_IDS.reroll,
};

export function actionIdOf(action: Action): ActionIdBase {
  return ACTION_ID_OF[action.a];
}

/** The button's value, or undefined when it would not survive the trip (too long, or refused on the way back). */
export function buttonValueOf(action: Action): string | undefined {
  if (!actionSchema.safeParse(action).success) return undefined;
  const value = encodeAction(action);
  return value.length <= LIMITS.buttonValue ? value : undefined;
}

/** Whose "More by" button a paper gets: the first profiled owner, else the first visible author. */
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

export function cardButtonSpecs(card: Card): ButtonSpec[] {
  const { paper } = card;
  const specs: ButtonSpec[] = [];
  const wanted = new Set(card.buttons);
  if (wanted.has("share"))
    specs.push({ label: BUTTON_LABELS.share, action: { a: "share", id: paper.id }, detail: paper.id });
  if (wanted.has("similar"))
    specs.push({ label: BUTTON_LABELS.similar, action: { a: "similar", id: paper.id }, detail: paper.id });
  const person = moreByPersonOf(paper);
  if (wanted.has("moreBy") && person)
    specs.push({ label: labelled("More by ", person.name), action: { a: "by", person: person.key } });
  const shortened = card.snippet !== undefined || abstractPreview(paper.abstract) !== paper.abstract;
  if (wanted.has("full") && !card.full && shortened)
    specs.push({ label: BUTTON_LABELS.full, action: { a: "full", id: paper.id }, detail: paper.id });
  if (wanted.has("reroll")) specs.push({ label: BUTTON_LABELS.reroll, action: { a: "reroll" } });
  return specs.filter((spec) => buttonValueOf(spec.action) !== undefined);
}

export function candidateButtonSpecs(candidates: PersonCandidate[]): ButtonSpec[] {
  return candidates
    .map((candidate) => ({
      label: truncate(
        `${candidate.name} (${candidate.papers} paper${candidate.papers === 1 ? "" : "s"})`,
        75,
      ),
      action: { a: "author", person: candidate.key } as Action,
    }))
    .filter((spec) => buttonValueOf(spec.action) !== undefined);
}

export function personButtonSpec(person: { key: string; name: string }): ButtonSpec | undefined {
  const spec: ButtonSpec = {
    label: labelled("Papers by ", person.name),
    action: { a: "by", person: person.key },
  };
  return buttonValueOf(spec.action) === undefined ? undefined : spec;
}

export function pageButtonSpec(query: string, nextOffset: number | undefined): ButtonSpec | undefined {
  if (nextOffset === undefined) return undefined;
  const spec: ButtonSpec = { label: BUTTON_LABELS.page, action: { a: "page", q: query, offset: nextOffset } };
  return buttonValueOf(spec.action) === undefined ? undefined : spec;
}
