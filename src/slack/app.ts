import { App, type Receiver, type webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import { createBoltLogger } from "./bolt-logger.js";

export interface SlackAppOptions {
  botToken: string;
  receiver: Receiver;
  logger: Logger;
  /** Base URL, per-call timeout and fetch (metrics) of the app's own Web API client; respond() uses the same fetch. */
  clientOptions: Pick<webApi.WebClientOptions, "slackApiUrl" | "fetch" | "timeout">;
  /** Retries of the app's own client (idempotent calls); posts go through a client that never retries. */
  retries: number;
  /** Known identity: with both set, the constructor makes no auth.test call. */
  botId?: string;
  botUserId?: string;
}

/** A Bolt App over the given receiver, logging through pino; listeners are added by the caller. */
export function createSlackApp(options: SlackAppOptions): App {
  return new App({
    token: options.botToken,
    receiver: options.receiver,
    logger: createBoltLogger(options.logger),
    clientOptions: { ...options.clientOptions, retryConfig: { retries: options.retries } },
    ...(options.botId === undefined ? {} : { botId: options.botId }),
    ...(options.botUserId === undefined ? {} : { botUserId: options.botUserId }),
  });
}
