import type { App } from "@slack/bolt";
import { z } from "zod";
import type { Logger } from "../logger.js";
import { type HomeModel, renderHomeView } from "../render/home.js";
import { localDateOf } from "../schedule/next-run.js";
import type { SearchIndex } from "../search/types.js";
import type { StateStore } from "../state/store.js";

export interface HomeDeps {
  /** Absent when the state store could not be opened: the tab still shows a paper and the help. */
  state?: Pick<StateStore, "subscriptions" | "dailyPosts">;
  index: () => SearchIndex;
  now: () => Date;
  /** Zone of the workspace's "today" when none of the viewer's channels had a post (DAILY_TZ or UTC). */
  timeZone: string;
  logger: Logger;
}

type WebClient = Parameters<Parameters<App["event"]>[1]>[0]["client"];

const conversationsSchema = z.object({
  channels: z.array(z.object({ id: z.string() })).default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

/** Ids of the channels the user is a member of (users.conversations: channels:read, groups:read). */
async function channelIdsOf(client: WebClient, userId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < 20; page++) {
    const raw = await client.users.conversations({
      user: userId,
      types: "public_channel,private_channel",
      exclude_archived: true,
      limit: 999,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const result = conversationsSchema.parse(raw);
    for (const channel of result.channels) ids.add(channel.id);
    cursor = result.response_metadata?.next_cursor || undefined;
    if (cursor === undefined) break;
  }
  return ids;
}

/** The same paper id for everyone on a given date: a stable hash of the date over the ids sorted. */
export function paperIdOfTheDate(paperIds: readonly string[], date: string): string | undefined {
  if (paperIds.length === 0) return undefined;
  let hash = 2166136261;
  for (let i = 0; i < date.length; i++) hash = Math.imul(hash ^ date.charCodeAt(i), 16777619) >>> 0;
  const sorted = [...paperIds].sort();
  return sorted[hash % sorted.length];
}

/** A state read for the tab, or `fallback` (logged) when the store cannot be read: the tab still publishes. */
async function stateRead<T>(deps: HomeDeps, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    deps.logger.warn({ err: error }, "could not read the daily subscriptions for the Home tab");
    return fallback;
  }
}

/** What the Home tab shows this user; the Slack call is the only outside read. */
export async function homeModelOf(deps: HomeDeps, client: WebClient, userId: string): Promise<HomeModel> {
  const index = deps.index();
  const now = deps.now();
  const { state } = deps;
  const subscriptions = state
    ? (await stateRead(deps, () => state.subscriptions.list(), [])).filter((s) => s.enabled)
    : [];
  let channelsUnknown = false;
  let mine = subscriptions;
  if (subscriptions.length > 0) {
    try {
      const member = await channelIdsOf(client, userId);
      mine = subscriptions.filter((s) => member.has(s.channelId));
    } catch (error) {
      deps.logger.warn({ err: error }, "could not list the user's channels for the Home tab");
      channelsUnknown = true;
      mine = [];
    }
  }
  let today: HomeModel["today"];
  let newest = -1;
  for (const s of mine) {
    const date = localDateOf(now, s.timeZone);
    const post = state
      ? await stateRead(deps, () => state.dailyPosts.get(s.channelId, date), undefined)
      : undefined;
    const paper = post?.state === "posted" ? index.paper(post.paperId) : undefined;
    if (post && paper && (post.postedAt ?? 0) > newest) {
      newest = post.postedAt ?? 0;
      today = { date, paper, channelId: s.channelId };
    }
  }
  const stats = index.stats();
  if (today === undefined) {
    const date = localDateOf(now, deps.timeZone);
    const id = paperIdOfTheDate(index.paperIds(), date);
    const paper = id === undefined ? undefined : index.paper(id);
    if (paper) today = { date, paper };
  }
  return {
    ...(today ? { today } : {}),
    channels: mine.map((s) => ({
      channelId: s.channelId,
      time: s.time,
      timeZone: s.timeZone,
      weekdays: s.weekdays,
      ...(s.pausedReason ? { paused: s.pausedReason } : {}),
    })),
    ...(channelsUnknown ? { channelsUnknown } : {}),
    corpus: { papers: stats.papers, people: stats.people },
  };
}

/** Publishes the Home tab whenever a user opens it (needs the app_home_opened event and views:publish). */
export function registerHome(app: App, deps: HomeDeps): void {
  app.event("app_home_opened", async ({ event, client }) => {
    if (event.tab !== "home") return;
    try {
      const model = await homeModelOf(deps, client, event.user);
      await client.views.publish({ user_id: event.user, view: renderHomeView(model) });
    } catch (error) {
      deps.logger.error({ err: error, userId: event.user }, "could not publish the Home tab");
    }
  });
}
