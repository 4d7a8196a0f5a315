import { DIGEST_PAPERS_PER_PAGE } from "../bot/digest-reply.js";
import { FOLLOWS_PER_PAGE, NEW_PAPERS_PER_PAGE } from "../bot/follow-answers.js";
import { SAVED_PER_PAGE } from "../bot/saved-answers.js";
import type { ButtonSpec } from "./buttons.js";
import type { FollowReply } from "./follow-blocks.js";
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
import type { TextFormat } from "./format.js";
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
import { savedMarkdown } from "./saved-markdown.js";

/** What the terminal renderer numbers buttons with (its ButtonList). */
export interface TerminalButtons {
  line(specs: ButtonSpec[], menu?: ButtonSpec[]): string | undefined;
}

const some = <T>(...items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);

function withRow(lines: string[], row: string | undefined): string[] {
  return row ? [...lines, row] : lines;
}

/** Terminal lines of the follow, reading-list, digest and what's-new replies. */
export function followTerminalLines(fmt: TextFormat, reply: FollowReply, buttons: TerminalButtons): string[] {
  switch (reply.kind) {
    case "followed":
      return withRow(
        [followedText(fmt, reply)],
        buttons.line(some(unfollowSpec(reply.target), followingSpec(reply.total))),
      );
    case "unfollowed":
      return withRow(
        [unfollowedText(fmt, reply)],
        buttons.line(some(followSpec(reply.target, "Follow again"), followingSpec())),
      );
    case "following": {
      const lines = [
        followingHeading(fmt, reply),
        ...(reply.notice ? [fmt.italic(fmt.plain(reply.notice))] : []),
      ];
      const from = { l: "f" as const, o: reply.offset };
      for (const follow of reply.follows) {
        const row = buttons.line(some(unfollowSpec(follow, from)));
        lines.push(`• ${followLabel(fmt, follow)}${row ? `   ${row}` : ""}`);
      }
      const paging = buttons.line(pagingSpecs(reply, FOLLOWS_PER_PAGE, (o) => ({ a: "following", o })));
      return [...withRow(lines, paging), fmt.plain(followingFooter(reply.dailyCap))];
    }
    case "saved": {
      const lines = [
        savedHeading(fmt, reply),
        ...(reply.notice ? [fmt.italic(fmt.plain(reply.notice))] : []),
      ];
      for (const item of reply.items) {
        lines.push("", savedItemText(fmt, item));
        const row = buttons.line([], savedItemMenu(item, reply.offset));
        if (row) lines.push(row);
      }
      const tail = buttons.line([
        exportSpec(),
        ...pagingSpecs(reply, SAVED_PER_PAGE, (o) => ({ a: "saved", o })),
      ]);
      return tail ? [...lines, "", tail] : lines;
    }
    case "savedOne":
      return withRow(
        [savedOneText(fmt, reply)],
        buttons.line([...(reply.added ? [undoSaveSpec(reply.paper.id)] : []), savedListSpec(reply.total)]),
      );
    case "unsaved":
      return withRow(
        [unsavedText(fmt, reply)],
        buttons.line([...(reply.removed ? [undoUnsaveSpec(reply.paper.id)] : []), savedListSpec()]),
      );
    case "export": {
      const file = savedMarkdown(reply);
      return [`${fmt.plain(exportText(reply))} (${fmt.code(file.fileName)})`, "", fmt.plain(file.content)];
    }
    case "digest": {
      const lines = [fmt.bold("New papers for you"), digestHeading(fmt, reply)];
      for (const group of reply.groups) {
        const row = buttons.line(some(unfollowSpec(group.follow)));
        lines.push("", `${digestGroupText(fmt, group)}${row ? `   ${row}` : ""}`);
        for (const { paper, also } of group.papers) {
          lines.push(paperRowText(fmt, paper, alsoNote(fmt, also)));
          const menu = buttons.line([], paperRowMenu(paper));
          if (menu) lines.push(menu);
        }
      }
      if (reply.capReached !== undefined) lines.push("", messageText(fmt, capNote(reply.capReached)));
      const paging = buttons.line(
        pagingSpecs(reply, DIGEST_PAPERS_PER_PAGE, (o) => ({ a: "digest", d: reply.digestId, o })),
      );
      return [...withRow(lines, paging), messageText(fmt, DIGEST_FOOTER)];
    }
    case "whatsNew": {
      const lines = [whatsNewHeading(fmt, reply)];
      for (const paper of reply.papers) {
        lines.push("", paperRowText(fmt, paper));
        const menu = buttons.line([], paperRowMenu(paper));
        if (menu) lines.push(menu);
      }
      const paging = buttons.line(
        pagingSpecs(reply, NEW_PAPERS_PER_PAGE, (o) => ({
          a: "new",
          o,
          ...(reply.topic ? { t: reply.topic } : {}),
        })),
      );
      return paging ? [...lines, "", paging] : lines;
    }
  }
}
