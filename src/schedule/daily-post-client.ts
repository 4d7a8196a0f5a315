import type { webApi } from "@slack/bolt";

/**
 * The Web API client the daily post goes through: main hands it the answers' client (slack/web-client.ts),
 * which never retries by itself and hands 429s back with their Retry-After, so the job decides.
 */
export type SlackClient = webApi.WebClient;
