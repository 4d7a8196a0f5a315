import { randomUUID } from "node:crypto";
import { MESSAGES_DAILY } from "../bot/messages.js";
import type { Paper } from "../corpus/types.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import type { ClaimKey, DailyPostState } from "../state/daily-posts.js";
import { StateUnavailableError } from "../state/errors.js";
import type { Subscription } from "../state/subscriptions.js";
import { findDailyMessage, sendDailyMessage } from "./daily-message.js";
import type { DailyPostDeps, DailyPostOutcome, DailyPostResult } from "./daily-post-types.js";
import { latestRunAtOrBefore } from "./next-run.js";
import { bagSeedOf, drawFromBag } from "./shuffle-bag.js";

/*
 * The daily post protocol: at most one message per channel and local date, and a late one rather than none.
 * The same on SQLite and PostgreSQL, and across any number of processes sharing the store.
 *
 * 1. Claim. In one store transaction serialised per channel (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
 *    transaction-scoped advisory lock on the channel): read the (channel, local date) row of daily_posts,
 *    which is UNIQUE on that pair. No row: draw a paper from the channel's shuffle-bag and insert it as
 *    `claimed` with a random token and a lease. A `posted` or `unknown` row: done. A `claimed`/`posting` row
 *    whose lease is still running: another pass (or instance) owns it, skip. An expired lease: its owner
 *    died or gave up, take it over under our token by compare-and-set, keeping its state.
 * 2. Reconcile (only for a taken-over `posting` row, where a Slack call may have stored the message): look
 *    for our message in conversations.history by its metadata (event_type "paperbot_daily", payload date).
 *    Found: record it as posted, no second message. Absent: post. History unreadable for good (missing
 *    scope, …): mark `unknown` and log; a duplicate is worse than a missing paper.
 * 3. Post. Compare-and-set the row to `posting` under our token (fails if someone took it over), then one
 *    chat.postMessage through a client that never retries by itself, carrying the metadata step 2 looks for.
 *    429: Slack stored nothing; extend the lease, wait Retry-After, try again. not_in_channel /
 *    channel_not_found / archived: Slack stored nothing; drop the claim, pause the subscription (told once).
 *    Any other error reply: stored nothing; back to `claimed`, retried after a back-off. A 5xx, a timeout or a
 *    dropped connection is ambiguous: the row stays `posting` and the next pass reconciles (step 2).
 * 4. Record `posted` with the message ts.
 * A crash after 1 leaves `claimed` (nothing was sent: post after the lease). A crash during 3 or before 4 leaves
 * `posting` (reconciled). The lease is much longer than the client's timeout, so a live owner never loses it.
 * State that cannot be written stops the protocol where it is: no Slack call starts unless step 3's
 * compare-and-set was stored, and a post whose step 4 failed stays `posting`, reconciled once writes work.
 */

const defaultLeaseMs = 5 * 60 * 1000;
const ambiguousRetryMs = 60 * 1000;
const refusedRetryMs = 15 * 60 * 1000;
const rateLimitAttempts = 3;
const channelGoneErrors = new Set([
  "not_in_channel",
  "channel_not_found",
  "is_archived",
  "channel_is_archived",
]);

export function dailyPausedMessage(channelId: string, reason: string): string {
  return MESSAGES_DAILY.paused(`<#${channelId}>`, reason);
}

type Claim =
  | { kind: "mine"; state: DailyPostState; paperId: string; claimedAt: number }
  | { kind: "skip"; outcome: DailyPostOutcome };

async function claimDailyPost(
  deps: DailyPostDeps,
  channelId: string,
  localDate: string,
  token: string,
  at: number,
): Promise<Claim> {
  const ids = deps.index().paperIds();
  const claim = await deps.store.dailyPosts.claim({
    channelId,
    localDate,
    token,
    at,
    leaseUntil: at + (deps.leaseMs ?? defaultLeaseMs),
    proposedSeed: bagSeedOf(deps.random),
    draw: (bag) => drawFromBag(ids, bag),
  });
  switch (claim.kind) {
    case "new":
    case "taken-over":
      return {
        kind: "mine",
        state: claim.post.state,
        paperId: claim.post.paperId,
        claimedAt: claim.post.claimedAt,
      };
    case "done":
      return { kind: "skip", outcome: "already-done" };
    case "busy":
      return { kind: "skip", outcome: "busy" };
    case "empty":
      return { kind: "skip", outcome: "no-papers" };
  }
}

/** The claimed paper, or a fresh draw (stored on the claim) when it has left the corpus since it was claimed. */
async function paperToPost(
  deps: DailyPostDeps,
  key: ClaimKey,
  paperId: string,
): Promise<Paper | "lost" | undefined> {
  const index = deps.index();
  const paper = index.paper(paperId);
  if (paper !== undefined && paper.id === paperId) return paper;
  const ids = index.paperIds();
  const drawn = await deps.store.dailyPosts.redraw(key, bagSeedOf(deps.random), (bag) =>
    drawFromBag(ids, bag),
  );
  if (drawn === "lost") return "lost";
  return drawn === undefined ? undefined : index.paper(drawn.paperId);
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

/** Our earlier message for the date, when a taken-over `posting` row may have reached Slack (step 2). */
async function reconcile(
  deps: DailyPostDeps,
  key: ClaimKey,
  claimedAt: number,
): Promise<DailyPostOutcome | undefined> {
  const { dailyPosts } = deps.store;
  const { channelId, localDate, token } = key;
  let earlier: Awaited<ReturnType<typeof findDailyMessage>>;
  try {
    earlier = await findDailyMessage(deps.client, channelId, localDate, claimedAt);
  } catch (error) {
    const failure = slackFailureOf(error);
    if (failure.kind === "refused") {
      await dailyPosts.update(key, { state: "unknown", token, leaseUntil: 0 });
      deps.logger.error(
        { channelId, localDate, error: failure.error },
        "cannot tell whether the interrupted daily post reached Slack; skipping this date rather than risk a duplicate",
      );
      return "unknown";
    }
    const retryMs = failure.kind === "rate-limited" ? failure.retryAfterMs : ambiguousRetryMs;
    await dailyPosts.update(key, { state: key.state, token, leaseUntil: deps.now().getTime() + retryMs });
    return "retry-later";
  }
  if (!earlier.found) return undefined;
  await dailyPosts.markPosted(channelId, localDate, earlier.ts, deps.now().getTime());
  deps.logger.info({ channelId, localDate }, "daily post found in the channel after an interrupted attempt");
  return "reconciled";
}

async function postDailyFor(
  deps: DailyPostDeps,
  subscription: Subscription,
  localDate: string,
): Promise<DailyPostOutcome> {
  const { logger } = deps;
  const { dailyPosts, subscriptions } = deps.store;
  const channelId = subscription.channelId;
  const leaseMs = deps.leaseMs ?? defaultLeaseMs;
  const token = randomUUID();
  const claim = await claimDailyPost(deps, channelId, localDate, token, deps.now().getTime());
  if (claim.kind === "skip") return claim.outcome;
  await deps.afterStep?.("claimed", channelId);

  const claimed: ClaimKey = { channelId, localDate, token, state: claim.state };
  if (claim.state === "posting") {
    const reconciled = await reconcile(deps, claimed, claim.claimedAt);
    if (reconciled !== undefined) return reconciled;
  }

  const paper = await paperToPost(deps, claimed, claim.paperId);
  if (paper === "lost") return "lost-claim";
  if (paper === undefined) {
    await dailyPosts.remove(channelId, localDate, token);
    return "no-papers";
  }
  const moved = await dailyPosts.update(claimed, {
    state: "posting",
    token,
    leaseUntil: deps.now().getTime() + leaseMs,
  });
  if (!moved) return "lost-claim";
  await deps.afterStep?.("posting", channelId);

  const key: ClaimKey = { channelId, localDate, token, state: "posting" };
  for (let attempt = 1; ; attempt++) {
    const members = new Set((deps.index().stats().members ?? []).map((member) => member.key));
    const sent = await sendDailyMessage(deps.client, channelId, localDate, paper, members);
    if (sent.kind === "sent") {
      await deps.afterStep?.("sent", channelId);
      await dailyPosts.markPosted(channelId, localDate, sent.ts, deps.now().getTime());
      await deps.afterStep?.("recorded", channelId);
      logger.info({ channelId, localDate, paperId: paper.id }, "daily paper posted");
      return "posted";
    }
    const { failure } = sent;
    if (failure.kind === "rate-limited") {
      const until = deps.now().getTime() + failure.retryAfterMs;
      if (attempt >= rateLimitAttempts) {
        await dailyPosts.update(key, { state: "claimed", token, leaseUntil: until });
        logger.warn({ channelId, localDate }, "daily post still rate limited; will try again later");
        return "retry-later";
      }
      // Slack stored nothing; the lease must outlast the wait so nobody else posts meanwhile.
      if (!(await dailyPosts.update(key, { state: "posting", token, leaseUntil: until + leaseMs }))) {
        return "lost-claim";
      }
      logger.info({ channelId, retryAfterMs: failure.retryAfterMs }, "daily post rate limited; waiting");
      await deps.sleep(failure.retryAfterMs);
      continue;
    }
    if (failure.kind === "refused" && channelGoneErrors.has(failure.error)) {
      await dailyPosts.remove(channelId, localDate, token);
      if (await subscriptions.pause(channelId, failure.error, deps.now().getTime())) {
        logger.warn(
          { channelId, reason: failure.error },
          "daily posts paused: the bot cannot post in this channel; `/paper daily on` there resumes them",
        );
        await tellSubscriber(deps, subscription, failure.error);
      }
      return "paused";
    }
    if (failure.kind === "refused") {
      await dailyPosts.update(key, {
        state: "claimed",
        token,
        leaseUntil: deps.now().getTime() + refusedRetryMs,
      });
      logger.error({ channelId, localDate, error: failure.error }, "Slack refused the daily post");
      return "retry-later";
    }
    await dailyPosts.update(key, {
      state: "posting",
      token,
      leaseUntil: deps.now().getTime() + ambiguousRetryMs,
    });
    logger.warn(
      { channelId, localDate, error: describeFailure(failure) },
      "daily post outcome unknown; the next pass checks the channel before posting again",
    );
    return "retry-later";
  }
}

/**
 * One pass: for every running subscription whose latest run is due and not yet done, claim, choose, post,
 * record. A store that cannot be written ends the pass ("state-unavailable" for the channels left; the
 * scheduler logs it once), so nothing is posted without its claim stored.
 */
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
