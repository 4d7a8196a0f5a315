import type { Action } from "../bot/actions.js";
import type { FollowTarget } from "../bot/ports.js";
import type { SavedItem } from "../bot/reply.js";
import { topicKeyOf } from "../bot/topic-papers.js";
import type { Paper } from "../corpus/types.js";
import { type ButtonSpec, followPersonSpec, moreByPersonOf, saveSpec } from "./buttons.js";
import type { ConfirmationReply } from "./follow-text.js";
import { LIMITS, truncate } from "./limits.js";
import { plural } from "./lines.js";

/** Buttons of the follow, reading-list, digest and what's-new replies (and the Home tab). */

const kindOf = (target: FollowTarget) => (target.kind === "author" ? "a" : "t");

function followSpec(target: FollowTarget, label?: string): ButtonSpec {
  const name = truncate(target.label || target.target, LIMITS.buttonText - 10);
  return {
    label: label ?? `Follow ${target.kind === "topic" ? `“${name}”` : name}`,
    action: {
      a: "follow",
      k: kindOf(target),
      t: target.target,
      ...(target.kind === "author" && target.label ? { n: target.label } : {}),
    },
  };
}

/** "Unfollow", coming back to the list it was clicked in (`from`) when there is one. */
export function unfollowSpec(target: FollowTarget, from?: { l: "f" | "s"; o: number }): ButtonSpec {
  return {
    label: "Unfollow",
    action: { a: "unfollow", k: kindOf(target), t: target.target, ...(from ? { from } : {}) },
  };
}

const followingSpec = (total?: number): ButtonSpec => ({
  label: total === undefined ? "What I follow" : `What I follow (${total})`,
  action: { a: "following", o: 0 },
});

const savedListSpec = (total?: number): ButtonSpec => ({
  label: total === undefined ? "Reading list" : `Reading list (${total})`,
  action: { a: "saved", o: 0 },
});

export function exportSpec(): ButtonSpec {
  return { label: "Export as Markdown and BibTeX", action: { a: "export" } };
}

export function removeSpec(paperId: string, from?: { l: "f" | "s"; o: number }): ButtonSpec {
  return { label: "Remove", action: { a: "unsave", id: paperId, ...(from ? { from } : {}) } };
}

/** An author summary's menu: follow the person, or the topic that sets them apart most. */
export function authorMenu(summary: { key: string; name: string; topics: string[] }): ButtonSpec[] {
  const [topic] = summary.topics;
  if (topic === undefined) return [followPersonSpec(summary)];
  const target = { kind: "topic" as const, target: topicKeyOf(topic), label: topic };
  return [followPersonSpec(summary), followSpec(target, `Follow the topic “${truncate(topic, 40)}”`)];
}

/** A paper in a list (digest, what's new, reading list): open it, save it, more like it, follow its person. */
export function paperRowMenu(
  paper: Paper,
  options: { save?: boolean; remove?: ButtonSpec } = {},
): ButtonSpec[] {
  const person = moreByPersonOf(paper);
  return [
    { label: "Open", action: { a: "open", id: paper.id } },
    ...(options.save === false ? [] : [saveSpec(paper)]),
    ...(options.remove ? [options.remove] : []),
    { label: "More like this", action: { a: "similar", id: paper.id } },
    ...(person ? [followPersonSpec(person)] : []),
  ];
}

/** The menu of a saved item: open and remove while the paper is there, remove only once it is gone. */
export function savedItemMenu(item: SavedItem, offset: number): ButtonSpec[] {
  const remove = removeSpec(item.paperId, { l: "s", o: offset });
  return item.paper === undefined ? [remove] : paperRowMenu(item.paper, { save: false, remove });
}

const undo = (action: Action): ButtonSpec => ({ label: "Undo", action });

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
        target.kind === "author" && reply.matching > 0
          ? { label: "Their papers", action: { a: "by", person: target.target } }
          : undefined;
      // A person with no paper here yet: the words may have been meant as a topic.
      const asTopic =
        target.kind === "author" && reply.matching === 0 ? followCandidateSpecs([], target.label) : [];
      return [unfollow, search, person, ...asTopic, followingSpec(reply.total)].flatMap((spec) => spec ?? []);
    }
    case "unfollowed": {
      return [followSpec(reply.target, "Follow again"), followingSpec()];
    }
    case "savedOne":
      return [
        ...(reply.added ? [undo({ a: "unsave", id: reply.paper.id })] : []),
        savedListSpec(reply.total),
      ];
    case "unsaved":
      return [...(reply.removed ? [undo({ a: "save", id: reply.paper.id })] : []), savedListSpec()];
  }
}

/** "Follow A (3 papers)" for each candidate, and "Follow “X” as a topic" beside near misses. */
export function followCandidateSpecs(
  candidates: { key: string; name: string; papers: number }[],
  topic: string | undefined,
): ButtonSpec[] {
  const people = candidates.map((c) =>
    followSpec(
      { kind: "author", target: c.key, label: c.name },
      truncate(`Follow ${c.name} (${plural(c.papers, "paper")})`, LIMITS.buttonText),
    ),
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
