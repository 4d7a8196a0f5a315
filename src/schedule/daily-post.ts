import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Paper } from "../corpus/types.js";
import type { Logger } from "../logger.js";
import { renderSlackMessage } from "../render/blocks.js";
import type { SearchIndex } from "../search/types.js";
import {
  type DailyPostState,
  deleteDailyClaim,
  insertDailyClaim,
  markDailyPosted,
  readCurrentRound,
  readDailyPost,
  updateDailyClaim,
} from "../state/daily-posts.js";
import type { StateDatabase } from "../state/database.js";
import { listSubscriptions, pauseSubscription, type Subscription } from "../state/subscriptions.js";
import type { SlackClient } from "./daily-post-client.js";
import { latestRunAtOrBefore } from "./next-run.js";
import { drawFromBag } from "./shuffle-bag.js";

/*
 * The daily post protocol: at most one message per channel and local date, and a late one rather than none.
 *
 * 1. Claim. In one IMMEDIATE SQLite transaction: read the (channel, local date) row of daily_posts, which is
 *    UNIQUE on that pair. No row: draw a paper from the channel's shuffle-bag and insert it as `claimed` with
 *    a random token and a lease. A `posted` or `unknown` row: done. A `claimed`/`posting` row whose lease is
 *    still running: another pass (or instance) owns it, skip. An expired lease: its owner died or gave up,
 *    take it over under our token, keeping its state.
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
 */

export type DailyPostStep = "claimed" | "posting" | "sent" | "recorded";

export type DailyPostOutcome =
  | "posted"
  | "reconciled"
  | "already-done"
  | "busy"
  | "paused"
  | "retry-later"
  | "unknown"
  | "no-papers"
  | "lost-claim"
  | "failed";

export interface DailyPostResult {
  channelId: string;
  localDate: string;
  outcome: DailyPostOutcome;
}

export interface DailyPostDeps {
  db: StateDatabase;
  /** From createDailyPostClient: no automatic retries, rate limits rejected with their Retry-After. */
  client: SlackClient;
  index: () => SearchIndex;
  now: () => Date;
  random: () => number;
  logger: Logger;
  sleep: (ms: number) => Promise<void>;
  /** Test seam: called after each protocol step; throwing here is a crash at that point. */
  afterStep?: (step: DailyPostStep, channelId: string) => void;
  /** How long a claim is owned; default five minutes. */
  leaseMs?: number;
}

export const dailyEventType = "paperbot_daily";
export const dailyTitle = "Paper of the day";

const defaultLeaseMs = 5 * 60 * 1000;
const ambiguousRetryMs = 60 * 1000;
const refusedRetryMs = 15 * 60 * 1000;
const rateLimitAttempts = 3;
// Slack stamps messages with its own clock; look a little before our claim in case the clocks disagree.
const historyMarginSeconds = 10 * 60;
const channelGoneErrors = new Set([
  "not_in_channel",
  "channel_not_found",
  "is_archived",
  "channel_is_archived",
]);

export function dailyPausedMessage(channelId: string, reason: string): string {
  return `I couldn't post the paper of the day in <#${channelId}> (${reason}), so I've paused it. Invite me there and type \`/paper daily on\` to resume.`;
}

const errorSchema = z.object({
  code: z.string(),
  retryAfter: z.number().optional(),
  data: z.object({ error: z.string() }).optional(),
});

type SlackFailure =
  | { kind: "rate-limited"; retryAfterMs: number }
  | { kind: "refused"; error: string }
  | { kind: "ambiguous"; message: string };

function slackFailureOf(error: unknown): SlackFailure {
  const parsed = errorSchema.safeParse(error);
  if (parsed.success && parsed.data.code === "slack_webapi_rate_limited_error") {
    return { kind: "rate-limited", retryAfterMs: (parsed.data.retryAfter ?? 1) * 1000 };
  }
  if (parsed.success && parsed.data.code === "slack_webapi_platform_error") {
    return { kind: "refused", error: parsed.data.data?.error ?? "unknown_error" };
  }
  return { kind: "ambiguous", message: error instanceof Error ? error.message : String(error) };
}

const historySchema = z.object({
  messages: z
    .array(
      z.object({
        ts: z.string().optional(),
        metadata: z
          .object({
            event_type: z.string().optional(),
            event_payload: z.record(z.string(), z.unknown()).optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

/** Our earlier message for that date, if Slack has it. */
async function findDailyMessage(
  client: SlackClient,
  channelId: string,
  localDate: string,
  since: number,
): Promise<{ found: true; ts: string | undefined } | { found: false }> {
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const raw = await client.conversations.history({
      channel: channelId,
      oldest: String(Math.floor(since / 1000) - historyMarginSeconds),
      include_all_metadata: true,
      limit: 200,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const history = historySchema.parse(raw);
    const hit = history.messages.find(
      (m) => m.metadata?.event_type === dailyEventType && m.metadata.event_payload?.date === localDate,
    );
    if (hit !== undefined) return { found: true, ts: hit.ts };
    cursor = history.response_metadata?.next_cursor || undefined;
    if (cursor === undefined) break;
  }
  return { found: false };
}

type Claim =
  | { kind: "mine"; state: DailyPostState; paperId: string; claimedAt: number }
  | { kind: "skip"; outcome: DailyPostOutcome };

function claimDailyPost(
  deps: DailyPostDeps,
  channelId: string,
  localDate: string,
  token: string,
  at: number,
): Claim {
  const { db } = deps;
  const leaseUntil = at + (deps.leaseMs ?? defaultLeaseMs);
  return db
    .transaction((): Claim => {
      const row = readDailyPost(db, channelId, localDate);
      if (row === undefined) {
        const ids = deps.index().paperIds();
        const drawn = drawFromBag(ids, readCurrentRound(db, channelId), deps.random);
        if (drawn === undefined) return { kind: "skip", outcome: "no-papers" };
        insertDailyClaim(db, {
          channelId,
          localDate,
          paperId: drawn.paperId,
          round: drawn.round,
          state: "claimed",
          claimToken: token,
          leaseUntil,
          claimedAt: at,
        });
        return { kind: "mine", state: "claimed", paperId: drawn.paperId, claimedAt: at };
      }
      if (row.state === "posted" || row.state === "unknown") return { kind: "skip", outcome: "already-done" };
      if (row.leaseUntil > at) return { kind: "skip", outcome: "busy" };
      updateDailyClaim(
        db,
        { channelId, localDate, token: row.claimToken, state: row.state },
        { state: row.state, token, leaseUntil },
      );
      return { kind: "mine", state: row.state, paperId: row.paperId, claimedAt: row.claimedAt };
    })
    .immediate();
}

/** The claimed paper, or a fresh draw when it has left the corpus since it was claimed. */
function paperToPost(
  deps: DailyPostDeps,
  channelId: string,
  paperId: string,
): { paper: Paper; round?: number } | undefined {
  const index = deps.index();
  const paper = index.paper(paperId);
  if (paper !== undefined && paper.id === paperId) return { paper };
  const current = readCurrentRound(deps.db, channelId);
  current.paperIds.delete(paperId);
  const drawn = drawFromBag(index.paperIds(), current, deps.random);
  const redrawn = drawn === undefined ? undefined : index.paper(drawn.paperId);
  return drawn === undefined || redrawn === undefined ? undefined : { paper: redrawn, round: drawn.round };
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
  const { db, logger } = deps;
  const channelId = subscription.channelId;
  const leaseMs = deps.leaseMs ?? defaultLeaseMs;
  const token = randomUUID();
  const claim = claimDailyPost(deps, channelId, localDate, token, deps.now().getTime());
  if (claim.kind === "skip") return claim.outcome;
  deps.afterStep?.("claimed", channelId);

  let state = claim.state;
  if (state === "posting") {
    try {
      const earlier = await findDailyMessage(deps.client, channelId, localDate, claim.claimedAt);
      if (earlier.found) {
        markDailyPosted(db, channelId, localDate, earlier.ts, deps.now().getTime());
        logger.info({ channelId, localDate }, "daily post found in the channel after an interrupted attempt");
        return "reconciled";
      }
    } catch (error) {
      const failure = slackFailureOf(error);
      const key = { channelId, localDate, token, state };
      if (failure.kind === "refused") {
        updateDailyClaim(db, key, { state: "unknown", token, leaseUntil: 0 });
        logger.error(
          { channelId, localDate, error: failure.error },
          "cannot tell whether the interrupted daily post reached Slack; skipping this date rather than risk a duplicate",
        );
        return "unknown";
      }
      const retryMs = failure.kind === "rate-limited" ? failure.retryAfterMs : ambiguousRetryMs;
      updateDailyClaim(db, key, { state, token, leaseUntil: deps.now().getTime() + retryMs });
      return "retry-later";
    }
  }

  const chosen = paperToPost(deps, channelId, claim.paperId);
  if (chosen === undefined) {
    deleteDailyClaim(db, channelId, localDate, token);
    return "no-papers";
  }
  const moved = updateDailyClaim(
    db,
    { channelId, localDate, token, state },
    {
      state: "posting",
      token,
      leaseUntil: deps.now().getTime() + leaseMs,
      paperId: chosen.paper.id,
      ...(chosen.round === undefined ? {} : { round: chosen.round }),
    },
  );
  if (!moved) return "lost-claim";
  state = "posting";
  deps.afterStep?.("posting", channelId);

  const message = renderSlackMessage({
    kind: "card",
    title: dailyTitle,
    card: { paper: chosen.paper, buttons: ["similar", "moreBy", "full", "reroll"] },
  });
  const key = { channelId, localDate, token, state };
  for (let attempt = 1; ; attempt++) {
    try {
      const sent = await deps.client.chat.postMessage({
        channel: channelId,
        text: message.text,
        blocks: message.blocks,
        unfurl_links: false,
        unfurl_media: false,
        metadata: { event_type: dailyEventType, event_payload: { date: localDate, paper: chosen.paper.id } },
      });
      deps.afterStep?.("sent", channelId);
      markDailyPosted(db, channelId, localDate, sent.ts, deps.now().getTime());
      deps.afterStep?.("recorded", channelId);
      logger.info({ channelId, localDate, paperId: chosen.paper.id }, "daily paper posted");
      return "posted";
    } catch (error) {
      const failure = slackFailureOf(error);
      if (failure.kind === "rate-limited") {
        const until = deps.now().getTime() + failure.retryAfterMs;
        if (attempt >= rateLimitAttempts) {
          updateDailyClaim(db, key, { state: "claimed", token, leaseUntil: until });
          logger.warn({ channelId, localDate }, "daily post still rate limited; will try again later");
          return "retry-later";
        }
        updateDailyClaim(db, key, { state, token, leaseUntil: until + leaseMs });
        logger.info({ channelId, retryAfterMs: failure.retryAfterMs }, "daily post rate limited; waiting");
        await deps.sleep(failure.retryAfterMs);
        continue;
      }
      if (failure.kind === "refused" && channelGoneErrors.has(failure.error)) {
        deleteDailyClaim(db, channelId, localDate, token);
        if (pauseSubscription(db, channelId, failure.error, deps.now().getTime())) {
          logger.warn(
            { channelId, reason: failure.error },
            "daily posts paused: the bot cannot post in this channel; `/paper daily on` there resumes them",
          );
          await tellSubscriber(deps, subscription, failure.error);
        }
        return "paused";
      }
      if (failure.kind === "refused") {
        updateDailyClaim(db, key, {
          state: "claimed",
          token,
          leaseUntil: deps.now().getTime() + refusedRetryMs,
        });
        logger.error({ channelId, localDate, error: failure.error }, "Slack refused the daily post");
        return "retry-later";
      }
      updateDailyClaim(db, key, { state, token, leaseUntil: deps.now().getTime() + ambiguousRetryMs });
      logger.warn(
        { channelId, localDate, error: failure.message },
        "daily post outcome unknown; the next pass checks the channel before posting again",
      );
      return "retry-later";
    }
  }
}

/** One pass: for every running subscription whose latest run is due and not yet done, claim, choose, post, record. */
export async function runDueDailyPosts(deps: DailyPostDeps): Promise<DailyPostResult[]> {
  const results: DailyPostResult[] = [];
  for (const subscription of listSubscriptions(deps.db)) {
    if (!subscription.enabled || subscription.pausedReason !== undefined) continue;
    const due = latestRunAtOrBefore(subscription, deps.now());
    if (due === undefined || due.runAt.toMillis() < subscription.activeSince) continue;
    const { channelId } = subscription;
    let outcome: DailyPostOutcome;
    try {
      outcome = await postDailyFor(deps, subscription, due.localDate);
    } catch (error) {
      deps.logger.error({ err: error, channelId, localDate: due.localDate }, "daily post failed");
      outcome = "failed";
    }
    if (outcome !== "already-done") results.push({ channelId, localDate: due.localDate, outcome });
  }
  return results;
}
