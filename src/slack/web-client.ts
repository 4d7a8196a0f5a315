import { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import { createBoltLogger } from "./bolt-logger.js";

export type SlackClient = webApi.WebClient;

export interface SlackClientOptions {
  slackApiUrl?: string;
  logger?: Logger;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Never retries on its own (a post is not idempotent) and hands 429s back with their Retry-After. */
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
