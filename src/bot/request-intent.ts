import type { Action } from "./actions.js";
import type { Intent, ListOrigin } from "./intents.js";
import { MESSAGES } from "./messages.js";
import type { BotRequest } from "./request.js";
import { searchOf, textIntentOf } from "./text-intent.js";

/** A request's intent: typed text through the grammar (text-intent.ts), a button through its action. */

function originOf(from: { l: "f" | "s"; o: number }): ListOrigin {
  return { list: from.l === "f" ? "following" : "saved", offset: from.o };
}

/** The intent of a request; never throws, whatever the text holds. */
export function intentOf(request: BotRequest): Intent {
  return request.source === "action" ? actionIntentOf(request.action) : textIntentOf(request.text);
}

/** What a button (or a DM's "more", which goes on as its Show more would) asks. */
export function actionIntentOf(action: Action): Intent {
  switch (action.a) {
    case "share":
      return { kind: "share", id: action.id };
    case "similar":
      return action.o === undefined
        ? { kind: "similar", id: action.id }
        : { kind: "similar", id: action.id, offset: action.o, paging: true };
    case "full":
      return { kind: "paper", id: action.id, full: true };
    case "open":
      return { kind: "paper", id: action.id, full: false };
    case "bib":
      return { kind: "bibtex", id: action.id };
    case "by":
    case "author":
      return { kind: "person", key: action.person };
    case "page": {
      const intent = searchOf(action.q, action.offset, true);
      return action.n === undefined || intent.kind !== "search" ? intent : { ...intent, limit: action.n };
    }
    case "who":
      return { kind: "who", topic: action.t, offset: action.offset, paging: true };
    case "whoLike":
      return {
        kind: "whoLike",
        id: action.id,
        others: action.e ?? false,
        offset: action.offset,
        paging: true,
      };
    case "reroll":
      return { kind: "random", title: "Another paper", seen: action.seen };
    case "follow":
      return {
        kind: "followKey",
        follow: action.k === "a" ? "author" : "topic",
        target: action.t,
        ...(action.n === undefined ? {} : { name: action.n }),
      };
    case "unfollow":
      return {
        kind: "unfollowKey",
        follow: action.k === "a" ? "author" : "topic",
        target: action.t,
        ...(action.from ? { from: originOf(action.from) } : {}),
      };
    case "following":
      return { kind: "following", offset: action.o, paging: true };
    case "save":
      return { kind: "save", id: action.id };
    case "unsave":
      return { kind: "unsave", id: action.id, ...(action.from ? { from: originOf(action.from) } : {}) };
    case "saved":
      return { kind: "saved", offset: action.o, paging: true };
    case "export":
      return { kind: "savedExport" };
    case "digest":
      return { kind: "digest", id: action.d, offset: action.o };
    case "new":
      return { kind: "whatsNew", offset: action.o, paging: true, ...(action.t ? { topic: action.t } : {}) };
    case "daily":
      // Only the Home tab offers these, and its listener acts on them itself.
      return { kind: "invalid", message: MESSAGES.dailyFromHome };
    case "ask":
      return { kind: "help" };
  }
}
