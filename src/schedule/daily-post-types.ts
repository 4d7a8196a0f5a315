import type { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";

// What a pass of the daily post protocol (daily-post.ts) needs, and what it tells of each channel.

/**
 * The Web API client the daily post goes through: main hands it the answers' client (slack/web-client.ts),
 * which never retries by itself and hands 429s back with their Retry-After, so the job decides.
 */
export type SlackClient = webApi.WebClient;

export type DailyPostStep = "claimed" | "posting" | "sent" | "recorded";

export type DailyPostOutcome =
  | "posted"
  | "reconciled"
  | "already-done"
  | "busy"
  | "paused"
  | "retry-later"
  | "unknown"
  | "no-papers"
  | "lost-claim"
  /** The store cannot be written (or reached): nothing was posted. */
  | "state-unavailable"
  | "failed";

export interface DailyPostResult {
  channelId: string;
  localDate: string;
  outcome: DailyPostOutcome;
}

export interface DailyPostDeps {
  store: Pick<StateStore, "subscriptions" | "dailyPosts">;
  /** The answers' client (slack/web-client.ts): no automatic retries, rate limits rejected with their Retry-After. */
  client: SlackClient;
  index: () => PaperLookups;
  now: () => Date;
  random: () => number;
  logger: Logger;
  sleep: (ms: number) => Promise<void>;
  /** Test seam: called after each protocol step; throwing here is a crash at that point. */
  afterStep?: (step: DailyPostStep, channelId: string) => void | Promise<void>;
  /** How long a claim is owned; default five minutes. */
  leaseMs?: number;
}
