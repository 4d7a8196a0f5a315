import type { SearchIndex } from "../search/types.js";
import type { DailyPreviewView, DailyScheduleView } from "./reply.js";

/** What `/paper daily …` needs; implemented by schedule/ over state/, absent when there is no database. */
export interface DailyControl {
  subscribe(
    channelId: string,
    spec: { time: string; timeZone: string; weekdays: number[] },
    userId: string,
  ): Promise<DailyScheduleView>;
  unsubscribe(channelId: string): Promise<DailyScheduleView | undefined>;
  status(channelId: string): Promise<DailyScheduleView | undefined>;
  /**
   * The paper the channel's next daily post will bring, without drawing it; undefined without a subscription.
   * `random` seeds the channel's shuffle-bag when the preview comes before its first post, as that post would.
   */
  preview(channelId: string, random: () => number): Promise<DailyPreviewView | undefined>;
}

/** Whether saved state (subscriptions, daily posts, answered events) can be written, for `/paper stats`. */
export type StateStatus = { writable: true } | { writable: false; problem: string };

/** Everything the bot core needs, passed in: no globals, no clock or randomness of its own. */
export interface BotDeps {
  /** The current index; a reload swaps what this returns. */
  index(): SearchIndex;
  random(): number;
  now(): Date;
  /** Time zone for `/paper daily on` when none is typed (DAILY_TZ, else UTC). */
  defaultTimeZone: string;
  daily?: DailyControl;
  /** The state store's health; absent where the bot keeps no state. */
  stateStatus?: () => StateStatus;
  /** Rebuilds the index aside and swaps it in; resolves to a one-line outcome. Present for admins only. */
  reload?: (userId: string) => Promise<string>;
}

/** A reply and who sees it: the asker privately, or the channel (a shared card). */
export interface Answer {
  reply: import("./reply.js").Reply;
  audience: "asker" | "channel";
  /** Replace the message the button sat in (paging), instead of adding a new one. */
  replaceOriginal?: boolean;
}
