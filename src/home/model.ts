import { pageAt } from "../bot/paging.js";
import type { BotDeps, DailyControl } from "../bot/ports.js";
import { savedItemsOf } from "../bot/saved-answers.js";
import type { Logger } from "../logger.js";
import type { HomeList, HomeModel } from "../render/home.js";
import type { DailyState } from "../schedule/daily-control.js";
import { todaysPaper } from "../schedule/paper-of-the-day.js";

const HOME_ROWS_PER_LIST = 12;

export interface HomeDeps {
  /** Absent without state: the tab still shows a paper and the help. */
  state?: DailyState;
  bot: Pick<BotDeps, "index" | "now" | "follows" | "readingList">;
  daily?: DailyControl;
  /** Of the workspace's "today" when none of the viewer's channels had a post. */
  timeZone: string;
  logger: Logger;
}

/** Kept in the view's private_metadata. */
export interface HomePages {
  follows: number;
  saved: number;
}

/** The last page past the end; `port` absent: no database. */
function homeListOf<T>(items: T[] | undefined, offset: number, port: unknown): HomeList<T> {
  if (items === undefined) return { available: false, why: port ? "unreadable" : "no-database" };
  const { page, ...list } = pageAt(items, Math.max(0, offset), HOME_ROWS_PER_LIST);
  return { available: true, items: page, ...list };
}

/** Every state read that fails is logged and shown as unknown, so the tab always publishes. */
export async function homeModelOf(
  deps: HomeDeps,
  userId: string,
  memberOf: () => Promise<Set<string>>,
  pages: HomePages = { follows: 0, saved: 0 },
  notice?: string,
): Promise<HomeModel> {
  const { bot, state } = deps;
  const index = bot.index();
  const now = bot.now();
  const read = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      deps.logger.warn({ err: error }, "could not read saved state for the Home tab");
      return fallback;
    }
  };
  const subscriptions = state
    ? (await read(() => state.subscriptions.list(), [])).filter((s) => s.enabled)
    : [];
  let channelsUnknown = false;
  let mine = subscriptions;
  if (subscriptions.length > 0) {
    try {
      const member = await memberOf();
      mine = subscriptions.filter((s) => member.has(s.channelId));
    } catch (error) {
      deps.logger.warn({ err: error }, "could not list the user's channels for the Home tab");
      channelsUnknown = true;
      mine = [];
    }
  }
  const today = await todaysPaper(state, mine, index, now, deps.timeZone, read);
  const follows = bot.follows
    ? await read(() => bot.follows?.list(userId) ?? Promise.resolve([]), undefined)
    : undefined;
  const list = bot.readingList;
  const saved = list ? await read(() => savedItemsOf(list, index, userId), undefined) : undefined;
  const stats = index.stats();
  const memberKeys = new Set((stats.members ?? []).map((member) => member.key));
  const todaysMembers = today?.paper.authorKeys.filter((key) => memberKeys.has(key)) ?? [];
  const followList = homeListOf(follows, pages.follows, bot.follows);
  const savedList = homeListOf(saved, pages.saved, list);
  return {
    ...(today
      ? { today: { ...today, ...(todaysMembers.length > 0 ? { members: todaysMembers } : {}) } }
      : {}),
    channels: mine.map((s) => ({
      channelId: s.channelId,
      time: s.time,
      timeZone: s.timeZone,
      weekdays: s.weekdays,
      ...(s.pausedReason ? { paused: s.pausedReason } : {}),
    })),
    ...(channelsUnknown ? { channelsUnknown } : {}),
    follows:
      followList.available && bot.follows ? { ...followList, dailyCap: bot.follows.dailyCap } : followList,
    saved: savedList,
    pages: {
      follows: followList.available ? followList.offset : 0,
      saved: savedList.available ? savedList.offset : 0,
    },
    ...(notice ? { notice } : {}),
    corpus: { papers: stats.papers, people: stats.people },
  };
}
