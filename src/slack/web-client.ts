import { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import { createBoltLogger } from "./bolt-logger.js";

export type SlackClient = webApi.WebClient;

export interface SlackClientOptions {
  slackApiUrl?: string;
  logger?: Logger;
  /** Each call is aborted after this long (none unless given). */
  timeoutMs?: number;
  /** The fetch its calls go through: createSlackFetch's, with metrics. */
  fetch?: typeof fetch;
}

/**
 * A Web API client for calls the caller retries itself: it never retries on its own (a post is not
 * idempotent: a 500 after Slack stored the message would make a second one) and hands 429s back with
 * their Retry-After instead of sleeping on them.
 */
export function createSlackClient(token: string, options: SlackClientOptions = {}): SlackClient {
  return new webApi.WebClient(token, {
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.logger === undefined ? {} : { logger: createBoltLogger(options.logger) }),
  });
}
