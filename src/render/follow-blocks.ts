import type { KnownBlock } from "@slack/types";
import type { Reply } from "../bot/reply.js";
import { titleOf } from "../corpus/headline.js";
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
import { pagingSpecs } from "./buttons.js";
import {
  alsoNote,
  capNote,
  confirmationText,
  DIGEST_FOOTER,
  digestGroupText,
  digestHeading,
  exportText,
  type FollowReply,
  followingFooter,
  followingHeading,
  followLabel,
  paperRowText,
  savedHeading,
  savedItemText,
  whatsNewHeading,
} from "./follow-text.js";
import { fmt } from "./format.js";
import { messageText } from "./lines.js";
import { confirmationSpecs, exportSpec, paperRowMenu, savedItemMenu, unfollowSpec } from "./list-buttons.js";

function digestBlocks(reply: Extract<Reply, { kind: "digest" }>): KnownBlock[] {
  const head = [header("New papers for you"), section(digestHeading(reply))];
  const tail = present(
    reply.capReached === undefined ? undefined : context([messageText(capNote(reply.capReached))]),
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
      const tail = present(
        buttonRow(pagingSpecs(reply)),
        context([fmt.plain(followingFooter(reply.dailyCap))]),
      );
      const rows = reply.follows.map((follow) => {
        return section(followLabel(follow), button(unfollowSpec(follow, from)));
      });
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
      const tail = present(buttonRow(pagingSpecs(reply)));
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
