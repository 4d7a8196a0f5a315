import type { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";

/** slack/delivery.ts's deliverAnswer, wired by main; "queued": the outbox goes on trying. */
export type OnceDelivery = (
  target: { key: string; channel: string; after: string },
  request: {
    retried: boolean;
    message: () => Promise<webApi.ChatPostMessageArguments>;
    refused?: (error: string) => void;
  },
) => Promise<"answered" | "duplicate" | "busy" | "failed" | "unknown" | "queued">;

export type DailyPostStep = "chosen" | "delivered" | "recorded";

export type DailyPostOutcome =
  | "posted"
  | "already-done"
  | "busy"
  | "paused"
  | "retry-later"
  | "no-papers"
  | "state-unavailable"
  | "failed";

export interface DailyPostResult {
  channelId: string;
  localDate: string;
  outcome: DailyPostOutcome;
}

export interface DailyPostDeps {
  store: Pick<StateStore, "subscriptions" | "dailyPosts" | "deliveries">;
  /** Over the store's own ledger and outbox: no post starts unless its claim is stored. */
  deliver: OnceDelivery;
  /** Tells a subscriber their channel's posts stopped. */
  client: webApi.WebClient;
  index: () => PaperLookups;
  now: () => Date;
  random: () => number;
  logger: Logger;
  /** Test seam: called after each step; throwing here is a crash at that point. */
  afterStep?: (step: DailyPostStep, channelId: string) => void | Promise<void>;
}
