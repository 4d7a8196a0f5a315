import type { Action } from "../bot/actions.js";
import type { FollowTarget } from "../bot/ports.js";
import type { ListPage, SavedItem } from "../bot/reply.js";
import { topicKeyOf } from "../bot/topic-papers.js";
import type { Paper } from "../corpus/types.js";
import {
  actionValueOf,
  BUTTON_LABELS,
  type ButtonSpec,
  followPersonSpec,
  moreByPersonOf,
  saveSpec,
} from "./buttons.js";
import { LIMITS, truncate } from "./limits.js";

/** Buttons of the follow, reading-list, digest and what's-new replies (and the Home tab). */

const kindOf = (target: FollowTarget) => (target.kind === "author" ? "a" : "t");

function kept(spec: ButtonSpec, max: number = LIMITS.buttonValue): ButtonSpec | undefined {
  return actionValueOf(spec.action, max) === undefined ? undefined : spec;
}

export function followSpec(target: FollowTarget, label?: string): ButtonSpec | undefined {
  const name = truncate(target.label || target.target, LIMITS.buttonText - 10);
  return kept({
    label: label ?? `Follow ${target.kind === "topic" ? `“${name}”` : name}`,
    action: { a: "follow", k: kindOf(target), t: target.target },
  });
}

/** "Unfollow", coming back to the list it was clicked in (`from`) when there is one. */
export function unfollowSpec(
  target: FollowTarget,
  from?: { l: "f" | "s"; o: number },
): ButtonSpec | undefined {
  return kept({
    label: BUTTON_LABELS.unfollow,
    action: { a: "unfollow", k: kindOf(target), t: target.target, ...(from ? { from } : {}) },
  });
}

export function followingSpec(total?: number): ButtonSpec {
  return {
    label: total === undefined ? "What I follow" : `What I follow (${total})`,
    action: { a: "following", o: 0 },
  };
}

export function savedListSpec(total?: number): ButtonSpec {
  return {
    label: total === undefined ? "Reading list" : `Reading list (${total})`,
    action: { a: "saved", o: 0 },
  };
}

export function exportSpec(): ButtonSpec {
  return { label: BUTTON_LABELS.export, action: { a: "export" } };
}

export function removeSpec(paperId: string, from?: { l: "f" | "s"; o: number }): ButtonSpec | undefined {
  return kept({
    label: BUTTON_LABELS.remove,
    action: { a: "unsave", id: paperId, ...(from ? { from } : {}) },
  });
}

export function undoSaveSpec(paperId: string): ButtonSpec {
  return { label: BUTTON_LABELS.undo, action: { a: "unsave", id: paperId } };
}

export function undoUnsaveSpec(paperId: string): ButtonSpec {
  return { label: BUTTON_LABELS.undo, action: { a: "save", id: paperId } };
}

/** An author summary's menu: follow the person, or the topic that sets them apart most. */
export function authorMenu(summary: { key: string; name: string; topics: string[] }): ButtonSpec[] {
  const [topic] = summary.topics;
  const specs = [
    followPersonSpec(summary),
    topic === undefined
      ? undefined
      : followSpec(
          { kind: "topic", target: topicKeyOf(topic), label: topic },
          `Follow the topic “${truncate(topic, 40)}”`,
        ),
  ];
  return specs.flatMap((spec) => (spec ? (kept(spec, LIMITS.optionValue) ?? []) : []));
}

/** A paper in a list (digest, what's new, reading list): open it, save it, more like it, follow its person. */
export function paperRowMenu(
  paper: Paper,
  options: { save?: boolean; remove?: ButtonSpec } = {},
): ButtonSpec[] {
  const person = moreByPersonOf(paper);
  const specs: (ButtonSpec | undefined)[] = [
    { label: BUTTON_LABELS.open, action: { a: "open", id: paper.id }, detail: paper.id },
    options.save === false ? undefined : saveSpec(paper),
    options.remove,
    { label: BUTTON_LABELS.similar, action: { a: "similar", id: paper.id } },
    person ? followPersonSpec(person) : undefined,
  ];
  return specs.flatMap((spec) => (spec ? (kept(spec, LIMITS.optionValue) ?? []) : []));
}

/** The menu of a saved item: open and remove while the paper is there, remove only once it is gone. */
export function savedItemMenu(item: SavedItem, offset: number): ButtonSpec[] {
  const remove = removeSpec(item.paperId, { l: "s", o: offset });
  if (item.paper === undefined) return remove ? [remove] : [];
  return paperRowMenu(item.paper, { save: false, ...(remove ? { remove } : {}) });
}

/** Previous / Show more buttons of a list page; `action(o)` is the page at offset o. */
export function pagingSpecs(
  page: ListPage,
  perPage: number,
  action: (offset: number) => Action,
): ButtonSpec[] {
  const specs: ButtonSpec[] = [];
  if (page.offset > 0) {
    specs.push({ label: BUTTON_LABELS.previous, action: action(Math.max(0, page.offset - perPage)) });
  }
  if (page.nextOffset !== undefined)
    specs.push({ label: BUTTON_LABELS.page, action: action(page.nextOffset) });
  return specs.flatMap((spec) => kept(spec) ?? []);
}
