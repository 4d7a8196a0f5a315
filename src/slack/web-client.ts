import { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import { createBoltLogger } from "./bolt-logger.js";

export type SlackClient = webApi.WebClient;

export type SlackClientOptions = Omit<webApi.WebClientOptions, "logger"> & { logger?: Logger };

/** Never retries on its own (a post is not idempotent) and hands 429s back with their Retry-After. */
export function createSlackClient(
  token: string,
  { logger, ...options }: SlackClientOptions = {},
): SlackClient {
  return new webApi.WebClient(token, {
    ...options,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    ...(logger === undefined ? {} : { logger: createBoltLogger(logger) }),
  });
}
