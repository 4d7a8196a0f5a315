import { WHATS_NEW_WINDOW_MS } from "../bot/follow-answers.js";
import type { BotDeps } from "../bot/ports.js";
import type { Config } from "../config.js";
import type { RecordDeps } from "../follow/announce.js";
import { createFollowControl, createReadingList } from "../follow/controls.js";
import type { Logger } from "../logger.js";
import { createDailyControl } from "../schedule/daily-control.js";
import type { SearchIndex } from "../search/types.js";
import { withMemoryFallback } from "../state/recent-answers.js";
import type { StateStore } from "../state/store.js";
import type { ServedIndex } from "./index-lifecycle.js";
import type { OpenedState } from "./state.js";

export interface BotWiring {
  index: ServedIndex;
  state: OpenedState;
  now: () => Date;
  logger: Logger;
}

/** The daily, follow, saved and last-answer ports of a state store: what the bot, the console and `paperbot say` answer with. */
export function statePortsOf(
  config: Pick<Config, "dailyTimeZone" | "followDailyCap">,
  store: StateStore,
  { now, index }: { now: () => Date; index: () => SearchIndex },
): Pick<BotDeps, "daily" | "follows" | "readingList" | "recentAnswers"> {
  return {
    daily: createDailyControl(store, { now, defaultTimeZone: config.dailyTimeZone, index }),
    follows: createFollowControl(store, {
      now,
      dailyCap: config.followDailyCap,
      whatsNewWindowMs: WHATS_NEW_WINDOW_MS,
    }),
    readingList: createReadingList(store),
    recentAnswers: withMemoryFallback(store.recentAnswers),
  };
}

/** What every surface answers with: the served index, and the daily, follow and saved ports of the store. */
export function botDepsOf(
  config: Pick<Config, "dailyTimeZone" | "followDailyCap">,
  { index, state, now, logger }: BotWiring,
): BotDeps {
  const { store } = state;
  const current = index.live.current;
  return {
    index: current,
    random: Math.random,
    now,
    defaultTimeZone: config.dailyTimeZone,
    stateStatus: state.status,
    ...statePortsOf(config, store, { now, index: current }),
    reload: (userId) => {
      logger.info({ userId }, "reload requested");
      return index.reload();
    },
  };
}

/** What recording a corpus's new papers for their followers needs. */
export function followRecordOf(
  config: Pick<Config, "dailyTimeZone" | "followDailyCap">,
  { index, state, now, logger }: BotWiring,
): RecordDeps {
  const { store } = state;
  return {
    store,
    index: index.live.current,
    now,
    timeZone: config.dailyTimeZone,
    dailyCap: config.followDailyCap,
    logger,
  };
}
