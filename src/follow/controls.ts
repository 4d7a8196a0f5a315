import type { FollowControl, ReadingList } from "../bot/ports.js";
import type { StateStore } from "../state/store.js";
import { FOLLOW_DAILY_CAP } from "./announce.js";
import { digestViewOf } from "./send-digests.js";

// Far more than anyone reads, and a bound on the announcement's work.
const MAX_FOLLOWS = 1000;

export function createFollowControl(
  store: Pick<StateStore, "follows" | "announcements">,
  deps: { now: () => Date; dailyCap?: number; whatsNewWindowMs: number },
): FollowControl {
  return {
    dailyCap: deps.dailyCap ?? FOLLOW_DAILY_CAP,
    maxFollows: MAX_FOLLOWS,
    async follow(userId, target) {
      const added = await store.follows.add({ userId, ...target, createdAt: deps.now().getTime() });
      return { added, total: await store.follows.count(userId) };
    },
    unfollow: (userId, kind, target) => store.follows.remove(userId, kind, target),
    async list(userId) {
      return (await store.follows.list(userId)).map(({ kind, target, label }) => ({ kind, target, label }));
    },
    async digest(id) {
      const digest = await store.announcements.get(id);
      return digest === undefined ? undefined : digestViewOf(digest);
    },
    async whatsNew() {
      const { baseline, changes } = await store.announcements.latestChanges(deps.whatsNewWindowMs);
      return {
        ...(baseline === undefined ? {} : { since: baseline.at }),
        changes: changes.map(({ change, paperIds }) => ({ at: change.at, paperIds })),
      };
    },
  };
}

export function createReadingList(store: Pick<StateStore, "savedPapers">): ReadingList {
  return {
    async save(userId, entry) {
      const added = await store.savedPapers.save({ userId, ...entry });
      return { added, total: await store.savedPapers.count(userId) };
    },
    remove: (userId, paperId) => store.savedPapers.remove(userId, paperId),
    async list(userId) {
      return (await store.savedPapers.list(userId)).map(({ userId: _, ...entry }) => entry);
    },
  };
}
