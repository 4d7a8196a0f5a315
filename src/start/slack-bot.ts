// Loaded by main only to run the bot, so the paperbot CLI and the console start without Bolt and prom-client.
import type { BotDeps } from "../bot/ports.js";
import type { Config, SlackMode } from "../config.js";
import type { RecordDeps } from "../follow/announce.js";
import { type FollowNotifier, startFollowNotifier } from "../follow/notifier.js";
import { dmChannelOf } from "../follow/saved-upload.js";
import type { Logger } from "../logger.js";
import { countDailyResults, createMetrics, type Metrics, watchIndex, watchState } from "../ops/metrics.js";
import { installProcessGuard } from "../ops/process-guard.js";
import { startDailyScheduler } from "../schedule/daily-scheduler.js";
import { type DeliveryDeps, deliverAnswer } from "../slack/delivery.js";
import { type RunningSlackApp, startSlackApp } from "../slack/start.js";
import { createFallbackOutbox } from "../state/outbox.js";
import type { StateStore } from "../state/store.js";
import type { ServedIndex } from "./index-lifecycle.js";
import { deliveryLedgerOf, type OpenedState } from "./state.js";

export type SlackBotConfig = Pick<
  Config,
  "adminUsers" | "slackTimeoutMs" | "slackApiUrl" | "stateUrl" | "dailyTimeZone" | "followDailyCap"
> & { mode: Exclude<SlackMode, { kind: "console" }> };

export interface SlackBotWiring {
  bot: BotDeps;
  index: ServedIndex;
  state: OpenedState;
  /** Absent without a store. */
  record?: RecordDeps;
  now: () => Date;
  logger: Logger;
  /** The process whose uncaught errors the process guard watches. */
  host: NodeJS.Process;
  /** What the guard calls when errors come too fast to trust the process (main stops and exits 1). */
  giveUp: () => void;
}

/** The running bot: stop ends the daily timer and the follow DMs, then Slack, then closes the store. */
export interface RunningSlackBot {
  stop(): Promise<void>;
}

/** Connects to Slack and starts the follow DMs and the daily posts. */
export async function startSlackBot(
  config: SlackBotConfig,
  wiring: SlackBotWiring,
): Promise<RunningSlackBot> {
  const { bot, index, logger } = wiring;
  const { store } = wiring.state;
  const metrics = createMetrics();
  watchIndex(metrics, { index: index.live.current, loadedAt: index.loadedAt, now: Date.now });
  installProcessGuard(wiring.host, { logger, metrics, giveUp: wiring.giveUp });
  const ledger = deliveryLedgerOf(store, logger);
  // The store's health follows every write (the outbox's passes, daily posts), the ledger's only answers.
  watchState(metrics, { state: wiring.state.status, now: Date.now });
  const slack = await startSlackApp({
    mode: config.mode,
    bot,
    adminUsers: config.adminUsers,
    ledger,
    // Answers waiting for Slack survive a restart in the store; in memory without one, or while it fails.
    outbox: createFallbackOutbox(store.outbox, logger, () => wiring.state.status().writable),
    logger,
    corpusLoaded: () => index.live.current().stats().papers > 0,
    slackTimeoutMs: config.slackTimeoutMs,
    metrics,
    // Only PostgreSQL is shared by several processes; one process's memory dedupes its own double clicks.
    ...(config.stateUrl === undefined ? {} : { isLocalClaim: (key: string) => !ledger.claimIsShared(key) }),
    ...(config.slackApiUrl === undefined ? {} : { slackApiUrl: config.slackApiUrl }),
    state: wiring.state.status,
    home: {
      state: store,
      ...(bot.daily === undefined ? {} : { daily: bot.daily }),
      timeZone: config.dailyTimeZone,
    },
  });
  const notifier = startFollowDms(config, wiring, slack);
  const scheduler = startDailyPosts(wiring, { store, slack, metrics });
  return {
    stop: () => {
      scheduler.stop();
      notifier?.stop();
      return slack.stop().finally(() => store.close());
    },
  };
}

const FOLLOW_RECORD_AFTER_START_MS = 3000;

/** Followers hear about what a corpus brought: just after startup and after every reload that swapped one in. */
function startFollowDms(
  config: SlackBotConfig,
  { index, record, state, now, logger }: SlackBotWiring,
  slack: RunningSlackApp,
): FollowNotifier | undefined {
  if (record === undefined) return undefined;
  const { store } = record;
  const notifier = startFollowNotifier({
    record,
    send: {
      store,
      index: index.live.current,
      now,
      logger,
      dailyCap: config.followDailyCap,
      dm: {
        openDm: (userId) => dmChannelOf(slack.poster, userId),
        // As daily posts: through the store's own ledger and outbox, so no DM starts unless its claim is stored.
        deliver: (target, request) => deliverAnswer(onceThrough(slack, state.store), target, request),
      },
    },
    logger,
  });
  index.onSwapped(() => void notifier.corpusChanged());
  // Once a store unavailable at start answers; the start's own pass waits until the bot is ready (it reads every known
  // paper id: 0.2 s of the main thread at 100,000 papers, which delayed /readyz).
  const atStart = setTimeout(
    () => state.whenConnected(() => void notifier.corpusChanged()),
    FOLLOW_RECORD_AFTER_START_MS,
  );
  atStart.unref();
  return {
    ...notifier,
    stop() {
      clearTimeout(atStart);
      notifier.stop();
    },
  };
}

/**
 * The answers' delivery over the store's own ledger and outbox, not their memory fallbacks: for what the bot posts
 * by itself (daily posts, follow DMs), which waits while the store is down rather than risk a second message.
 */
function onceThrough(slack: RunningSlackApp, store: StateStore): DeliveryDeps {
  return { ...slack.delivery, ledger: store.deliveries, outbox: store.outbox };
}

/** The one daily timer, posting through the answers' once-only delivery. */
function startDailyPosts(
  { index, now, logger }: SlackBotWiring,
  { store, slack, metrics }: { store: StateStore; slack: RunningSlackApp; metrics: Metrics },
): { stop(): void } {
  return startDailyScheduler({
    store,
    // The store's own ledger and outbox, not the memory fallback: no post starts unless its claim is stored.
    deliver: (target, request) => deliverAnswer(onceThrough(slack, store), target, request),
    client: slack.poster,
    index: index.live.current,
    now,
    random: Math.random,
    logger,
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    onPass: (results) => countDailyResults(metrics, results),
  });
}
