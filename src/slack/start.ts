import type { Server } from "node:http";
import type { ListenOptions } from "node:net";
import { type App, HTTPReceiver, type Receiver, SocketModeReceiver, webApi } from "@slack/bolt";
import type { BotDeps } from "../bot/ports.js";
import type { SlackMode } from "../config.js";
import { createBoltLogger, type Logger } from "../logger.js";
import { createSlackApp } from "./app.js";
import { healthRoutes } from "./health.js";
import { registerListeners } from "./listeners.js";
import type { OnceLedger } from "./once.js";

export interface SlackStartOptions {
  mode: Exclude<SlackMode, { kind: "console" }>;
  bot: BotDeps;
  adminUsers: readonly string[];
  ledger: OnceLedger;
  logger: Logger;
  /** True once a corpus is loaded (for /readyz). */
  corpusLoaded: () => boolean;
  slackApiUrl?: string;
  /** Retries of the app's client for idempotent calls; 2 unless given (tests pass 0). */
  retries?: number;
  /** Skips the auth.test at start when the bot's ids are known (tests). */
  identity?: { botId: string; botUserId: string };
  /** HTTP mode: where to listen instead of mode.port on every interface. */
  listen?: ListenOptions;
  /** Socket Mode: reconnect after a dropped connection (on unless false). */
  autoReconnect?: boolean;
  /** Adds more listeners (App Home, daily) before the app starts. */
  extend?: (app: App) => void;
}

export interface RunningSlackApp {
  app: App;
  /** HTTP mode: the port actually listened on. */
  port?: number;
  stop(): Promise<void>;
}

/** Thrown when Slack refuses to start us (bad token, unreachable API): a one-line reason. */
export class SlackStartError extends Error {
  override name = "SlackStartError";
}

async function identityOf(client: webApi.WebClient): Promise<{ botId: string; botUserId: string }> {
  try {
    const result = await client.auth.test();
    if (typeof result.bot_id === "string" && typeof result.user_id === "string") {
      return { botId: result.bot_id, botUserId: result.user_id };
    }
    throw new SlackStartError("SLACK_BOT_TOKEN is not a bot token (auth.test returned no bot id)");
  } catch (error) {
    if (error instanceof SlackStartError) throw error;
    const code = (error as { data?: { error?: string } }).data?.error;
    throw new SlackStartError(
      code === undefined
        ? `Slack could not be reached: ${(error as Error).message}`
        : `Slack rejected SLACK_BOT_TOKEN (${code})`,
    );
  }
}

/** Connects the bot to Slack in Socket Mode or over HTTP and starts answering. */
export async function startSlackApp(options: SlackStartOptions): Promise<RunningSlackApp> {
  const { mode, logger } = options;
  const clientOptions = options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl };
  const poster = new webApi.WebClient(mode.botToken, {
    ...clientOptions,
    retryConfig: { retries: 0 },
    logger: createBoltLogger(logger),
  });
  const identity = options.identity ?? (await identityOf(poster));
  const slackReachable = () => poster.auth.test().then((r) => r.ok === true);

  const receiver: Receiver =
    mode.kind === "socket"
      ? new SocketModeReceiver({
          appToken: mode.appToken,
          logger: createBoltLogger(logger),
          autoReconnectEnabled: options.autoReconnect ?? true,
          installerOptions: {
            clientOptions:
              options.retries === undefined
                ? clientOptions
                : { ...clientOptions, retryConfig: { retries: options.retries } },
          },
        })
      : new HTTPReceiver({
          signingSecret: mode.signingSecret,
          endpoints: "/slack/events",
          logger: createBoltLogger(logger),
          customRoutes: healthRoutes({ corpusLoaded: options.corpusLoaded, slackReachable }),
        });
  const app = createSlackApp({
    botToken: mode.botToken,
    receiver,
    logger,
    ...clientOptions,
    retries: options.retries ?? 2,
    ...identity,
  });
  registerListeners(app, {
    bot: options.bot,
    adminUsers: options.adminUsers,
    ledger: options.ledger,
    poster,
    logger,
  });
  options.extend?.(app);

  if (mode.kind === "socket") {
    await app.start();
    logger.info({ mode: "socket", botUserId: identity.botUserId }, "connected to Slack in Socket Mode");
    return { app, stop: () => app.stop().then(() => undefined) };
  }
  const server = (await app.start(options.listen ?? mode.port)) as Server;
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : mode.port;
  logger.info({ mode: "http", port }, "listening for Slack at /slack/events");
  return { app, port, stop: () => app.stop().then(() => undefined) };
}
