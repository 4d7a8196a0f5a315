import type { DailySpecRequest } from "./daily-spec.js";

/** What "who wrote this?", "more by these authors" and "summarize this" ask of the paper a thread is about. */
export type ThreadPaperQuestion = "writers" | "theirPapers" | "abstract" | "bibtex" | "links";

/** What a usage card can be about besides everything: one feature's commands. */
export const HELP_TOPICS = ["search", "who", "author", "daily", "follow", "share", "saved"] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/** What the asker wants, read from a slash command, a mention, a DM, the console or a button. */
export type Intent =
  | { kind: "help"; topic?: HelpTopic }
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
  /** `wrote`: "who wrote X?" (X may name a paper); `others`: "who else…" (not the thread paper's authors). */
  | {
      kind: "who";
      topic: string;
      offset: number;
      paging: boolean;
      limit?: number;
      wrote?: boolean;
      others?: boolean;
    }
  /** The people behind a paper's topic (its own authors and those of papers like it); `others`: not its own. */
  | { kind: "whoLike"; id: string; others: boolean; offset: number; paging: boolean }
  /** About the paper of the thread it is asked in (its latest card): who wrote it, more by its authors, its abstract. */
  | { kind: "threadPaper"; wants: ThreadPaperQuestion }
  /** `orSearch`: a question in words ("tell me about X") is searched as typed when X is nobody. */
  | { kind: "author"; name: string; orSearch?: string }
  | { kind: "person"; key: string }
  /** `orSearch`: the text only looked like an id; search it when no paper has exactly this id. */
  | { kind: "paper"; id: string; full: boolean; orSearch?: string }
  /** `paging`: a Show more click; `orSearch`: words that only looked like an id ("papers like RLHF"). */
  | { kind: "similar"; id: string; limit?: number; offset?: number; paging?: boolean; orSearch?: string }
  | { kind: "share"; id: string }
  /** A card's Copy BibTeX, or `/paper bib <id or words>` (`orSearch`: the words, when they are no id). */
  | { kind: "bibtex"; id: string; orSearch?: string }
  | { kind: "random"; title?: string; seen?: string[] }
  | { kind: "stats" }
  | { kind: "reload" }
  | { kind: "dailyOn"; spec: DailySpecRequest }
  | { kind: "dailyOff" }
  | { kind: "dailyStatus" }
  /** The post a channel's daily paper would bring next, without drawing it. */
  | { kind: "dailyPreview" }
  | { kind: "invalid"; message: string; topic?: HelpTopic }
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
  | { kind: "followKey"; follow: "topic" | "author"; target: string; name?: string }
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
