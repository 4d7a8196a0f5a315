import type { Logger } from "../logger.js";
import { createSlackFetch } from "../slack/slack-fetch.js";
import { createSlackClient, type SlackClient } from "../slack/web-client.js";

export type { SlackClient } from "../slack/web-client.js";

/**
 * The WebClient the daily post goes through: it never retries by itself (a 500 after Slack stored the
 * message would make a second one) and hands 429s back with their Retry-After, so the job decides.
 * Each call gives up after `timeoutMs` (30 s unless given), or as the given `fetch` decides.
 */
export function createDailyPostClient(
  token: string,
  options: { slackApiUrl?: string; logger?: Logger; timeoutMs?: number; fetch?: typeof fetch } = {},
): SlackClient {
  return createSlackClient(token, {
    ...options,
    fetch: options.fetch ?? createSlackFetch({ timeoutMs: options.timeoutMs ?? 30_000 }),
  });
}
