import { isPersonName, personKey } from "../corpus/names.js";
import { SearchUnavailableError } from "../search/errors.js";
import type { SearchIndex } from "../search/types.js";
import { digestReplyOf } from "./digest-reply.js";
import type { FollowIntent, ListOrigin } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { listPageAnswer, pageAt, type ShownPage } from "./paging.js";
import {
  type Answer,
  type BotDeps,
  type FollowControl,
  type FollowTarget,
  info,
  problem,
  toAsker,
} from "./ports.js";
import type { BotRequest } from "./request.js";
import { topicKeyOf, topicPaperIds } from "./topic-papers.js";

/** Follows per page of `/paper following`: one block each, inside a message's 50. */
const FOLLOWS_PER_PAGE = 40;
/** Papers per page of "What's new?". */
const NEW_PAPERS_PER_PAGE = 20;
/** "What's new?" shows the newest change and those within this long before it. */
export const WHATS_NEW_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The same key for a person however it reached us (a button's key, a summary's). */
async function authorTarget(index: SearchIndex, key: string): Promise<FollowTarget | undefined> {
  const summary = await index.authorByKey(key);
  return summary === undefined ? undefined : { kind: "author", target: summary.key, label: summary.name };
}

/** A person no paper names yet, followed again by the name the button carries (when it is that key's). */
function namedPersonTarget(key: string, name: string | undefined): FollowTarget | undefined {
  return name !== undefined && personKey(name) === key
    ? { kind: "author", target: key, label: name }
    : undefined;
}

function topicTarget(topic: string): FollowTarget {
  return { kind: "topic", target: topicKeyOf(topic), label: topic.trim() };
}

/** Two or more capitalised words, none all capitals ("RLHF PPO": acronyms); asked if no paper has them. */
function readsAsPersonName(words: string): boolean {
  const named = words.split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
  return isPersonName(words) && named.length >= 2 && named.every((word) => /\p{Ll}/u.test(word));
}

/** The person an answer follows, and what was typed when it was a near name rather than theirs. */
type Resolved = { target: FollowTarget; nearOf?: string };

/** "follow X": a person, a slip of one, a topic with papers, near names; never a topic that cannot match. */
async function resolvedTarget(
  index: SearchIndex,
  what: string,
  as: "topic" | "author" | undefined,
): Promise<Resolved | Answer> {
  if (as === "topic") return { target: topicTarget(what) };
  const lookup = await index.author(what);
  if (lookup.kind === "found") {
    return { target: { kind: "author", target: lookup.summary.key, label: lookup.summary.name } };
  }
  if (lookup.kind === "ambiguous") {
    return toAsker({ kind: "ambiguous", query: what, candidates: lookup.candidates, purpose: "follow" });
  }
  const { slipOf } = lookup;
  if (slipOf !== undefined)
    return { target: { kind: "author", target: slipOf.key, label: slipOf.name }, nearOf: what };
  if (as !== "author" && (await topicPaperIds(index, what)).size > 0) return { target: topicTarget(what) };
  if (lookup.suggestions.length === 0) {
    // Nobody here by that name yet: the corpus's key for it, so their first paper fires the follow.
    if (as === "author" || readsAsPersonName(what.trim()))
      return { target: { kind: "author", target: personKey(what), label: what.trim() } };
    return { target: topicTarget(what) };
  }
  return toAsker({
    kind: "notFound",
    what: "author",
    query: what,
    suggestions: lookup.suggestions.map((candidate) => candidate.name),
    people: lookup.suggestions.slice(0, 5),
    purpose: "follow",
  });
}

async function matchingNow(index: SearchIndex, target: FollowTarget): Promise<number> {
  if (target.kind === "author") return (await index.authorByKey(target.target))?.papers.length ?? 0;
  return (await topicPaperIds(index, target.label || target.target)).size;
}

async function followed(
  control: FollowControl,
  index: SearchIndex,
  userId: string,
  target: FollowTarget,
  nearOf?: string,
): Promise<Answer> {
  const current = await control.list(userId);
  const already = current.find((f) => f.kind === target.kind && f.target === target.target);
  if (already === undefined && current.length >= control.maxFollows)
    return problem(MESSAGES.followLimit(control.maxFollows));
  const { added, total } = await control.follow(userId, target);
  return toAsker({
    kind: "followed",
    target: already ?? target,
    added,
    matching: await matchingNow(index, target),
    total,
    dailyCap: control.dailyCap,
    ...(nearOf === undefined ? {} : { nearOf }),
  });
}

async function followingPage(control: FollowControl, userId: string, shown: ShownPage): Promise<Answer> {
  const follows = await control.list(userId);
  return listPageAnswer(follows, FOLLOWS_PER_PAGE, shown, MESSAGES.nothingFollowed, (page, list) => ({
    kind: "following",
    follows: page,
    dailyCap: control.dailyCap,
    ...list,
  }));
}

/** "unfollow X": what the person follows that X names (a topic's words, a person's name). */
async function followNamed(
  control: FollowControl,
  index: SearchIndex,
  userId: string,
  what: string,
): Promise<FollowTarget | undefined> {
  const follows = await control.list(userId);
  const key = topicKeyOf(what);
  const byWords = follows.find((f) => f.target === key || topicKeyOf(f.label) === key);
  if (byWords) return byWords;
  const lookup = await index.author(what);
  if (lookup.kind === "found") {
    return follows.find((f) => f.kind === "author" && f.target === lookup.summary.key);
  }
  if (lookup.kind === "ambiguous") {
    const keys = new Set(lookup.candidates.map((c) => c.key));
    const mine = follows.filter((f) => f.kind === "author" && keys.has(f.target));
    return mine.length === 1 ? mine[0] : undefined;
  }
  return undefined;
}

async function unfollowed(
  control: FollowControl,
  userId: string,
  target: FollowTarget,
  from: ListOrigin | undefined,
): Promise<Answer> {
  const removed = await control.unfollow(userId, target.kind, target.target);
  if (from?.list === "following") {
    const notice = removed ? `Unfollowed ${target.label}.` : `You no longer followed ${target.label}.`;
    return followingPage(control, userId, { offset: from.offset, replaceOriginal: true, notice });
  }
  return toAsker({ kind: "unfollowed", target, removed });
}

async function whatsNew(
  control: FollowControl,
  index: SearchIndex,
  intent: Extract<FollowIntent, { kind: "whatsNew" }>,
) {
  const { offset, paging, topic } = intent;
  const news = await control.whatsNew();
  const onTopic = topic === undefined ? undefined : await topicPaperIds(index, topic);
  const papers = news.changes.flatMap((change) =>
    change.paperIds.flatMap((id) => {
      const paper = index.paper(id);
      const wanted = onTopic === undefined || onTopic.has(id);
      return paper !== undefined && paper.id === id && wanted ? [paper] : [];
    }),
  );
  if (paging && offset >= papers.length) return info(MESSAGES.noMoreItems);
  const { page, ...list } = pageAt(papers, offset, NEW_PAPERS_PER_PAGE);
  const changedAt = news.changes[0]?.at;
  return toAsker(
    {
      kind: "whatsNew",
      papers: page,
      ...list,
      ...(changedAt === undefined ? {} : { changedAt }),
      ...(news.since === undefined ? {} : { since: news.since }),
      ...(topic === undefined ? {} : { topic, topicPapers: onTopic?.size ?? 0 }),
    },
    paging,
  );
}

type FollowKindIntent = Extract<
  FollowIntent,
  { kind: "follow" | "followKey" | "unfollow" | "unfollowKey" | "following" | "whatsNew" | "digest" }
>;

/** Follow, unfollow, the list of follows, a page of a digest, and what is new. */
export async function followAnswer(
  deps: BotDeps,
  request: BotRequest,
  intent: FollowKindIntent,
): Promise<Answer> {
  const control = deps.follows;
  if (!control) return problem(MESSAGES.followUnavailable);
  const index = deps.index();
  const { userId } = request;
  try {
    switch (intent.kind) {
      case "follow": {
        const resolved = await resolvedTarget(index, intent.what, intent.as);
        if ("reply" in resolved) return resolved;
        return await followed(control, index, userId, resolved.target, resolved.nearOf);
      }
      case "followKey": {
        const target =
          intent.follow === "topic"
            ? topicTarget(intent.target)
            : ((await authorTarget(index, intent.target)) ?? namedPersonTarget(intent.target, intent.name));
        if (!target)
          return toAsker({ kind: "notFound", what: "author", query: intent.target, suggestions: [] });
        return await followed(control, index, userId, target);
      }
      case "unfollow": {
        const target = await followNamed(control, index, userId, intent.what);
        return target
          ? await unfollowed(control, userId, target, undefined)
          : info(MESSAGES.notFollowing(intent.what));
      }
      case "unfollowKey": {
        const mine = (await control.list(userId)).find(
          (f) => f.kind === intent.follow && f.target === intent.target,
        );
        const target = mine ?? { kind: intent.follow, target: intent.target, label: intent.target };
        return await unfollowed(control, userId, target, intent.from);
      }
      case "following":
        return await followingPage(control, userId, {
          offset: intent.offset,
          replaceOriginal: intent.paging,
        });
      case "whatsNew":
        return await whatsNew(control, index, intent);
      case "digest": {
        const view = await control.digest(intent.id);
        if (view === undefined || view.userId !== userId) return info(MESSAGES.digestGone);
        return toAsker(digestReplyOf(view, index, intent.offset), true);
      }
    }
  } catch (error) {
    // A search that stopped is not the state's fault: the bot's own apology says so.
    if (error instanceof SearchUnavailableError) throw error;
    return problem(MESSAGES.stateFailed);
  }
}
