import { z } from "zod";
import type { SqlDatabase, SqlSession } from "./sql.js";

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

/** A channel's shuffle-bag: its seed and the papers of its latest round (every state counts: a claim will be posted). */
export interface ShuffleBag {
  seed: number;
  round: number;
  paperIds: Set<string>;
}

export interface Drawn {
  paperId: string;
  round: number;
}

/** Which row a compare-and-set applies to: it must still carry this token and state. */
export interface ClaimKey {
  channelId: string;
  localDate: string;
  token: string;
  state: DailyPostState;
}

export interface ClaimRequest {
  channelId: string;
  localDate: string;
  token: string;
  at: number;
  leaseUntil: number;
  /** The bag's seed if the channel has none yet (the first draw ever). */
  proposedSeed: number;
  /** Chooses the paper for a new claim from the channel's bag; undefined when there is nothing to draw. */
  draw: (bag: ShuffleBag) => Drawn | undefined;
}

export type DailyClaim =
  /** No row for that date: a paper was drawn and claimed under our token. */
  | { kind: "new"; post: DailyPost }
  /** The row's lease ran out (its owner died or gave up): it is ours now, in the state it was left in. */
  | { kind: "taken-over"; post: DailyPost }
  /** Posted, or given up as unknown. */
  | { kind: "done"; post: DailyPost }
  /** Another pass or process holds a running lease. */
  | { kind: "busy"; post: DailyPost }
  /** Nothing to draw. */
  | { kind: "empty" };

/** The daily post protocol's rows (see src/schedule/daily-post.ts): claims, their compare-and-set steps, the bags. */
export interface DailyPosts {
  get(channelId: string, localDate: string): Promise<DailyPost | undefined>;
  /** The channel's posted papers, newest first. */
  recent(channelId: string, limit: number): Promise<DailyPost[]>;
  /** The channel's bag without drawing from it (its seed is stored now if it had none). */
  bag(channelId: string, proposedSeed: number): Promise<ShuffleBag>;
  /** Step 1 of the protocol, atomic per channel across processes. */
  claim(request: ClaimRequest): Promise<DailyClaim>;
  /**
   * Replaces the claimed paper by a fresh draw from the bag (the claimed one left the corpus), atomic per
   * channel: the new paper, undefined when nothing is left to draw, "lost" when the row is no longer ours.
   */
  redraw(
    key: ClaimKey,
    proposedSeed: number,
    draw: (bag: ShuffleBag) => Drawn | undefined,
  ): Promise<Drawn | undefined | "lost">;
  /** Compare-and-set to a new state, token and lease; true when it applied. */
  update(key: ClaimKey, next: { state: DailyPostState; token: string; leaseUntil: number }): Promise<boolean>;
  markPosted(channelId: string, localDate: string, messageTs: string | undefined, at: number): Promise<void>;
  /** Forgets a claim that Slack definitely refused, so the paper returns to the bag. */
  remove(channelId: string, localDate: string, token: string): Promise<void>;
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

const seedSchema = z.object({ seed: z.number().int() });
const roundRowSchema = z.object({ round: z.number().int(), paper_id: z.string() });

async function readPost(db: SqlSession, channelId: string, localDate: string) {
  const row = await db.get("SELECT * FROM daily_posts WHERE channel_id = ? AND local_date = ?", [
    channelId,
    localDate,
  ]);
  return row === undefined ? undefined : dailyPostOf(row);
}

async function readBag(db: SqlSession, channelId: string, proposedSeed: number): Promise<ShuffleBag> {
  const stored = await db.get("SELECT seed FROM daily_bags WHERE channel_id = ?", [channelId]);
  if (stored === undefined) {
    await db.run(
      "INSERT INTO daily_bags (channel_id, seed) VALUES (?, ?) ON CONFLICT (channel_id) DO NOTHING",
      [channelId, proposedSeed],
    );
  }
  const { seed } = seedSchema.parse(
    stored ?? (await db.get("SELECT seed FROM daily_bags WHERE channel_id = ?", [channelId])),
  );
  const rows = z.array(roundRowSchema).parse(
    await db.all(
      `SELECT round, paper_id FROM daily_posts
         WHERE channel_id = ? AND round = (SELECT MAX(round) FROM daily_posts WHERE channel_id = ?)`,
      [channelId, channelId],
    ),
  );
  return { seed, round: rows[0]?.round ?? 0, paperIds: new Set(rows.map((r) => r.paper_id)) };
}

async function compareAndSet(
  db: SqlSession,
  key: ClaimKey,
  next: { state: DailyPostState; token: string; leaseUntil: number; paperId?: string; round?: number },
): Promise<boolean> {
  const changes = await db.run(
    `UPDATE daily_posts SET state = ?, claim_token = ?, lease_until = ?,
       paper_id = COALESCE(?, paper_id), round = COALESCE(?, round)
     WHERE channel_id = ? AND local_date = ? AND claim_token = ? AND state = ?`,
    [
      next.state,
      next.token,
      next.leaseUntil,
      next.paperId ?? null,
      next.round ?? null,
      key.channelId,
      key.localDate,
      key.token,
      key.state,
    ],
  );
  return changes === 1;
}

const channelLock = (channelId: string) => `paperbot:daily:${channelId}`;

export function sqlDailyPosts(db: SqlDatabase): DailyPosts {
  return {
    get: (channelId, localDate) => readPost(db, channelId, localDate),
    async recent(channelId, limit) {
      const rows = await db.all(
        "SELECT * FROM daily_posts WHERE channel_id = ? AND state = 'posted' ORDER BY local_date DESC LIMIT ?",
        [channelId, limit],
      );
      return rows.map(dailyPostOf);
    },
    bag: (channelId, proposedSeed) => readBag(db, channelId, proposedSeed),
    claim: (request) =>
      db.transaction(
        async (tx): Promise<DailyClaim> => {
          const { channelId, localDate, token } = request;
          const row = await readPost(tx, channelId, localDate);
          if (row === undefined) {
            const drawn = request.draw(await readBag(tx, channelId, request.proposedSeed));
            if (drawn === undefined) return { kind: "empty" };
            const post: DailyPost = {
              channelId,
              localDate,
              paperId: drawn.paperId,
              round: drawn.round,
              state: "claimed",
              claimToken: token,
              leaseUntil: request.leaseUntil,
              claimedAt: request.at,
            };
            await tx.run(
              `INSERT INTO daily_posts
                 (channel_id, local_date, paper_id, round, state, claim_token, lease_until, claimed_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
              [
                channelId,
                localDate,
                post.paperId,
                post.round,
                post.state,
                token,
                post.leaseUntil,
                post.claimedAt,
              ],
            );
            return { kind: "new", post };
          }
          if (row.state === "posted" || row.state === "unknown") return { kind: "done", post: row };
          if (row.leaseUntil > request.at) return { kind: "busy", post: row };
          const key = { channelId, localDate, token: row.claimToken, state: row.state };
          const next = { state: row.state, token, leaseUntil: request.leaseUntil };
          if (!(await compareAndSet(tx, key, next))) return { kind: "busy", post: row };
          return { kind: "taken-over", post: { ...row, claimToken: token, leaseUntil: request.leaseUntil } };
        },
        { lock: channelLock(request.channelId) },
      ),
    redraw: (key, proposedSeed, draw) =>
      db.transaction(
        async (tx) => {
          const row = await readPost(tx, key.channelId, key.localDate);
          if (row === undefined || row.claimToken !== key.token || row.state !== key.state) return "lost";
          const bag = await readBag(tx, key.channelId, proposedSeed);
          bag.paperIds.delete(row.paperId);
          const drawn = draw(bag);
          if (drawn === undefined) return undefined;
          const next = { state: key.state, token: key.token, leaseUntil: row.leaseUntil, ...drawn };
          return (await compareAndSet(tx, key, next)) ? drawn : "lost";
        },
        { lock: channelLock(key.channelId) },
      ),
    update: (key, next) => compareAndSet(db, key, next),
    async markPosted(channelId, localDate, messageTs, at) {
      await db.run(
        "UPDATE daily_posts SET state = 'posted', message_ts = ?, posted_at = ? WHERE channel_id = ? AND local_date = ?",
        [messageTs ?? null, at, channelId, localDate],
      );
    },
    async remove(channelId, localDate, token) {
      await db.run("DELETE FROM daily_posts WHERE channel_id = ? AND local_date = ? AND claim_token = ?", [
        channelId,
        localDate,
        token,
      ]);
    },
  };
}
