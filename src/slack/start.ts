import type { ListenOptions } from "node:net";
import { App } from "@slack/bolt";
import type { BotDeps, StateStatus } from "../bot/ports.js";
import type { HttpLimits, SlackMode } from "../config.js";
import type { Logger } from "../logger.js";
import { opsRoutes } from "../ops/health.js";
import { closeServer, portOf, serveOpsRoutes, serverOptionsOf } from "../ops/http-server.js";
import { createMetrics, type Metrics, watchOutbox } from "../ops/metrics.js";
import { createSlackReadiness } from "../ops/readiness.js";
import { timedIndexSource } from "../ops/timed-index.js";
import { slackFailureOf } from "../slack-api/failures.js";
import type { DeliveryLedger } from "../state/once.js";
import { createMemoryOutbox, type Outbox } from "../state/outbox.js";
import { type ListenerDeps, postAnswerOf, privateAnswerOfKept } from "./answering.js";
import { registerAskShortcut } from "./ask-shortcut.js";
import { registerAssistant } from "./assistant.js";
import { createBoltLogger } from "./bolt-logger.js";
import { type DeliveryDeps, type OutboxWorker, startOutboxWorker } from "./delivery.js";
import { createDeliveryPolicy, type DeliveryPolicy } from "./delivery-policy.js";
import type { HomeDeps } from "./home.js";
import { timeAcks, trackAnswers } from "./instrumented-app.js";
import { registerListeners } from "./listeners.js";
import { createHttpReceiver, createSocketReceiver } from "./receivers.js";
import { registerShortcut } from "./shortcut.js";
import { createSlackFetch } from "./slack-fetch.js";
import { threadPapersOf } from "./thread-papers.js";
import { createSlackClient, type SlackClient } from "./web-client.js";

export interface SlackStartOptions {
  mode: Exclude<SlackMode, { kind: "console" }>;
  bot: BotDeps;
  adminUsers: readonly string[];
  ledger: DeliveryLedger;
  /** This process's memory unless given. */
  outbox?: Outbox;
  logger: Logger;
  corpusLoaded: () => boolean;
  state?: () => StateStatus;
  slackApiUrl?: string;
  /** Web API or response_url; 10 s unless given. */
  slackTimeoutMs?: number;
  /** The app's client, for idempotent calls (App Home); 2 unless given. */
  retries?: number;
  /** Skips the auth.test at start (tests). */
  identity?: { botId: string; botUserId: string };
  /** HTTP mode, instead of mode.port on every interface. */
  listen?: ListenOptions;
  /** Socket Mode's health routes, instead of mode.healthPort on every interface. */
  healthListen?: ListenOptions;
  /** Socket Mode: reconnect whatever the error (on unless false). */
  autoReconnect?: boolean;
  reconnectBackoffMs?: (attempt: number) => number;
  /** Socket Mode: /healthz fails after this long without a connection. */
  deafLimitMs?: number;
  metrics?: Metrics;
  /** Test seams: back-off, limits, the outbox's period, clock. */
  delivery?: Partial<Omit<DeliveryPolicy, "callTimeoutMs">>;
  /** Without it the App Home tab is not answered. */
  home?: Omit<HomeDeps, "bot" | "logger">;
  isLocalClaim?: (key: string) => boolean;
}

export interface RunningSlackApp {
  app: App;
  /** HTTP mode. */
  port?: number;
  /** Socket Mode. */
  healthPort?: number;
  metrics: Metrics;
  /** For answers, follow DMs and daily posts: no retries of its own. */
  poster: SlackClient;
  delivery: DeliveryDeps;
  outbox: OutboxWorker;
  stop(): Promise<void>;
}

/** When Slack refuses us (bad token, unreachable API), a one-line reason. */
async function identityOf(client: SlackClient): Promise<{ botId: string; botUserId: string }> {
  let result: Awaited<ReturnType<SlackClient["auth"]["test"]>>;
  try {
    result = await client.auth.test();
  } catch (error) {
    const failure = slackFailureOf(error);
    throw new Error(
      failure.kind === "refused"
        ? `Slack rejected SLACK_BOT_TOKEN (${failure.error})`
        : `Slack could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof result.bot_id === "string" && typeof result.user_id === "string") {
    return { botId: result.bot_id, botUserId: result.user_id };
  }
  throw new Error("SLACK_BOT_TOKEN is not a bot token (auth.test returned no bot id)");
}

// As the HTTP mode's defaults (config-env.ts): no cap a client can fill before the timeouts drop its sockets.
const HEALTH_LIMITS: HttpLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  maxConnections: 10_000,
};

/** How long a stop waits for answers in flight: a Slack call's timeout is 10 s by default, main's hard exit 10 s. */
const DRAIN_MS = 8000;

/** Socket Mode without a connection this long fails /healthz, so a supervisor restarts the process. */
export const DEAF_LIMIT_MS = 2 * 60_000;

const reconnectBackoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** (attempt - 1));

export async function startSlackApp(options: SlackStartOptions): Promise<RunningSlackApp> {
  const { mode, logger } = options;
  const now = Date.now;
  const metrics = options.metrics ?? createMetrics({ processMetrics: false });
  const readiness = createSlackReadiness(
    { token: true, ...(mode.kind === "socket" ? { socket: false } : {}) },
    { now, limitMs: options.deafLimitMs ?? DEAF_LIMIT_MS },
  );
  const timeoutMs = options.slackTimeoutMs ?? 10_000;
  const slackFetch = createSlackFetch({
    timeoutMs,
    observe: ({ method, seconds, code }) => {
      metrics.slackApiSeconds.observe({ method }, seconds);
      if (code !== undefined) metrics.slackApiErrors.inc({ method, code });
      readiness.observe(method, code);
    },
  });
  const clientOptions = {
    ...(options.slackApiUrl === undefined ? {} : { slackApiUrl: options.slackApiUrl }),
    timeout: timeoutMs,
    fetch: slackFetch,
  };
  const poster = createSlackClient(mode.botToken, { ...clientOptions, logger });
  const identity = options.identity ?? (await identityOf(poster));
  const routes = opsRoutes(
    {
      corpusLoaded: options.corpusLoaded,
      slack: readiness.state,
      alive: readiness.alive,
      ...(options.state === undefined ? {} : { state: options.state }),
    },
    metrics.registry,
    logger,
  );

  const receiver =
    mode.kind === "socket"
      ? createSocketReceiver({
          appToken: mode.appToken,
          // apps.connections.open is not retried by its client: the reconnection loop retries it, with back-off.
          clientOptions: { ...clientOptions, retryConfig: { retries: 0 } },
          ...(options.autoReconnect === false
            ? {}
            : { reconnectBackoffMs: options.reconnectBackoffMs ?? reconnectBackoffMs }),
          readiness,
          metrics,
          logger,
          now,
        })
      : createHttpReceiver({ signingSecret: mode.signingSecret, routes, logger, now });
  // The app's own client retries idempotent calls (App Home); posts go through `poster`, which never retries.
  const app = new App({
    token: mode.botToken,
    receiver,
    logger: createBoltLogger(logger),
    clientOptions: { ...clientOptions, retryConfig: { retries: options.retries ?? 2 } },
    ...identity,
  });
  timeAcks(app, metrics, now);
  const answers = trackAnswers(app);
  const bot = {
    ...options.bot,
    index: timedIndexSource(options.bot.index, metrics.searchSeconds),
    // Which card a thread is under ("more like this" there), read through the no-retry client.
    threads: threadPapersOf(poster, logger),
  };
  const listenerDeps: ListenerDeps = {
    bot,
    adminUsers: options.adminUsers,
    ledger: options.ledger,
    outbox: options.outbox ?? createMemoryOutbox(),
    client: poster,
    fetch: slackFetch,
    policy: createDeliveryPolicy(timeoutMs, options.delivery),
    metrics,
    logger,
    rechecks: [],
    ...(options.home ? { home: { ...options.home, bot, logger } } : {}),
    ...(options.isLocalClaim === undefined ? {} : { isLocalClaim: options.isLocalClaim }),
  };
  // A request another process acked and did not answer (it stopped): answered here, as it would have been.
  listenerDeps.answerLater = {
    privately: async (request) => ({ ...(await privateAnswerOfKept(listenerDeps, request)).message }),
    inConversation: async (request, target) => (await postAnswerOf(listenerDeps, request, target)).message,
  };
  registerListeners(app, listenerDeps);
  registerShortcut(app, listenerDeps);
  registerAskShortcut(app, listenerDeps);
  // A global middleware: takes assistant-thread events before the listeners, passes every other event on.
  registerAssistant(app, listenerDeps);
  watchOutbox(metrics, listenerDeps.outbox);

  // Socket Mode: the ops routes on a health port of their own; HTTP: beside Slack's requests.
  let served: { ports: { port: number } | { healthPort: number }; stop(): Promise<void> };
  if (mode.kind === "socket") {
    const health = await serveOpsRoutes(
      routes,
      HEALTH_LIMITS,
      options.healthListen ?? { port: mode.healthPort },
    );
    await app.start().catch(async (error: unknown) => {
      await closeServer(health);
      throw error;
    });
    const healthPort = portOf(health);
    logger.info(
      { mode: "socket", botUserId: identity.botUserId, healthPort },
      "connected to Slack in Socket Mode; /healthz, /readyz and /metrics on the health port",
    );
    served = { ports: { healthPort }, stop: () => app.stop().then(() => closeServer(health)) };
  } else {
    const server = await app.start(options.listen ?? { port: mode.port }, serverOptionsOf(mode.limits));
    server.maxConnections = mode.limits.maxConnections;
    const port = portOf(server);
    logger.info({ mode: "http", port }, "listening for Slack at /slack/events");
    const stop = async () => {
      // Bolt's stop waits for open connections: the idle ones are closed now, busy ones after a grace.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2000).unref();
      await app.stop();
    };
    served = { ports: { port }, stop };
  }
  const outbox = startOutboxWorker(listenerDeps);
  // No new request comes in; the answers to those acked go out (main exits at 10 s whatever happens).
  const stop = async () => {
    outbox.stop();
    await Promise.all([served.stop(), answers.drain(DRAIN_MS)]);
  };
  return { app, metrics, poster, delivery: listenerDeps, outbox, ...served.ports, stop };
}
