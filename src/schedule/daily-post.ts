import type { webApi } from "@slack/bolt";
import { MESSAGES_DAILY } from "../bot/messages.js";
import type { Logger } from "../logger.js";
import type { PaperLookups } from "../search/types.js";
import { StateUnavailableError } from "../state/errors.js";
import type { StateStore } from "../state/store.js";
import type { Subscription } from "../state/subscriptions.js";
import { dailyMessageOf } from "./daily-message.js";
import { latestRunAtOrBefore } from "./next-run.js";
import { bagSeedOf, drawFromBag } from "./shuffle-bag.js";

/*
 * The daily post: at most one per channel and local date, and a late one rather than none, across crashes and
 * processes on one store.
 * 1. Choose the date's paper in one transaction per channel (dailyPosts.choose): every process gets the same.
 * 2. Deliver it through the once-only delivery under daily:<channel>:<date> (its claim, outbox, look-before-post).
 * 3. Record `posted` once the key is done.
 * Channel gone (not_in_channel, archived…): the date is forgotten and the subscription paused, its subscriber
 * told once. Another refusal holds the key for a back-off. State that cannot be written ends the pass.
 */

/** slack/delivery.ts's deliverAnswer, wired by main; "queued": the outbox goes on trying. */
export type OnceDelivery = (
  target: { key: string; channel: string; after: string },
  request: {
    retried: boolean;
    message: () => Promise<webApi.ChatPostMessageArguments>;
    refused?: (error: string) => void;
  },
) => Promise<"answered" | "duplicate" | "busy" | "failed" | "unknown" | "queued">;

export type DailyPostStep = "chosen" | "delivered" | "recorded";

export type DailyPostOutcome =
  | "posted"
  | "already-done"
  | "busy"
  | "paused"
  | "retry-later"
  | "no-papers"
  | "state-unavailable"
  | "failed";

export interface DailyPostResult {
  channelId: string;
  localDate: string;
  outcome: DailyPostOutcome;
}

export interface DailyPostDeps {
  store: Pick<StateStore, "subscriptions" | "dailyPosts" | "deliveries">;
  /** Over the store's own ledger and outbox: no post starts unless its claim is stored. */
  deliver: OnceDelivery;
  /** Tells a subscriber their channel's posts stopped. */
  client: webApi.WebClient;
  index: () => PaperLookups;
  now: () => Date;
  random: () => number;
  logger: Logger;
  /** Test seam: called after each step; throwing here is a crash at that point. */
  afterStep?: (step: DailyPostStep, channelId: string) => void | Promise<void>;
}

const refusedRetryMs = 15 * 60 * 1000;
// Slack stamps messages with its own clock: look a little before the paper was chosen.
const historyMarginSeconds = 10 * 60;
const channelGoneErrors = new Set([
  "not_in_channel",
  "channel_not_found",
  "is_archived",
  "channel_is_archived",
]);

export function dailyPausedMessage(channelId: string, reason: string): string {
  return MESSAGES_DAILY.paused(`<#${channelId}>`, reason);
}

async function tellSubscriber(
  deps: DailyPostDeps,
  subscription: Subscription,
  reason: string,
): Promise<void> {
  if (!/^[UW][A-Z0-9]+$/.test(subscription.subscribedBy)) return;
  try {
    await deps.client.chat.postMessage({
      channel: subscription.subscribedBy,
      text: dailyPausedMessage(subscription.channelId, reason),
    });
  } catch (error) {
    deps.logger.debug({ err: error, channelId: subscription.channelId }, "could not tell the subscriber");
  }
}

async function postDailyFor(
  deps: DailyPostDeps,
  subscription: Subscription,
  localDate: string,
): Promise<DailyPostOutcome> {
  const { logger } = deps;
  const { dailyPosts, subscriptions, deliveries } = deps.store;
  const { channelId } = subscription;
  const index = deps.index();
  const ids = index.paperIds();
  const chosen = await dailyPosts.choose({
    channelId,
    localDate,
    at: deps.now().getTime(),
    proposedSeed: bagSeedOf(deps.random),
    draw: (bag) => drawFromBag(ids, bag),
    present: (id) => index.paper(id)?.id === id,
  });
  if (chosen === undefined) return "no-papers";
  const { post, fresh } = chosen;
  if (post.state !== "claimed") return "already-done";
  const paper = index.paper(post.paperId);
  if (paper === undefined) return "no-papers";
  await deps.afterStep?.("chosen", channelId);

  const key = `daily:${channelId}:${localDate}`;
  let refused: string | undefined;
  const outcome = await deps.deliver(
    { key, channel: channelId, after: String(Math.floor(post.claimedAt / 1000) - historyMarginSeconds) },
    {
      retried: !fresh,
      message: async () => {
        const members = new Set((index.stats().members ?? []).map((member) => member.key));
        return dailyMessageOf(channelId, localDate, paper, members);
      },
      refused: (error) => {
        refused = error;
      },
    },
  );
  await deps.afterStep?.("delivered", channelId);
  switch (outcome) {
    case "answered":
    case "duplicate": {
      const recorded = await dailyPosts.markPosted(channelId, localDate, deps.now().getTime());
      await deps.afterStep?.("recorded", channelId);
      if (!recorded) return "already-done";
      logger.info({ channelId, localDate, paperId: paper.id }, "daily paper posted");
      return "posted";
    }
    case "busy":
      return "busy";
    case "queued":
    case "unknown":
      return "retry-later";
    case "failed":
      break;
  }
  if (refused !== undefined && channelGoneErrors.has(refused)) {
    await dailyPosts.remove(channelId, localDate);
    if (await subscriptions.pause(channelId, refused, deps.now().getTime())) {
      logger.warn(
        { channelId, reason: refused },
        "daily posts paused: the bot cannot post in this channel; `/paper daily on` there resumes them",
      );
      await tellSubscriber(deps, subscription, refused);
    }
    return "paused";
  }
  // Slack stored nothing: the key is held against every process's passes until the back-off ends.
  await deliveries.claim(key, refusedRetryMs);
  logger.warn({ channelId, localDate, error: refused }, "daily post not taken by Slack; tried again later");
  return "retry-later";
}

/** A store that cannot be written ends the pass, so nothing is posted without its claim stored. */
export async function runDueDailyPosts(deps: DailyPostDeps): Promise<DailyPostResult[]> {
  const results: DailyPostResult[] = [];
  let stateDown = false;
  for (const subscription of await deps.store.subscriptions.list()) {
    if (!subscription.enabled || subscription.pausedReason !== undefined) continue;
    const due = latestRunAtOrBefore(subscription, deps.now());
    if (due === undefined || due.runAt.getTime() < subscription.activeSince) continue;
    const { channelId } = subscription;
    let outcome: DailyPostOutcome;
    if (stateDown) {
      outcome = "state-unavailable";
    } else {
      try {
        outcome = await postDailyFor(deps, subscription, due.localDate);
      } catch (error) {
        if (error instanceof StateUnavailableError) {
          stateDown = true;
          outcome = "state-unavailable";
        } else {
          deps.logger.error({ err: error, channelId, localDate: due.localDate }, "daily post failed");
          outcome = "failed";
        }
      }
    }
    if (outcome !== "already-done") results.push({ channelId, localDate: due.localDate, outcome });
  }
  return results;
}
