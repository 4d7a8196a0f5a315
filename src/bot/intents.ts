import type { DailySpecRequest } from "./daily-spec.js";
import { MESSAGES } from "./messages.js";
import type { BotRequest } from "./request.js";
import { searchOf, textIntentOf } from "./text-intent.js";

/** What the asker wants, read from a slash command, a mention, a DM, the console or a button. */
export type Intent =
  | { kind: "help"; topic?: "daily" }
  | { kind: "smallTalk"; say: "hello" | "thanks" }
  | {
      kind: "search";
      query: string;
      offset: number;
      shortened: boolean;
      /** A Show more (or did-you-mean) click: the answer replaces the message it came from. */
      paging: boolean;
      limit?: number;
    }
  | { kind: "who"; topic: string; offset: number; paging: boolean; limit?: number }
  /** `orSearch`: a loose question ("tell me about X") falls back to a search when X is nobody. */
  | { kind: "author"; name: string; orSearch: boolean }
  | { kind: "person"; key: string }
  /** `orSearch`: the text only looked like an id; search it when no paper has exactly this id. */
  | { kind: "paper"; id: string; full: boolean; orSearch?: string }
  | { kind: "similar"; id: string; limit?: number }
  | { kind: "share"; id: string }
  | { kind: "random"; title?: string; seen?: string[] }
  | { kind: "stats" }
  | { kind: "reload" }
  | { kind: "dailyOn"; spec: DailySpecRequest }
  | { kind: "dailyOff" }
  | { kind: "dailyStatus" }
  /** The post a channel's daily paper would bring next, without drawing it. */
  | { kind: "dailyPreview" }
  | { kind: "invalid"; message: string; topic?: "daily" }
  | FollowIntent;

/** Where a click on a list came from, so the answer shows that list again, changed. */
export interface ListOrigin {
  list: "following" | "saved";
  offset: number;
}

/** Follows, the reading list and what is new (src/bot/follow-answers.ts, saved-answers.ts). */
export type FollowIntent =
  /** `as`: "follow author X" / "follow topic X"; else a name that resolves is a person, anything else a topic. */
  | { kind: "follow"; what: string; as?: "topic" | "author" }
  /** A button: a person key or folded topic words, already resolved. */
  | { kind: "followKey"; follow: "topic" | "author"; target: string }
  | { kind: "unfollow"; what: string }
  | { kind: "unfollowKey"; follow: "topic" | "author"; target: string; from?: ListOrigin }
  | { kind: "following"; offset: number; paging: boolean }
  | { kind: "save"; id: string }
  | { kind: "unsave"; id: string; from?: ListOrigin }
  | { kind: "saved"; offset: number; paging: boolean }
  | { kind: "savedExport" }
  /** `topic`: "what's new on RLHF" keeps the new papers that belong to it. */
  | { kind: "whatsNew"; offset: number; paging: boolean; topic?: string }
  | { kind: "digest"; id: string; offset: number };

function originOf(from: { l: "f" | "s"; o: number }): ListOrigin {
  return { list: from.l === "f" ? "following" : "saved", offset: from.o };
}

/** The intent of a request; never throws, whatever the text holds. */
export function intentOf(request: BotRequest): Intent {
  if (request.source !== "action") return textIntentOf(request.text);
  const { action } = request;
  switch (action.a) {
    case "share":
      return { kind: "share", id: action.id };
    case "similar":
      return { kind: "similar", id: action.id };
    case "full":
      return { kind: "paper", id: action.id, full: true };
    case "open":
      return { kind: "paper", id: action.id, full: false };
    case "by":
    case "author":
      return { kind: "person", key: action.person };
    case "page":
      return searchOf(action.q, action.offset, true);
    case "who":
      return { kind: "who", topic: action.t, offset: action.offset, paging: true };
    case "reroll":
      return { kind: "random", title: "Another paper", seen: action.seen };
    case "follow":
      return { kind: "followKey", follow: action.k === "a" ? "author" : "topic", target: action.t };
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
  }
}
