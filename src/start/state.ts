import type { StateStatus } from "../bot/ports.js";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { ensureStartupSubscription } from "../schedule/daily-control.js";
import { StateUnavailableError } from "../state/errors.js";
import type { StateHealth } from "../state/health.js";
import {
  createFallbackDeliveryLedger,
  createMemoryDeliveryLedger,
  type FallbackDeliveryLedger,
} from "../state/once.js";
import { describeStateLocation, openStateStore } from "../state/open-store.js";
import { reconnectingStore } from "../state/reconnecting.js";
import type { StateStore } from "../state/store.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OpenedState {
  /** The store; one that could not be opened at start keeps being retried in the background (state/reconnecting.ts). */
  store: StateStore;
  status: () => StateStatus;
  /** Runs `listener` once the store is open: at once, or when a store unavailable at start answers. */
  whenConnected(listener: (store: StateStore) => void): void;
}

export interface OpenStateOptions {
  /** At start, how long to wait for a PostgreSQL server that cannot be reached yet before starting without it. */
  startupWaitMs?: number;
  /** The background retries' first and longest wait (reconnecting.ts's defaults unless given). */
  firstWaitMs?: number;
  maxWaitMs?: number;
}

/**
 * The state store (PostgreSQL with STATE_URL, else the STATE_PATH file). One that cannot be opened is logged,
 * left untouched and tried again in the background until it opens: meanwhile commands go on, repeats are caught
 * in memory, daily posts wait, and /paper stats, /readyz and /metrics say so.
 */
export async function openState(
  config: Pick<Config, "statePath" | "stateUrl">,
  logger: Logger,
  options: OpenStateOptions = {},
): Promise<OpenedState> {
  const location = {
    path: config.statePath,
    ...(config.stateUrl === undefined ? {} : { url: config.stateUrl }),
  };
  const where = describeStateLocation(location);
  try {
    const store = await openStateStore(location, {
      logger,
      startupWaitMs: options.startupWaitMs ?? STARTUP_WAIT_MS,
    });
    const health = store.health();
    if (!health.writable) {
      logger.warn(
        { problem: health.problem, where },
        `state at ${where} cannot be written (${health.detail}): answers go on, daily posts wait until it can`,
      );
    }
    return rechecked({
      store,
      status: () => statusOf(store.health()),
      whenConnected: (listener) => listener(store),
    });
  } catch (error) {
    if (!(error instanceof StateUnavailableError)) throw error;
    logger.error(
      { problem: error.problem, where },
      `${error.message}; answers go on from memory, daily posts wait, and the state is tried again in the background (left untouched)`,
    );
    const store = reconnectingStore({
      kind: location.url === undefined ? "sqlite" : "postgres",
      open: () => openStateStore(location, { logger, startupWaitMs: 0 }),
      failed: error,
      where,
      logger,
      now: Date.now,
      ...(options.firstWaitMs === undefined ? {} : { firstWaitMs: options.firstWaitMs }),
      ...(options.maxWaitMs === undefined ? {} : { maxWaitMs: options.maxWaitMs }),
    });
    return rechecked({
      store,
      status: () => ({ ...statusOf(store.health()), ...(store.connected() ? {} : { reconnecting: true }) }),
      whenConnected: (listener) => store.whenConnected(listener),
    });
  }
}

/** A PostgreSQL server started beside the bot (one compose file) is given this long; then it is retried in the background. */
const STARTUP_WAIT_MS = 5000;

function statusOf(health: StateHealth): StateStatus {
  return health.writable ? health : { writable: false, problem: health.problem, since: health.since };
}

/**
 * While an open store refuses writes, one heartbeat write each time: health (and so /readyz, /metrics,
 * /paper stats and daily posts) turns back as soon as the store takes one, without waiting for a request to
 * write. A store still being reconnected is left to its own back-off.
 */
export async function recheckState(state: OpenedState): Promise<void> {
  const status = state.status();
  if (status.writable || status.reconnecting === true) return;
  // A failure is what health() goes on saying.
  await state.store.probe().catch(() => undefined);
}

/** `state` with recheckState every 5 s until its store is closed. */
function rechecked(state: OpenedState): OpenedState {
  const timer = setInterval(() => void recheckState(state), RECHECK_EVERY_MS);
  timer.unref();
  const { store } = state;
  const close = () => {
    clearInterval(timer);
    return store.close();
  };
  return { ...state, store: { ...store, close } };
}

const RECHECK_EVERY_MS = 5000;

/** Subscribes DAILY_CHANNEL (when set) to the daily paper; a state that cannot be written is only logged. */
export async function subscribeDailyChannel(
  store: StateStore,
  config: Pick<Config, "dailyChannel" | "dailyTime" | "dailyTimeZone">,
  now: Date,
  logger: Logger,
): Promise<void> {
  if (config.dailyChannel === undefined) return;
  await ensureStartupSubscription(
    store,
    { channelId: config.dailyChannel, time: config.dailyTime, timeZone: config.dailyTimeZone },
    now,
  ).catch((error: unknown) => {
    if (!(error instanceof StateUnavailableError)) throw error;
    logger.warn(
      { channelId: config.dailyChannel },
      "could not save DAILY_CHANNEL's subscription: state cannot be written",
    );
  });
}

/** Answered events and share clicks: shared through the store, this process's memory when it fails. */
export function deliveryLedgerOf(store: StateStore, logger: Logger): FallbackDeliveryLedger {
  return createFallbackDeliveryLedger({
    durable: store.deliveries,
    memory: createMemoryDeliveryLedger(Date.now, DAY_MS),
    logger,
    now: Date.now,
  });
}
