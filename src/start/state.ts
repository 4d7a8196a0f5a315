import type { StateStatus } from "../bot/ports.js";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { ensureStartupSubscription } from "../schedule/daily-control.js";
import { StateUnavailableError } from "../state/errors.js";
import {
  createFallbackDeliveryLedger,
  createMemoryDeliveryLedger,
  type FallbackDeliveryLedger,
} from "../state/once.js";
import { describeStateLocation, openStateStore } from "../state/open-store.js";
import type { StateStore } from "../state/store.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OpenedState {
  /** Absent when the store could not be opened at all. */
  store?: StateStore;
  status: () => StateStatus;
}

/**
 * The state store (PostgreSQL with STATE_URL, else the STATE_PATH file). One that cannot be opened is
 * logged and left untouched: commands go on, repeats are caught in memory, daily posts stop.
 */
export async function openState(
  config: Pick<Config, "statePath" | "stateUrl">,
  logger: Logger,
): Promise<OpenedState> {
  const location = {
    path: config.statePath,
    ...(config.stateUrl === undefined ? {} : { url: config.stateUrl }),
  };
  const where = describeStateLocation(location);
  try {
    const store = await openStateStore(location, { logger });
    const health = store.health();
    if (!health.writable) {
      logger.warn(
        { problem: health.problem, where },
        `state at ${where} cannot be written (${health.detail}): answers go on, daily posts wait until it can`,
      );
    }
    return {
      store,
      status: () => {
        const now = store.health();
        return now.writable ? now : { writable: false, problem: now.problem };
      },
    };
  } catch (error) {
    if (!(error instanceof StateUnavailableError)) throw error;
    logger.error(
      { problem: error.problem, where },
      `${error.message}; daily posts are off until it is fixed (the state is left untouched)`,
    );
    return { status: () => ({ writable: false, problem: error.problem }) };
  }
}

/** Subscribes DAILY_CHANNEL (when set) to the daily paper; a state that cannot be written is only logged. */
export async function subscribeDailyChannel(
  store: StateStore | undefined,
  config: Pick<Config, "dailyChannel" | "dailyTime" | "dailyTimeZone">,
  now: Date,
  logger: Logger,
): Promise<void> {
  if (store === undefined || config.dailyChannel === undefined) return;
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
export function deliveryLedgerOf(store: StateStore | undefined, logger: Logger): FallbackDeliveryLedger {
  return createFallbackDeliveryLedger({
    ...(store === undefined ? {} : { durable: store.deliveries, probe: () => store.probe() }),
    memory: createMemoryDeliveryLedger(Date.now, DAY_MS),
    logger,
    now: Date.now,
  });
}
