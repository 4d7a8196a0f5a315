import { App, type Receiver } from "@slack/bolt";
import { createBoltLogger, type Logger } from "../logger.js";

export interface SlackAppOptions {
  botToken: string;
  receiver: Receiver;
  logger: Logger;
  /** Base URL of the Web API; Slack's own when absent. */
  slackApiUrl?: string;
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
    clientOptions: {
      ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
      retryConfig: { retries: options.retries },
    },
    ...(options.botId === undefined ? {} : { botId: options.botId }),
    ...(options.botUserId === undefined ? {} : { botUserId: options.botUserId }),
    extendedErrorHandler: true,
  });
}
