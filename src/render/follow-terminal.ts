import type { ButtonSpec } from "./buttons.js";
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
import type { TextFormat } from "./format.js";
import { messageText } from "./lines.js";
import {
  confirmationSpecs,
  exportSpec,
  listPagingSpecs,
  paperRowMenu,
  savedItemMenu,
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
    case "unfollowed":
    case "savedOne":
    case "unsaved":
      return withRow([confirmationText(fmt, reply)], buttons.line(confirmationSpecs(reply)));
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
      return [
        ...withRow(lines, buttons.line(listPagingSpecs(reply))),
        fmt.plain(followingFooter(reply.dailyCap)),
      ];
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
      const tail = buttons.line([exportSpec(), ...listPagingSpecs(reply)]);
      return tail ? [...lines, "", tail] : lines;
    }
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
      return [...withRow(lines, buttons.line(listPagingSpecs(reply))), messageText(fmt, DIGEST_FOOTER)];
    }
    case "whatsNew": {
      const lines = [whatsNewHeading(fmt, reply)];
      for (const paper of reply.papers) {
        lines.push("", paperRowText(fmt, paper));
        const menu = buttons.line([], paperRowMenu(paper));
        if (menu) lines.push(menu);
      }
      const paging = buttons.line(listPagingSpecs(reply));
      return paging ? [...lines, "", paging] : lines;
    }
  }
}
