import type { Paper } from "../corpus/types.js";
import type { PaperLookups } from "../search/types.js";
import { localDateOf } from "../time-zone.js";
import type { DailyState } from "./daily-control.js";

/** The same paper id for everyone on a given date: a stable hash of the date over the ids sorted. */
function paperIdOfTheDate(paperIds: readonly string[], date: string): string | undefined {
  if (paperIds.length === 0) return undefined;
  let hash = 2166136261;
  for (let i = 0; i < date.length; i++) hash = Math.imul(hash ^ date.charCodeAt(i), 16777619) >>> 0;
  const sorted = [...paperIds].sort();
  return sorted[hash % sorted.length];
}

export interface TodaysPaper {
  date: string;
  paper: Paper;
  /** When it is one of the viewer's daily posts. */
  channelId?: string;
}

/** The newest daily post today in their channels, else the workspace's pick; `read` guards each state read. */
export async function todaysPaper(
  state: DailyState | undefined,
  channels: { channelId: string; timeZone: string }[],
  index: PaperLookups,
  now: Date,
  timeZone: string,
  read: <T>(work: () => Promise<T>, fallback: T) => Promise<T>,
): Promise<TodaysPaper | undefined> {
  let today: TodaysPaper | undefined;
  let newest = -1;
  for (const s of channels) {
    const date = localDateOf(now, s.timeZone);
    const post = state ? await read(() => state.dailyPosts.get(s.channelId, date), undefined) : undefined;
    const paper = post?.state === "posted" ? index.paper(post.paperId) : undefined;
    if (post && paper && (post.postedAt ?? 0) > newest) {
      newest = post.postedAt ?? 0;
      today = { date, paper, channelId: s.channelId };
    }
  }
  if (today !== undefined) return today;
  const date = localDateOf(now, timeZone);
  const id = paperIdOfTheDate(index.paperIds(), date);
  const paper = id === undefined ? undefined : index.paper(id);
  return paper ? { date, paper } : undefined;
}
