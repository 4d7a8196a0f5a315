import { webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";

export type SlackClient = webApi.WebClient;

/**
 * The WebClient the daily post goes through: it never retries by itself (a 500 after Slack stored the
 * message would make a second one) and hands 429s back with their Retry-After, so the job decides.
 * `fetch` is the bot's Slack fetch (its per-call timeout, metrics and readiness); without one, each call
 * gives up after `timeoutMs` (30 s unless given).
 */
export function createDailyPostClient(
  token: string,
  options: { slackApiUrl?: string; logger?: Logger; timeoutMs?: number; fetch?: typeof fetch } = {},
): SlackClient {
  return new webApi.WebClient(token, {
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    ...(options.fetch === undefined ? { timeout: options.timeoutMs ?? 30_000 } : { fetch: options.fetch }),
    ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
    ...(options.logger === undefined
      ? {}
      : {
          logger: {
            debug: (...msg: unknown[]) => options.logger?.debug(msg.map(String).join(" ")),
            info: (...msg: unknown[]) => options.logger?.info(msg.map(String).join(" ")),
            warn: (...msg: unknown[]) => options.logger?.warn(msg.map(String).join(" ")),
            error: (...msg: unknown[]) => options.logger?.error(msg.map(String).join(" ")),
            setLevel: () => {},
            getLevel: () => webApi.LogLevel.INFO,
            setName: () => {},
          },
        }),
  });
}
