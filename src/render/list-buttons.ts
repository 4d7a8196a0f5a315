import type { FollowTarget } from "../bot/ports.js";
import type { SavedItem } from "../bot/reply.js";
import { topicKeyOf } from "../bot/topic-papers.js";
import type { Paper } from "../corpus/types.js";
import {
  BUTTON_LABELS,
  type ButtonSpec,
  fittingSpec,
  followPersonSpec,
  moreByPersonOf,
  saveSpec,
} from "./buttons.js";
import type { ConfirmationReply } from "./follow-text.js";
import { LIMITS, truncate } from "./limits.js";
import { plural } from "./lines.js";

/** Buttons of the follow, reading-list, digest and what's-new replies (and the Home tab). */

const kindOf = (target: FollowTarget) => (target.kind === "author" ? "a" : "t");

function followSpec(target: FollowTarget, label?: string): ButtonSpec | undefined {
  const name = truncate(target.label || target.target, LIMITS.buttonText - 10);
  return fittingSpec({
    label: label ?? `Follow ${target.kind === "topic" ? `“${name}”` : name}`,
    action: { a: "follow", k: kindOf(target), t: target.target },
  });
}

/** "Unfollow", coming back to the list it was clicked in (`from`) when there is one. */
export function unfollowSpec(
  target: FollowTarget,
  from?: { l: "f" | "s"; o: number },
): ButtonSpec | undefined {
  return fittingSpec({
    label: BUTTON_LABELS.unfollow,
    action: { a: "unfollow", k: kindOf(target), t: target.target, ...(from ? { from } : {}) },
  });
}

function followingSpec(total?: number): ButtonSpec {
  return {
    label: total === undefined ? "What I follow" : `What I follow (${total})`,
    action: { a: "following", o: 0 },
  };
}

function savedListSpec(total?: number): ButtonSpec {
  return {
    label: total === undefined ? "Reading list" : `Reading list (${total})`,
    action: { a: "saved", o: 0 },
  };
}

export function exportSpec(): ButtonSpec {
  return { label: BUTTON_LABELS.export, action: { a: "export" } };
}

export function removeSpec(paperId: string, from?: { l: "f" | "s"; o: number }): ButtonSpec | undefined {
  return fittingSpec({
    label: BUTTON_LABELS.remove,
    action: { a: "unsave", id: paperId, ...(from ? { from } : {}) },
  });
}

function undoSaveSpec(paperId: string): ButtonSpec {
  return { label: BUTTON_LABELS.undo, action: { a: "unsave", id: paperId } };
}

function undoUnsaveSpec(paperId: string): ButtonSpec {
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
  return specs.flatMap((spec) => (spec ? (fittingSpec(spec, LIMITS.optionValue) ?? []) : []));
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
  return specs.flatMap((spec) => (spec ? (fittingSpec(spec, LIMITS.optionValue) ?? []) : []));
}

/** The menu of a saved item: open and remove while the paper is there, remove only once it is gone. */
export function savedItemMenu(item: SavedItem, offset: number): ButtonSpec[] {
  const remove = removeSpec(item.paperId, { l: "s", o: offset });
  if (item.paper === undefined) return remove ? [remove] : [];
  return paperRowMenu(item.paper, { save: false, ...(remove ? { remove } : {}) });
}

/** The buttons under a follow, unfollow, save or remove confirmation. */
export function confirmationSpecs(reply: ConfirmationReply): ButtonSpec[] {
  switch (reply.kind) {
    case "followed": {
      const { target } = reply;
      const unfollow = unfollowSpec(target);
      const search: ButtonSpec | undefined =
        target.kind === "topic" && reply.matching > 0
          ? {
              label: truncate(`Papers on “${target.label}”`, LIMITS.buttonText),
              action: { a: "page", q: target.label, offset: 0 },
            }
          : undefined;
      const person: ButtonSpec | undefined =
        target.kind === "author"
          ? { label: "Their papers", action: { a: "by", person: target.target } }
          : undefined;
      return [unfollow, search, person, followingSpec(reply.total)].flatMap((spec) => spec ?? []);
    }
    case "unfollowed": {
      const again = followSpec(reply.target, "Follow again");
      return again ? [again, followingSpec()] : [followingSpec()];
    }
    case "savedOne":
      return [...(reply.added ? [undoSaveSpec(reply.paper.id)] : []), savedListSpec(reply.total)];
    case "unsaved":
      return [...(reply.removed ? [undoUnsaveSpec(reply.paper.id)] : []), savedListSpec()];
  }
}

/** "Follow A (3 papers)" for each candidate, and "Follow “X” as a topic" beside near misses. */
export function followCandidateSpecs(
  candidates: { key: string; name: string; papers: number }[],
  topic: string | undefined,
): ButtonSpec[] {
  const people = candidates.flatMap(
    (c) =>
      followSpec(
        { kind: "author", target: c.key, label: c.name },
        truncate(`Follow ${c.name} (${plural(c.papers, "paper")})`, LIMITS.buttonText),
      ) ?? [],
  );
  const asTopic =
    topic === undefined
      ? undefined
      : followSpec(
          { kind: "topic", target: topicKeyOf(topic), label: topic },
          truncate(`Follow “${truncate(topic, 40)}” as a topic`, LIMITS.buttonText),
        );
  return [...people, ...(asTopic ? [asTopic] : [])];
}
