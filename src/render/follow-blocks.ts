import type { KnownBlock } from "@slack/types";
import type { Reply } from "../bot/reply.js";
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
import { SLACK_FORMAT as fmt } from "./format.js";
import { messageText } from "./lines.js";
import {
  confirmationSpecs,
  exportSpec,
  listPagingSpecs,
  paperRowMenu,
  savedItemMenu,
  unfollowSpec,
} from "./list-buttons.js";
import { titleOf } from "./paper-links.js";

function digestBlocks(reply: Extract<Reply, { kind: "digest" }>): KnownBlock[] {
  const head = [header("New papers for you"), section(digestHeading(fmt, reply))];
  const tail = present(
    reply.capReached === undefined ? undefined : context([messageText(fmt, capNote(reply.capReached))]),
    buttonRow(listPagingSpecs(reply)),
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
  return framed(head, body, tail);
}

/** Blocks of the follow, reading-list, digest and what's-new replies. */
export function followBlocks(reply: FollowReply): KnownBlock[] {
  switch (reply.kind) {
    case "followed":
    case "unfollowed":
    case "savedOne":
    case "unsaved":
      return present(section(confirmationText(fmt, reply)), buttonRow(confirmationSpecs(reply)));
    case "following": {
      const head = present(section(followingHeading(fmt, reply)), noticeBlock(reply.notice));
      const from = { l: "f" as const, o: reply.offset };
      const tail = present(
        buttonRow(listPagingSpecs(reply)),
        context([fmt.plain(followingFooter(reply.dailyCap))]),
      );
      const rows = reply.follows.map((follow) => {
        const spec = unfollowSpec(follow, from);
        return section(followLabel(fmt, follow), spec ? button(spec) : undefined);
      });
      return framed(head, rows, tail);
    }
    case "saved": {
      const head = present(section(savedHeading(fmt, reply)), noticeBlock(reply.notice));
      const tail = present(buttonRow([exportSpec(), ...listPagingSpecs(reply)]));
      const rows = reply.items.map((item) =>
        section(savedItemText(fmt, item), overflowOrButton(savedItemMenu(item, reply.offset))),
      );
      return framed(head, rows, tail);
    }
    case "export":
      return [section(fmt.plain(exportText(reply)))];
    case "digest":
      return digestBlocks(reply);
    case "whatsNew": {
      const head = [section(whatsNewHeading(fmt, reply))];
      const tail = present(buttonRow(listPagingSpecs(reply)));
      const rows = reply.papers.map((paper) =>
        section(paperRowText(fmt, paper), overflowOrButton(paperRowMenu(paper))),
      );
      return framed(head, rows, tail);
    }
  }
}

/** The plain-text fallback of these replies. */
export function followFallback(reply: FollowReply): string {
  const plain = fmt.plain;
  switch (reply.kind) {
    case "followed":
    case "unfollowed":
    case "savedOne":
    case "unsaved":
      return confirmationText(fmt, reply);
    case "following":
      return `${followingHeading(fmt, reply)}: ${reply.follows.map((f) => plain(f.label)).join(", ")}`;
    case "saved":
      return `${savedHeading(fmt, reply)}: ${reply.items.map((item) => plain(item.paper ? titleOf(item.paper) : item.headline)).join("; ")}`;
    case "export":
      return plain(exportText(reply));
    case "digest": {
      const titles = reply.groups.flatMap((g) => g.papers.map((p) => plain(titleOf(p.paper))));
      return `${digestHeading(fmt, reply)}: ${titles.join("; ")}`;
    }
    case "whatsNew":
      return `${whatsNewHeading(fmt, reply)}${reply.papers.length > 0 ? `: ${reply.papers.map((p) => plain(titleOf(p))).join("; ")}` : ""}`;
  }
}
