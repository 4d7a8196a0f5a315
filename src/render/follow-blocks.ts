import type { KnownBlock } from "@slack/types";
import { DIGEST_PAPERS_PER_PAGE } from "../bot/digest-reply.js";
import { FOLLOWS_PER_PAGE, NEW_PAPERS_PER_PAGE } from "../bot/follow-answers.js";
import type { Reply } from "../bot/reply.js";
import { SAVED_PER_PAGE } from "../bot/saved-answers.js";
import { topicKeyOf } from "../bot/topic-papers.js";
import {
  button,
  buttonRow,
  context,
  divider,
  header,
  overflowOrButton,
  present,
  section,
} from "./block-parts.js";
import {
  alsoNote,
  capNote,
  DIGEST_FOOTER,
  digestGroupText,
  digestHeading,
  exportText,
  followedText,
  followingFooter,
  followingHeading,
  followLabel,
  paperRowText,
  savedHeading,
  savedItemText,
  savedOneText,
  unfollowedText,
  unsavedText,
  whatsNewHeading,
} from "./follow-text.js";
import { SLACK_FORMAT as fmt } from "./format.js";
import { LIMITS, truncate } from "./limits.js";
import { messageText } from "./lines.js";
import {
  exportSpec,
  followingSpec,
  followSpec,
  pagingSpecs,
  paperRowMenu,
  savedItemMenu,
  savedListSpec,
  undoSaveSpec,
  undoUnsaveSpec,
  unfollowSpec,
} from "./list-buttons.js";

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

const MAX = LIMITS.blocksPerMessage;
const notice = (text: string | undefined) => (text ? context([fmt.plain(truncate(text, 500))]) : undefined);

function digestBlocks(reply: Extract<Reply, { kind: "digest" }>): KnownBlock[] {
  const head = [header("New papers for you"), section(digestHeading(fmt, reply))];
  const paging = buttonRow(
    pagingSpecs(reply, DIGEST_PAPERS_PER_PAGE, (o) => ({ a: "digest", d: reply.digestId, o })),
  );
  const tail = present(
    reply.capReached === undefined ? undefined : context([messageText(fmt, capNote(reply.capReached))]),
    paging,
    context([messageText(fmt, DIGEST_FOOTER)]),
  );
  const body: KnownBlock[] = [];
  for (const group of reply.groups) {
    const unfollow = unfollowSpec(group.follow);
    body.push(divider(), section(digestGroupText(fmt, group), unfollow ? button(unfollow) : undefined));
    for (const { paper, also } of group.papers) {
      body.push(
        section(paperRowText(fmt, paper, alsoNote(fmt, also)), overflowOrButton(paperRowMenu(paper))),
      );
    }
  }
  return [...head, ...body.slice(0, MAX - head.length - tail.length), ...tail];
}

/** Blocks of the follow, reading-list, digest and what's-new replies. */
export function followBlocks(reply: FollowReply): KnownBlock[] {
  switch (reply.kind) {
    case "followed": {
      const unfollow = unfollowSpec(reply.target);
      const search =
        reply.target.kind === "topic" && reply.matching > 0
          ? {
              label: truncate(`Papers on “${reply.target.label}”`, LIMITS.buttonText),
              action: { a: "page", q: reply.target.label, offset: 0 } as const,
            }
          : undefined;
      const person =
        reply.target.kind === "author"
          ? { label: "Their papers", action: { a: "by", person: reply.target.target } as const }
          : undefined;
      return present(
        section(followedText(fmt, reply)),
        buttonRow([
          ...(unfollow ? [unfollow] : []),
          ...(search ? [search] : []),
          ...(person ? [person] : []),
          followingSpec(reply.total),
        ]),
      );
    }
    case "unfollowed": {
      const again = followSpec(reply.target, "Follow again");
      return present(
        section(unfollowedText(fmt, reply)),
        buttonRow(again ? [again, followingSpec()] : [followingSpec()]),
      );
    }
    case "following": {
      const head = present(section(followingHeading(fmt, reply)), notice(reply.notice));
      const from = { l: "f" as const, o: reply.offset };
      const tail = present(
        buttonRow(pagingSpecs(reply, FOLLOWS_PER_PAGE, (o) => ({ a: "following", o }))),
        context([fmt.plain(followingFooter(reply.dailyCap))]),
      );
      const rows = reply.follows.map((follow) => {
        const spec = unfollowSpec(follow, from);
        return section(followLabel(fmt, follow), spec ? button(spec) : undefined);
      });
      return [...head, ...rows.slice(0, MAX - head.length - tail.length), ...tail];
    }
    case "saved": {
      const head = present(section(savedHeading(fmt, reply)), notice(reply.notice));
      const tail = present(
        buttonRow([exportSpec(), ...pagingSpecs(reply, SAVED_PER_PAGE, (o) => ({ a: "saved", o }))]),
      );
      const rows = reply.items.map((item) =>
        section(savedItemText(fmt, item), overflowOrButton(savedItemMenu(item, reply.offset))),
      );
      return [...head, ...rows.slice(0, MAX - head.length - tail.length), ...tail];
    }
    case "savedOne":
      return present(
        section(savedOneText(fmt, reply)),
        buttonRow([...(reply.added ? [undoSaveSpec(reply.paper.id)] : []), savedListSpec(reply.total)]),
      );
    case "unsaved":
      return present(
        section(unsavedText(fmt, reply)),
        buttonRow([...(reply.removed ? [undoUnsaveSpec(reply.paper.id)] : []), savedListSpec()]),
      );
    case "export":
      return [section(fmt.plain(exportText(reply)))];
    case "digest":
      return digestBlocks(reply);
    case "whatsNew": {
      const head = [section(whatsNewHeading(fmt, reply))];
      const tail = present(
        buttonRow(
          pagingSpecs(reply, NEW_PAPERS_PER_PAGE, (o) => ({
            a: "new",
            o,
            ...(reply.topic ? { t: reply.topic } : {}),
          })),
        ),
      );
      const rows = reply.papers.map((paper) =>
        section(paperRowText(fmt, paper), overflowOrButton(paperRowMenu(paper))),
      );
      return [...head, ...rows.slice(0, MAX - head.length - tail.length), ...tail];
    }
  }
}

/** The plain-text fallback of these replies. */
export function followFallback(reply: FollowReply): string {
  const plain = fmt.plain;
  switch (reply.kind) {
    case "followed":
      return followedText(fmt, reply);
    case "unfollowed":
      return unfollowedText(fmt, reply);
    case "following":
      return `${followingHeading(fmt, reply)}: ${reply.follows.map((f) => plain(f.label)).join(", ")}`;
    case "saved":
      return `${savedHeading(fmt, reply)}: ${reply.items.map((item) => plain(item.paper?.headline ?? item.headline)).join("; ")}`;
    case "savedOne":
      return savedOneText(fmt, reply);
    case "unsaved":
      return unsavedText(fmt, reply);
    case "export":
      return plain(exportText(reply));
    case "digest": {
      const titles = reply.groups.flatMap((g) => g.papers.map((p) => plain(p.paper.headline)));
      return `${digestHeading(fmt, reply)}: ${titles.join("; ")}`;
    }
    case "whatsNew":
      return `${whatsNewHeading(fmt, reply)}${reply.papers.length > 0 ? `: ${reply.papers.map((p) => plain(p.headline)).join("; ")}` : ""}`;
  }
}

/** "Follow A (3 papers)" for each candidate, and "Follow “X” as a topic" beside near misses. */
export function followCandidateSpecs(
  candidates: { key: string; name: string; papers: number }[],
  topic: string | undefined,
) {
  const people = candidates.flatMap(
    (c) =>
      followSpec(
        { kind: "author", target: c.key, label: c.name },
        truncate(`Follow ${c.name} (${c.papers} paper${c.papers === 1 ? "" : "s"})`, LIMITS.buttonText),
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
