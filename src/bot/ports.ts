import type { SearchIndex } from "../search/types.js";
import type { DailyPreviewView, DailyScheduleView, FollowTarget, Reply, SavedEntry } from "./reply.js";

export type { FollowTarget, SavedEntry } from "./reply.js";

/** What `/paper daily …` needs; implemented by schedule/ over state/, absent when there is no database. */
export interface DailyControl {
  subscribe(
    channelId: string,
    spec: { time: string; timeZone: string; weekdays: number[] },
    userId: string,
  ): Promise<DailyScheduleView>;
  unsubscribe(channelId: string): Promise<DailyScheduleView | undefined>;
  status(channelId: string): Promise<DailyScheduleView | undefined>;
  /** The next daily post's paper, undrawn; `random` seeds the bag as the first post would. */
  preview(channelId: string, random: () => number): Promise<DailyPreviewView | undefined>;
}

/** A follow digest (one DM of new papers) as it was planned: its follows and papers, in order. */
export interface DigestView {
  id: string;
  userId: string;
  follows: FollowTarget[];
  /** Each paper with the follows it matched (indexes into `follows`). */
  papers: { id: string; matched: number[] }[];
  /** It was the last DM the daily cap allowed that day. */
  capReached: boolean;
}

/** The latest corpus changes that brought papers, newest first, and when keeping track began. */
export interface NewPapers {
  since?: number;
  changes: { at: number; paperIds: string[] }[];
}

/** Follows and what they bring; implemented by follow/ over state/, absent when there is no database. */
export interface FollowControl {
  /** DMs of new papers a person gets a day at most. */
  readonly dailyCap: number;
  /** Most follows one person may have. */
  readonly maxFollows: number;
  follow(userId: string, target: FollowTarget): Promise<{ added: boolean; total: number }>;
  unfollow(userId: string, kind: FollowTarget["kind"], target: string): Promise<boolean>;
  /** Newest first. */
  list(userId: string): Promise<FollowTarget[]>;
  digest(id: string): Promise<DigestView | undefined>;
  whatsNew(): Promise<NewPapers>;
}

/** Each person's reading list; implemented by follow/ over state/, absent when there is no database. */
export interface ReadingList {
  save(userId: string, entry: SavedEntry): Promise<{ added: boolean; total: number }>;
  remove(userId: string, paperId: string): Promise<boolean>;
  /** Newest first. */
  list(userId: string): Promise<SavedEntry[]>;
}

/** What a conversation's thread shows; implemented by slack/ over conversations.replies, absent elsewhere. */
export interface ThreadPapers {
  /** The paper of the thread's latest message with one card (a shared card, a paper of the day), if any. */
  latestCard(channelId: string, threadTs: string): Promise<string | undefined>;
}

/** The last answer per person and conversation (JSON), for DM follow-ups; implemented by state/. */
export interface RecentAnswersPort {
  put(userId: string, channelId: string, value: string, at: number, expiresAt: number): Promise<void>;
  get(userId: string, channelId: string, now: number): Promise<{ value: string; at: number } | undefined>;
}

/** Whether saved state (subscriptions, daily posts, answered events) can be written, for `/paper stats`. */
export type StateStatus =
  | { writable: true }
  | {
      writable: false;
      problem: string;
      /** Since when (ms since the epoch). */
      since?: number;
      /** It could not be opened at start and is being tried again in the background. */
      reconnecting?: boolean;
    };

/** Everything the bot core needs, passed in: no globals, no clock or randomness of its own. */
export interface BotDeps {
  /** The current index; a reload swaps what this returns. */
  index(): SearchIndex;
  random(): number;
  now(): Date;
  /** Time zone for `/paper daily on` when none is typed (DAILY_TZ, else UTC). */
  defaultTimeZone: string;
  daily?: DailyControl;
  follows?: FollowControl;
  readingList?: ReadingList;
  /** The state store's health; absent where the bot keeps no state. */
  stateStatus?: () => StateStatus;
  /** What a DM's last answer showed, for "more", "the first one", "who wrote that?"; absent: none remembered. */
  recentAnswers?: RecentAnswersPort;
  /** "more like this" in a thread reads which paper from here. */
  threads?: ThreadPapers;
  /** Rebuilds the index aside and swaps it in; resolves to a one-line outcome. Present for admins only. */
  reload?: (userId: string) => Promise<string>;
}

/** A reply and who sees it: the asker privately, or the channel (a shared card). */
export interface Answer {
  reply: Reply;
  audience: "asker" | "channel";
  /** Replace the message the button sat in (paging), instead of adding a new one. */
  replaceOriginal?: boolean;
}

/** The reply for the asker alone; `replaceOriginal` when it takes the place of the message clicked in (paging). */
export function toAsker(reply: Reply, replaceOriginal = false): Answer {
  return { reply, audience: "asker", ...(replaceOriginal ? { replaceOriginal } : {}) };
}

/** One line of ours for the asker: a note, or (`problem`) something that did not work. */
export const info = (message: string, replaceOriginal = false): Answer =>
  toAsker({ kind: "info", message }, replaceOriginal);
export const problem = (message: string): Answer => toAsker({ kind: "error", message });
