import { randomUUID } from "node:crypto";
import { topicPaperIds } from "../bot/topic-papers.js";
import type { Logger } from "../logger.js";
import { everyDay, nextRunAt } from "../schedule/next-run.js";
import type { SearchIndex } from "../search/types.js";
import type { DigestItems, PlannedDigest, RecordResult } from "../state/announcements.js";
import type { Follow } from "../state/person-lists.js";
import type { StateStore } from "../state/store.js";
import { localDateOf } from "../time-zone.js";

/*
 * Telling followers about new papers: one DM per person and corpus change, a paper at most once per person,
 * ever, across restarts, reloads and processes on one store.
 * 1. Record (here), whenever a corpus is loaded: match the unknown papers to everyone's follows outside any
 *    transaction; then, in one transaction under the corpus lock, the ids still unknown are the change, become
 *    known, and each follower's digest of them is planned (minus papers told before; over the daily cap, held
 *    for the next day). The first record is a baseline: nothing announced. A crash before the commit records
 *    nothing, so the next start finds the same papers.
 * 2. Deliver a due digest once through the answers' delivery (send-digests.ts), then record it sent; after
 *    MAX_ATTEMPTS refusals it stops: a duplicate is worse than a missing DM.
 */

/** The last one of the day says so (README: Following). */
export const FOLLOW_DAILY_CAP = 3;

export interface RecordDeps {
  store: Pick<StateStore, "announcements" | "follows">;
  index: () => SearchIndex;
  now: () => Date;
  /** The cap's day (DAILY_TZ). */
  timeZone: string;
  dailyCap?: number;
  logger: Logger;
  newId?: () => string;
}

const keyOf = (f: { kind: string; target: string }) => `${f.kind}:${f.target}`;

/** Outside any transaction. */
async function matchesOf(
  index: SearchIndex,
  candidates: readonly string[],
  follows: Follow[],
): Promise<Map<string, string[]>> {
  const unknown = new Set(candidates);
  const matches = new Map<string, string[]>();
  const topics = new Map<string, string>();
  for (const f of follows)
    if (f.kind === "topic" && !topics.has(f.target)) topics.set(f.target, f.label || f.target);
  for (const [target, words] of topics) {
    // One search at a time, in a search worker: the bot's answers are queued between them.
    const ids = [...(await topicPaperIds(index, words))].filter((id) => unknown.has(id));
    if (ids.length > 0) matches.set(`topic:${target}`, ids);
  }
  // Each followed person under the key the corpus knows them by now: one whose spellings a reload joined into
  // another's (corpus/spellings.ts) is found by the name they were followed as.
  const people = new Map<string, string>();
  for (const f of follows) if (f.kind === "author" && !people.has(f.target)) people.set(f.target, f.label);
  const followedAs = new Map<string, string[]>();
  for (const [target, label] of people) {
    const lookup = (await index.authorByKey(target)) === undefined ? await index.author(label) : undefined;
    const now = lookup?.kind === "found" ? lookup.summary.key : target;
    followedAs.set(now, [...(followedAs.get(now) ?? []), target]);
  }
  // Each paper read is a row parsed on this thread: 100,000 at a first start held /readyz back by seconds.
  if (followedAs.size === 0) return matches;
  for (const id of candidates) {
    const paper = index.paper(id);
    if (paper === undefined || paper.id !== id) continue;
    for (const key of new Set([...paper.ownerKeys, ...paper.authorKeys])) {
      for (const followed of followedAs.get(key) ?? []) {
        const list = matches.get(`author:${followed}`) ?? [];
        list.push(id);
        matches.set(`author:${followed}`, list);
      }
    }
  }
  return matches;
}

/** Each follower's digest of the change: people first, then topics, each paper once under its first match. */
function plannedDigests(
  matches: Map<string, string[]>,
  fresh: ReadonlySet<string>,
  follows: Follow[],
): PlannedDigest[] {
  const byUser = new Map<string, Follow[]>();
  for (const f of follows) {
    const mine = byUser.get(f.userId);
    if (mine === undefined) byUser.set(f.userId, [f]);
    else mine.push(f);
  }
  const planned: PlannedDigest[] = [];
  for (const [userId, mine] of byUser) {
    const ordered = [...mine].sort((a, b) =>
      a.kind === b.kind ? a.label.localeCompare(b.label) : a.kind === "author" ? -1 : 1,
    );
    const items: DigestItems = { follows: [], papers: [] };
    const at = new Map<string, { id: string; matched: number[] }>();
    for (const follow of ordered) {
      const ids = (matches.get(keyOf(follow)) ?? []).filter((id) => fresh.has(id));
      if (ids.length === 0) continue;
      const n = items.follows.push({ kind: follow.kind, target: follow.target, label: follow.label }) - 1;
      for (const id of ids) {
        const entry = at.get(id);
        if (entry) entry.matched.push(n);
        else {
          const paper = { id, matched: [n] };
          at.set(id, paper);
          items.papers.push(paper);
        }
      }
    }
    if (items.papers.length > 0) planned.push({ userId, items });
  }
  return planned;
}

export async function recordCorpusChange(deps: RecordDeps): Promise<RecordResult> {
  const index = deps.index();
  const paperIds = index.paperIds();
  const known = await deps.store.announcements.knownIds();
  const candidates = paperIds.filter((id) => !known.has(id));
  // Nothing known yet: this is the baseline, and nobody hears about it.
  const follows = known.size === 0 || candidates.length === 0 ? [] : await deps.store.follows.all();
  const matches = await matchesOf(index, candidates, follows);
  const now = deps.now();
  const tomorrow = nextRunAt({ time: "00:00", timeZone: deps.timeZone, weekdays: everyDay }, now);
  const result = await deps.store.announcements.record({
    at: now.getTime(),
    paperIds,
    candidates,
    plan: (fresh, current) => plannedDigests(matches, fresh, current),
    day: {
      today: localDateOf(now, deps.timeZone),
      tomorrow: localDateOf(tomorrow, deps.timeZone),
      tomorrowStartsAt: tomorrow.getTime(),
    },
    dailyCap: deps.dailyCap ?? FOLLOW_DAILY_CAP,
    newId: deps.newId ?? randomUUID,
  });
  if (result.kind === "baseline") {
    // Once per database, at its first start: nothing for a person trying the console to read.
    deps.logger.debug(
      { papers: result.papers },
      "corpus recorded as known: followers hear about papers added from now on",
    );
  } else if (result.kind === "recorded") {
    deps.logger.info(
      { change: result.change.id, added: result.change.added, digests: result.digests },
      "new papers recorded; followers will get a DM",
    );
  }
  return result;
}
