import type { FollowTarget } from "../bot/ports.js";
import type { Reply, SavedItem } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import { fmt } from "./format.js";
import { truncate } from "./limits.js";
import { authorLine, plural, quoted } from "./lines.js";

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

function unfollowedText(reply: Extract<Reply, { kind: "unfollowed" }>): string {
  const name = followLabel(reply.target, false);
  return reply.removed ? `You no longer follow ${name}.` : `You didn't follow ${name}.`;
}

function range(offset: number, shown: number, total: number): string {
  return total > shown ? ` · ${offset + 1}–${offset + shown} of ${total}` : "";
}

export function followingHeading(reply: Extract<Reply, { kind: "following" }>): string {
  const people = reply.follows.filter((f) => f.kind === "author").length;
  const topics = reply.follows.length - people;
  const parts = [
    ...(people > 0 ? [people === 1 ? "1 person" : `${people} people`] : []),
    ...(topics > 0 ? [plural(topics, "topic")] : []),
  ];
  const what = reply.total === reply.follows.length && parts.length > 0 ? `: ${parts.join(" and ")}` : "";
  return `${fmt.bold(`You follow ${plural(reply.total, "thing")}`)}${what}${range(reply.offset, reply.follows.length, reply.total)}`;
}

export function followingFooter(cap: number | undefined): string {
  return `New papers on these come to you by DM${cap === undefined ? "" : `, ${capLine(cap)}`}.`;
}

/** "*Headline*\nA, B et al. · `id`", and a note after the id. */
export function paperRowText(paper: Paper, note?: string): string {
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

export function savedHeading(reply: Extract<Reply, { kind: "saved" }>): string {
  const gone = reply.items.filter((item) => item.paper === undefined).length;
  const goneNote = gone > 0 ? ` · ${gone} no longer in the corpus` : "";
  return `${fmt.bold(`Your reading list: ${plural(reply.total, "paper")}`)}, newest first${range(reply.offset, reply.items.length, reply.total)}${goneNote}`;
}

function savedOneText(reply: Extract<Reply, { kind: "savedOne" }>): string {
  const name = fmt.bold(fmt.plain(truncate(reply.paper.headline, 200)));
  return reply.added
    ? `Saved ${name} to your reading list (${plural(reply.total, "paper")}).`
    : `${name} is on your reading list already (${plural(reply.total, "paper")}).`;
}

function unsavedText(reply: Extract<Reply, { kind: "unsaved" }>): string {
  const name = fmt.bold(fmt.plain(truncate(reply.paper.headline, 200)));
  return reply.removed ? `Removed ${name} from your reading list.` : `${name} was not on your reading list.`;
}

export function confirmationText(reply: ConfirmationReply): string {
  switch (reply.kind) {
    case "followed":
      return followedText(reply);
    case "unfollowed":
      return unfollowedText(reply);
    case "savedOne":
      return savedOneText(reply);
    case "unsaved":
      return unsavedText(reply);
  }
}

export function exportText(reply: Extract<Reply, { kind: "export" }>): string {
  return `Your reading list: ${plural(reply.items.length, "paper")}, as Markdown and as BibTeX.`;
}

export function digestHeading(reply: Extract<Reply, { kind: "digest" }>): string {
  const shown = reply.groups.reduce((n, group) => n + group.papers.length, 0);
  const count = `${plural(reply.total, "new paper")} match${reply.total === 1 ? "es" : ""} what you follow`;
  return `${fmt.bold(count)}${range(reply.offset, shown, reply.total)}`;
}

export function digestGroupText(group: Extract<Reply, { kind: "digest" }>["groups"][number]): string {
  const what = group.follow.kind === "author" ? "By" : "On";
  return `${fmt.bold(`${what} ${fmt.plain(truncate(group.follow.label || group.follow.target, LABEL_CHARS))}`)} · ${plural(group.papers.length, "paper")}`;
}

export function alsoNote(also: FollowTarget[]): string | undefined {
  if (also.length === 0) return undefined;
  return `also ${also.map((f) => fmt.plain(truncate(f.label || f.target, 60))).join(", ")}`;
}

export function capNote(cap: number): string {
  return `That's ${plural(cap, "message")} like this today, the most I send in a day: if more papers arrive today, they come in one message tomorrow.`;
}

export const DIGEST_FOOTER = "You get these because you follow them: `/paper following` to change that.";

const UTC_MINUTE = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;

export function whatsNewHeading(reply: Extract<Reply, { kind: "whatsNew" }>): string {
  const on = reply.topic === undefined ? "" : ` on “${fmt.plain(truncate(reply.topic, 100))}”`;
  if (reply.total === 0) {
    if (reply.topic !== undefined && reply.changedAt !== undefined) {
      return `None of the papers added in the latest corpus update (${UTC_MINUTE(reply.changedAt)}) are${on}. Follow it, and I'll tell you when some arrive.`;
    }
    const since =
      reply.since === undefined ? "" : ` since I started keeping track (${UTC_MINUTE(reply.since)})`;
    return `No papers have been added${since}. Follow a topic or a person, and I'll tell you when some are.`;
  }
  const when = reply.changedAt === undefined ? "" : ` on ${UTC_MINUTE(reply.changedAt)}`;
  return `${fmt.bold(`${plural(reply.total, "paper")}${on} added`)} in the latest corpus update${when}${range(reply.offset, reply.papers.length, reply.total)}`;
}
