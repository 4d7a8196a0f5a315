import type { KnownBlock } from "@slack/types";
import type { Action } from "../bot/actions.js";
import type { FollowTarget } from "../bot/ports.js";
import type { Reply, SavedItem } from "../bot/reply.js";
import { topicKeyOf } from "../bot/topic-papers.js";
import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import {
  button,
  buttonRow,
  context,
  divider,
  framed,
  header,
  noticeBlock,
  overflowOrButton,
  present,
  section,
} from "./block-parts.js";
import {
  type ButtonSpec,
  didYouMeanSpecs,
  followPersonSpec,
  moreByPersonOf,
  pagingSpecs,
  saveSpec,
} from "./buttons.js";
import { fmt } from "./escape.js";
import { LIMITS, truncate } from "./limits.js";
import { authorLine, messageText, plural, quoted, range } from "./lines.js";

/** Text pieces of the follow, reading-list, digest and what's-new replies, for Slack and the terminal alike. */

export type FollowReply = Extract<
  Reply,
  {
    kind:
      | "followed"
      | "unfollowed"
      | "following"
      | "saved"
      | "savedOne"
      | "unsaved"
      | "export"
      | "digest"
      | "whatsNew";
  }
>;

/** A reply that confirms one change: a follow, an unfollow, a save or a removal. */
export type ConfirmationReply = Extract<
  FollowReply,
  { kind: "followed" | "unfollowed" | "savedOne" | "unsaved" }
>;

const LABEL_CHARS = 150;

/** "*reward models* · topic" / "*Enyu Zhou* · person". */
export function followLabel(target: FollowTarget, withKind = true): string {
  const name = fmt.bold(fmt.plain(truncate(target.label || target.target, LABEL_CHARS)));
  return withKind ? `${name} · ${target.kind === "author" ? "person" : "topic"}` : name;
}

function capLine(cap: number): string {
  return `at most ${plural(cap, "message")} a day`;
}

function followedText(reply: Extract<Reply, { kind: "followed" }>): string {
  const name = followLabel(reply.target, false);
  if (!reply.added) {
    const near = reply.nearOf === undefined ? "" : ` (the closest name to ${quoted(reply.nearOf)})`;
    return `You already follow ${name}${near}.`;
  }
  if (reply.target.kind === "author" && reply.matching === 0)
    return `You now follow ${name}. No paper of theirs is here yet; I'll DM you when one arrives (${capLine(reply.dailyCap)}).`;
  if (reply.target.kind === "author") {
    const near = reply.nearOf === undefined ? "" : `, the closest name to ${quoted(reply.nearOf)}`;
    return `You now follow ${name}${near} (${plural(reply.matching, "paper")} so far). When a new paper of theirs arrives, I'll send you a DM (${capLine(reply.dailyCap)}).`;
  }
  const now =
    reply.matching === 0
      ? "Nothing matches it yet"
      : `${plural(reply.matching, "paper")} match${reply.matching === 1 ? "es" : ""} it today`;
  return `You now follow the topic ${name}. ${now}; when new papers on it arrive, I'll send you a DM (${capLine(reply.dailyCap)}).`;
}

function followingHeading(reply: Extract<Reply, { kind: "following" }>): string {
  const people = reply.follows.filter((f) => f.kind === "author").length;
  const topics = reply.follows.length - people;
  const parts = [
    ...(people > 0 ? [people === 1 ? "1 person" : `${people} people`] : []),
    ...(topics > 0 ? [plural(topics, "topic")] : []),
  ];
  const what = reply.total === reply.follows.length && parts.length > 0 ? `: ${parts.join(" and ")}` : "";
  return `${fmt.bold(`You follow ${plural(reply.total, "thing")}`)}${what}${range(reply.offset, reply.follows.length, reply.total)}`;
}

/** "*Headline*\nA, B et al. · `id`", and a note after the id. */
function paperRowText(paper: Paper, note?: string): string {
  const head = fmt.bold(fmt.plain(truncate(titleOf(paper), 300)));
  return `${head}\n${truncate(authorLine(paper), 600)} · ${fmt.code(paper.id)}${note ? ` · ${note}` : ""}`;
}

/** A saved paper: as a row while it is there, under its saved headline and authors once it is gone. */
export function savedItemText(item: SavedItem): string {
  if (item.paper) return paperRowText(item.paper);
  const head = fmt.bold(fmt.plain(truncate(item.headline, 300)));
  const authors = item.authors ? `${fmt.plain(truncate(item.authors, 600))} · ` : "";
  return `${head} · ${fmt.italic("no longer in the corpus")}\n${authors}${fmt.code(item.paperId)}`;
}

function savedHeading(reply: Extract<Reply, { kind: "saved" }>): string {
  const gone = reply.items.filter((item) => item.paper === undefined).length;
  const goneNote = gone > 0 ? ` · ${gone} no longer in the corpus` : "";
  return `${fmt.bold(`Your reading list: ${plural(reply.total, "paper")}`)}, newest first${range(reply.offset, reply.items.length, reply.total)}${goneNote}`;
}

function confirmationText(reply: ConfirmationReply): string {
  if (reply.kind === "followed") return followedText(reply);
  if (reply.kind === "unfollowed") {
    const name = followLabel(reply.target, false);
    return reply.removed ? `You no longer follow ${name}.` : `You didn't follow ${name}.`;
  }
  const name = fmt.bold(fmt.plain(truncate(reply.paper.headline, 200)));
  if (reply.kind === "unsaved")
    return reply.removed
      ? `Removed ${name} from your reading list.`
      : `${name} was not on your reading list.`;
  const total = plural(reply.total, "paper");
  return reply.added
    ? `Saved ${name} to your reading list (${total}).`
    : `${name} is on your reading list already (${total}).`;
}

export function exportText(reply: Extract<Reply, { kind: "export" }>): string {
  return `Your reading list: ${plural(reply.items.length, "paper")}, as Markdown and as BibTeX.`;
}

function digestHeading(reply: Extract<Reply, { kind: "digest" }>): string {
  const shown = reply.groups.reduce((n, group) => n + group.papers.length, 0);
  const count = `${plural(reply.total, "new paper")} match${reply.total === 1 ? "es" : ""} what you follow`;
  return `${fmt.bold(count)}${range(reply.offset, shown, reply.total)}`;
}

function digestGroupText(group: Extract<Reply, { kind: "digest" }>["groups"][number]): string {
  const what = group.follow.kind === "author" ? "By" : "On";
  return `${fmt.bold(`${what} ${fmt.plain(truncate(group.follow.label || group.follow.target, LABEL_CHARS))}`)} · ${plural(group.papers.length, "paper")}`;
}

function alsoNote(also: FollowTarget[]): string | undefined {
  if (also.length === 0) return undefined;
  return `also ${also.map((f) => fmt.plain(truncate(f.label || f.target, 60))).join(", ")}`;
}

const DIGEST_FOOTER = "You get these because you follow them: `/paper following` to change that.";

const UTC_MINUTE = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function whatsNewHeading(reply: Extract<Reply, { kind: "whatsNew" }>): string {
  const on = reply.topic === undefined ? "" : ` on “${fmt.plain(truncate(reply.topic, 100))}”`;
  if (reply.total === 0) {
    if (reply.topic !== undefined && reply.changedAt !== undefined) {
      return `None of the papers added in the latest corpus update (${UTC_MINUTE(reply.changedAt)}) are${on}. Follow it, and I'll tell you when some arrive.`;
    }
    const since =
      reply.since === undefined ? "" : ` since I started keeping track (${UTC_MINUTE(reply.since)})`;
    const follow = reply.topic === undefined ? "a topic or a person" : "it";
    return `No papers have been added${since}. Follow ${follow}, and I'll tell you when some are.`;
  }
  const when = reply.changedAt === undefined ? "" : ` on ${UTC_MINUTE(reply.changedAt)}`;
  return `${fmt.bold(`${plural(reply.total, "paper")}${on} added`)} in the latest corpus update${when}${range(reply.offset, reply.papers.length, reply.total)}`;
}

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

/** Nothing new on a topic: its papers of any time, and a follow for the next ones, a click away. */
function nothingNewOnSpecs(reply: Extract<Reply, { kind: "whatsNew" }>): ButtonSpec[] {
  const { total, topic, topicPapers = 0 } = reply;
  if (total > 0 || topic === undefined) return [];
  const target = { kind: "topic" as const, target: topicKeyOf(topic), label: topic };
  return [...didYouMeanSpecs(topicPapers > 0 ? [topic] : []), followSpec(target)];
}

/** A paper in a list (digest, what's new, reading list): open it, save it, more like it, follow its person. */
function paperRowMenu(paper: Paper, options: { save?: boolean; remove?: ButtonSpec } = {}): ButtonSpec[] {
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
function savedItemMenu(item: SavedItem, offset: number): ButtonSpec[] {
  const remove = removeSpec(item.paperId, { l: "s", o: offset });
  return item.paper === undefined ? [remove] : paperRowMenu(item.paper, { save: false, remove });
}

const undo = (action: Action): ButtonSpec => ({ label: "Undo", action });

/** The buttons under a follow, unfollow, save or remove confirmation. */
function confirmationSpecs(reply: ConfirmationReply): ButtonSpec[] {
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

function digestBlocks(reply: Extract<Reply, { kind: "digest" }>): KnownBlock[] {
  const head = [header("New papers for you"), section(digestHeading(reply))];
  const tail = present(
    reply.capReached === undefined
      ? undefined
      : context([
          `That's ${plural(reply.capReached, "message")} like this today, the most I send in a day: if more papers arrive today, they come in one message tomorrow.`,
        ]),
    buttonRow(pagingSpecs(reply)),
    context([messageText(DIGEST_FOOTER)]),
  );
  const body: KnownBlock[] = [];
  for (const group of reply.groups) {
    body.push(divider(), section(digestGroupText(group), button(unfollowSpec(group.follow))));
    for (const { paper, also } of group.papers) {
      body.push(section(paperRowText(paper, alsoNote(also)), overflowOrButton(paperRowMenu(paper))));
    }
  }
  return framed(head, body, tail);
}

/** Blocks of the follow, reading-list, digest and what's-new replies. */
export function followBlocks(reply: FollowReply): KnownBlock[] {
  switch (reply.kind) {
    case "followed":
    case "unfollowed":
    case "savedOne":
    case "unsaved":
      return present(section(confirmationText(reply)), buttonRow(confirmationSpecs(reply)));
    case "following": {
      const head = present(section(followingHeading(reply)), noticeBlock(reply.notice));
      const from = { l: "f" as const, o: reply.offset };
      const cap = reply.dailyCap;
      const tail = present(
        buttonRow(pagingSpecs(reply)),
        context([
          fmt.plain(`New papers on these come to you by DM${cap === undefined ? "" : `, ${capLine(cap)}`}.`),
        ]),
      );
      const rows = reply.follows.map((follow) =>
        section(followLabel(follow), button(unfollowSpec(follow, from))),
      );
      return framed(head, rows, tail);
    }
    case "saved": {
      const head = present(section(savedHeading(reply)), noticeBlock(reply.notice));
      const tail = present(buttonRow([exportSpec(), ...pagingSpecs(reply)]));
      const rows = reply.items.map((item) =>
        section(savedItemText(item), overflowOrButton(savedItemMenu(item, reply.offset))),
      );
      return framed(head, rows, tail);
    }
    case "export":
      return [section(fmt.plain(exportText(reply)))];
    case "digest":
      return digestBlocks(reply);
    case "whatsNew": {
      const head = [section(whatsNewHeading(reply))];
      const tail = present(buttonRow([...nothingNewOnSpecs(reply), ...pagingSpecs(reply)]));
      const rows = reply.papers.map((paper) =>
        section(paperRowText(paper), overflowOrButton(paperRowMenu(paper))),
      );
      return framed(head, rows, tail);
    }
  }
}

/** The plain-text fallback of these replies. */
export function followFallback(
  reply: Extract<FollowReply, { kind: "following" | "saved" | "digest" | "whatsNew" }>,
): string {
  const plain = fmt.plain;
  switch (reply.kind) {
    case "following":
      return `${followingHeading(reply)}: ${reply.follows.map((f) => plain(f.label)).join(", ")}`;
    case "saved":
      return `${savedHeading(reply)}: ${reply.items.map((item) => plain(item.paper ? titleOf(item.paper) : item.headline)).join("; ")}`;
    case "digest": {
      const titles = reply.groups.flatMap((g) => g.papers.map((p) => plain(titleOf(p.paper))));
      return `${digestHeading(reply)}: ${titles.join("; ")}`;
    }
    case "whatsNew":
      return `${whatsNewHeading(reply)}${reply.papers.length > 0 ? `: ${reply.papers.map((p) => plain(titleOf(p))).join("; ")}` : ""}`;
  }
}
