import { z } from "zod";
import type { StateDatabase } from "./database.js";

/**
 * claimed: a paper is chosen, no Slack call has started.
 * posting: a Slack call started; whether Slack stored the message is unknown until reconciled.
 * posted: the message is in the channel.
 * unknown: the outcome could not be reconciled; never retried (at most once wins over a duplicate).
 */
export type DailyPostState = "claimed" | "posting" | "posted" | "unknown";

export interface DailyPost {
  channelId: string;
  /** Local date in the subscription's zone, ISO "2026-03-29". */
  localDate: string;
  paperId: string;
  /** Shuffle-bag round this paper was drawn in. */
  round: number;
  state: DailyPostState;
  claimToken: string;
  leaseUntil: number;
  claimedAt: number;
  messageTs?: string;
  postedAt?: number;
}

const rowSchema = z.object({
  channel_id: z.string(),
  local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  paper_id: z.string().min(1),
  round: z.number().int().min(1),
  state: z.enum(["claimed", "posting", "posted", "unknown"]),
  claim_token: z.string(),
  lease_until: z.number().int(),
  claimed_at: z.number().int(),
  message_ts: z.string().nullable(),
  posted_at: z.number().int().nullable(),
});

function dailyPostOf(row: unknown): DailyPost {
  const r = rowSchema.parse(row);
  return {
    channelId: r.channel_id,
    localDate: r.local_date,
    paperId: r.paper_id,
    round: r.round,
    state: r.state,
    claimToken: r.claim_token,
    leaseUntil: r.lease_until,
    claimedAt: r.claimed_at,
    ...(r.message_ts === null ? {} : { messageTs: r.message_ts }),
    ...(r.posted_at === null ? {} : { postedAt: r.posted_at }),
  };
}

export function readDailyPost(
  db: StateDatabase,
  channelId: string,
  localDate: string,
): DailyPost | undefined {
  const row = db
    .prepare("SELECT * FROM daily_posts WHERE channel_id = ? AND local_date = ?")
    .get(channelId, localDate);
  return row === undefined ? undefined : dailyPostOf(row);
}

/** The paper ids of the channel's latest shuffle-bag round (every state counts: a claim will be posted). */
export function readCurrentRound(
  db: StateDatabase,
  channelId: string,
): { round: number; paperIds: Set<string> } {
  const max = z
    .number()
    .int()
    .nullable()
    .parse(
      db.prepare("SELECT MAX(round) AS r FROM daily_posts WHERE channel_id = ?").pluck().get(channelId) ??
        null,
    );
  if (max === null) return { round: 0, paperIds: new Set() };
  const ids = z
    .array(z.string())
    .parse(
      db
        .prepare("SELECT paper_id FROM daily_posts WHERE channel_id = ? AND round = ?")
        .pluck()
        .all(channelId, max),
    );
  return { round: max, paperIds: new Set(ids) };
}

/** The channel's posted papers, newest first. */
export function readRecentDailyPosts(db: StateDatabase, channelId: string, limit: number): DailyPost[] {
  return db
    .prepare(
      "SELECT * FROM daily_posts WHERE channel_id = ? AND state = 'posted' ORDER BY local_date DESC LIMIT ?",
    )
    .all(channelId, limit)
    .map(dailyPostOf);
}

export function insertDailyClaim(db: StateDatabase, post: DailyPost): void {
  db.prepare(
    `INSERT INTO daily_posts
       (channel_id, local_date, paper_id, round, state, claim_token, lease_until, claimed_at, message_ts, posted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
  ).run(
    post.channelId,
    post.localDate,
    post.paperId,
    post.round,
    post.state,
    post.claimToken,
    post.leaseUntil,
    post.claimedAt,
  );
}

/**
 * Moves a claim to a new state under a new token and lease, only if it still has the expected token and state:
 * the compare-and-set that keeps two instances from both acting on one row. True when it applied.
 */
export function updateDailyClaim(
  db: StateDatabase,
  key: { channelId: string; localDate: string; token: string; state: DailyPostState },
  next: { state: DailyPostState; token: string; leaseUntil: number; paperId?: string; round?: number },
): boolean {
  return (
    db
      .prepare(
        `UPDATE daily_posts SET state = ?, claim_token = ?, lease_until = ?,
           paper_id = COALESCE(?, paper_id), round = COALESCE(?, round)
         WHERE channel_id = ? AND local_date = ? AND claim_token = ? AND state = ?`,
      )
      .run(
        next.state,
        next.token,
        next.leaseUntil,
        next.paperId ?? null,
        next.round ?? null,
        key.channelId,
        key.localDate,
        key.token,
        key.state,
      ).changes === 1
  );
}

export function markDailyPosted(
  db: StateDatabase,
  channelId: string,
  localDate: string,
  messageTs: string | undefined,
  at: number,
): void {
  db.prepare(
    "UPDATE daily_posts SET state = 'posted', message_ts = ?, posted_at = ? WHERE channel_id = ? AND local_date = ?",
  ).run(messageTs ?? null, at, channelId, localDate);
}

/** Forgets a claim that Slack definitely refused, so the paper returns to the bag. */
export function deleteDailyClaim(
  db: StateDatabase,
  channelId: string,
  localDate: string,
  token: string,
): void {
  db.prepare("DELETE FROM daily_posts WHERE channel_id = ? AND local_date = ? AND claim_token = ?").run(
    channelId,
    localDate,
    token,
  );
}
