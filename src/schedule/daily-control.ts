import { MESSAGES_DAILY } from "../bot/messages.js";
import type { DailyControl } from "../bot/ports.js";
import type { DailyScheduleView } from "../bot/reply.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";
import type { Subscription } from "../state/subscriptions.js";
import { isValidTimeZone, zonedIso } from "../time-zone.js";
import { nextDailyPaper } from "./next-paper.js";
import { everyDay, isValidTime, nextRunAt } from "./next-run.js";

/** `message` is safe to show the user. */
export class DailyScheduleError extends Error {
  override readonly name = "DailyScheduleError";
}

const recentCount = 5;

export type DailyState = Pick<StateStore, "subscriptions" | "dailyPosts">;

export interface DailyControlDeps {
  now: () => Date;
  defaultTimeZone: string;
  index: () => PaperLookups;
}

async function dailyScheduleViewOf(
  store: DailyState,
  subscription: Subscription,
  index: PaperLookups,
  now: Date,
): Promise<DailyScheduleView> {
  const posts = await store.dailyPosts.recent(subscription.channelId, recentCount);
  const recent = posts.flatMap((post) => {
    const paper = index.paper(post.paperId);
    return paper === undefined ? [] : [{ date: post.localDate, paper }];
  });
  const running = subscription.enabled && subscription.pausedReason === undefined;
  const after = new Date(Math.max(now.getTime(), subscription.activeSince));
  return {
    channelId: subscription.channelId,
    enabled: subscription.enabled,
    time: subscription.time,
    timeZone: subscription.timeZone,
    weekdays: [...subscription.weekdays],
    ...(running ? { nextRunAt: zonedIso(nextRunAt(subscription, after), subscription.timeZone) } : {}),
    ...(subscription.enabled && subscription.pausedReason !== undefined
      ? { paused: subscription.pausedReason }
      : {}),
    recent,
  };
}

function checkedSpec(spec: { time: string; timeZone: string; weekdays: number[] }) {
  if (!isValidTime(spec.time)) throw new DailyScheduleError(MESSAGES_DAILY.invalidTime);
  if (!isValidTimeZone(spec.timeZone)) throw new DailyScheduleError(MESSAGES_DAILY.invalidTimeZone);
  const weekdays = [...new Set(spec.weekdays)].filter((d) => Number.isInteger(d) && d >= 1 && d <= 7).sort();
  if (weekdays.length === 0) throw new DailyScheduleError(MESSAGES_DAILY.invalidWeekdays);
  return { time: spec.time, timeZone: spec.timeZone, weekdays };
}

/** Subscribing again replaces the schedule and resumes a paused one. Throws DailyScheduleError. */
export function createDailyControl(store: DailyState, deps: DailyControlDeps): DailyControl {
  const { subscriptions } = store;
  return {
    async subscribe(channelId, spec, userId) {
      const now = deps.now();
      const saved = await subscriptions.save({
        channelId,
        ...checkedSpec({ ...spec, timeZone: spec.timeZone || deps.defaultTimeZone }),
        enabled: true,
        subscribedBy: userId,
        activeSince: now.getTime(),
        updatedAt: now.getTime(),
      });
      return dailyScheduleViewOf(store, saved, deps.index(), now);
    },
    async unsubscribe(channelId) {
      const now = deps.now();
      if (!(await subscriptions.disable(channelId, now.getTime()))) return undefined;
      const s = await subscriptions.get(channelId);
      return s === undefined ? undefined : dailyScheduleViewOf(store, s, deps.index(), now);
    },
    async status(channelId) {
      const s = await subscriptions.get(channelId);
      return s === undefined ? undefined : dailyScheduleViewOf(store, s, deps.index(), deps.now());
    },
    async preview(channelId, random) {
      const s = await subscriptions.get(channelId);
      if (s === undefined) return undefined;
      const index = deps.index();
      const schedule = await dailyScheduleViewOf(store, s, index, deps.now());
      const paper = await nextDailyPaper(store, channelId, index, random);
      return { schedule, title: MESSAGES_DAILY.title, ...(paper ? { paper } : {}) };
    },
  };
}

/** Only when the channel has none, so `/paper daily off` or a new time survives restarts. */
export async function ensureStartupSubscription(
  store: Pick<StateStore, "subscriptions">,
  config: { channelId: string; time?: string; timeZone?: string },
  now: Date,
): Promise<boolean> {
  const spec = checkedSpec({
    time: config.time ?? "09:00",
    timeZone: config.timeZone ?? "UTC",
    weekdays: [...everyDay],
  });
  return store.subscriptions.insertIfAbsent({
    channelId: config.channelId,
    ...spec,
    enabled: true,
    subscribedBy: "environment",
    activeSince: now.getTime(),
    updatedAt: now.getTime(),
  });
}
