import type { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";

// What a pass of the daily post (daily-post.ts) needs, and what it tells of each channel.

/**
 * A message delivered once through the once-only delivery (main wires it to slack/delivery.ts's deliverAnswer):
 * the key's claim, the outbox that retries it, a look in the conversation (back to `after`) before a post that
 * may repeat an earlier one. "queued": Slack did not take it yet, the outbox goes on trying.
 */
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
  /** The store cannot be written (or reached): nothing was posted. */
  | "state-unavailable"
  | "failed";

export interface DailyPostResult {
  channelId: string;
  localDate: string;
  outcome: DailyPostOutcome;
}

export interface DailyPostDeps {
  store: Pick<StateStore, "subscriptions" | "dailyPosts" | "deliveries">;
  /** Through the store's own ledger and outbox: no post starts unless its claim is stored. */
  deliver: OnceDelivery;
  /** Tells a subscriber their channel's posts stopped: the answers' client (slack/web-client.ts). */
  client: webApi.WebClient;
  index: () => PaperLookups;
  now: () => Date;
  random: () => number;
  logger: Logger;
  /** Test seam: called after each step; throwing here is a crash at that point. */
  afterStep?: (step: DailyPostStep, channelId: string) => void | Promise<void>;
}
