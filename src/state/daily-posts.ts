import { sql } from "kysely";
import { z } from "zod";
import type { StateSql } from "./database.js";
import { dropLease, markLeaseDone, seizeLease, takeLease } from "./once.js";
import { leasedStep, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

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

const dailyPostSchema: z.ZodType<DailyPost> = rowSchema({
  channelId: z.string(),
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  paperId: z.string().min(1),
  round: z.number().int().min(1),
  state: z.enum(["claimed", "posting", "posted", "unknown"]),
  claimToken: z.string().default(""),
  leaseUntil: z.number().int().default(0),
  claimedAt: z.number().int(),
  messageTs: z.string().optional(),
  postedAt: z.number().int().optional(),
});
const dailyPostOf = (row: unknown) => dailyPostSchema.parse(row);

const seedSchema = z.object({ seed: z.number().int() });
const roundRowSchema = z.object({ round: z.number().int(), paper_id: z.string() });

const leaseKeyOf = (channelId: string, localDate: string) => `daily:${channelId}:${localDate}`;

/** daily_posts rows beside their claims in the once-only ledger. */
const postsWithClaims = (db: StateDb) =>
  db
    .selectFrom("daily_posts")
    .leftJoin("deliveries", (join) =>
      join.on(
        sql<boolean>`deliveries.key = 'daily:' || daily_posts.channel_id || ':' || daily_posts.local_date`,
      ),
    )
    .selectAll("daily_posts")
    .select(["deliveries.holder as claim_token", "deliveries.lease_until"]);

async function readPost(db: StateDb, channelId: string, localDate: string) {
  const row = await postsWithClaims(db)
    .where("daily_posts.channel_id", "=", channelId)
    .where("daily_posts.local_date", "=", localDate)
    .executeTakeFirst();
  return row === undefined ? undefined : dailyPostOf(row);
}

async function readBag(db: StateDb, channelId: string, proposedSeed: number): Promise<ShuffleBag> {
  const seedOf = () =>
    db.selectFrom("daily_bags").select("seed").where("channel_id", "=", channelId).executeTakeFirst();
  const stored = await seedOf();
  if (stored === undefined) {
    await db
      .insertInto("daily_bags")
      .values({ channel_id: channelId, seed: proposedSeed })
      .onConflict((c) => c.column("channel_id").doNothing())
      .execute();
  }
  const { seed } = seedSchema.parse(stored ?? (await seedOf()));
  const rows = z.array(roundRowSchema).parse(
    await db
      .selectFrom("daily_posts")
      .select(["round", "paper_id"])
      .where("channel_id", "=", channelId)
      .where("round", "=", (e) =>
        e
          .selectFrom("daily_posts")
          .select((m) => m.fn.max("round").as("r"))
          .where("channel_id", "=", channelId),
      )
      .execute(),
  );
  return { seed, round: rows[0]?.round ?? 0, paperIds: new Set(rows.map((r) => r.paper_id)) };
}

/** A step of the claim's holder: applies only while the row is in `key.state` and the claim is still `key.token`'s. */
async function compareAndSet(
  tx: StateDb,
  key: ClaimKey,
  next: { state: DailyPostState; token: string; leaseUntil: number; paperId?: string; round?: number },
  at: number,
): Promise<boolean> {
  const row = await tx
    .selectFrom("daily_posts")
    .select("state")
    .where("channel_id", "=", key.channelId)
    .where("local_date", "=", key.localDate)
    .executeTakeFirst();
  const leaseKey = leaseKeyOf(key.channelId, key.localDate);
  const step = { current: row?.state, expected: key.state, leaseKey, token: key.token, next, at };
  return leasedStep(tx, { ...step, final: next.state === "unknown" }, () =>
    tx
      .updateTable("daily_posts")
      .set({
        state: next.state,
        ...(next.paperId === undefined ? {} : { paper_id: next.paperId }),
        ...(next.round === undefined ? {} : { round: next.round }),
      })
      .where("channel_id", "=", key.channelId)
      .where("local_date", "=", key.localDate)
      .execute(),
  );
}

const channelLock = (channelId: string) => `paperbot:daily:${channelId}`;

export function sqlDailyPosts(state: StateSql, now: () => number): DailyPosts {
  const { db } = state;
  const locked = <T>(channelId: string, work: (tx: StateDb) => Promise<T>) =>
    state.transaction(work, { lock: channelLock(channelId) });
  return {
    get: (channelId, localDate) => readPost(db, channelId, localDate),
    async recent(channelId, limit) {
      const rows = await postsWithClaims(db)
        .where("daily_posts.channel_id", "=", channelId)
        .where("daily_posts.state", "=", "posted")
        .orderBy("daily_posts.local_date", "desc")
        .limit(limit)
        .execute();
      return rows.map(dailyPostOf);
    },
    bag: (channelId, proposedSeed) => readBag(db, channelId, proposedSeed),
    claim: (request) =>
      locked(request.channelId, async (tx): Promise<DailyClaim> => {
        const { channelId, localDate, token } = request;
        const leaseKey = leaseKeyOf(channelId, localDate);
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
          // No row means nothing was claimed: a ledger row left behind is not a claim.
          await seizeLease(tx, leaseKey, token, request.at, request.leaseUntil);
          await tx
            .insertInto("daily_posts")
            .values({
              channel_id: channelId,
              local_date: localDate,
              paper_id: post.paperId,
              round: post.round,
              state: post.state,
              claimed_at: post.claimedAt,
            })
            .execute();
          return { kind: "new", post };
        }
        if (row.state === "posted" || row.state === "unknown") return { kind: "done", post: row };
        const outcome = await takeLease(tx, leaseKey, token, request.at, request.leaseUntil);
        if (outcome === "done") return { kind: "done", post: row };
        if (outcome === "busy") return { kind: "busy", post: row };
        return { kind: "taken-over", post: { ...row, claimToken: token, leaseUntil: request.leaseUntil } };
      }),
    redraw: (key, proposedSeed, draw) =>
      locked(key.channelId, async (tx) => {
        const row = await readPost(tx, key.channelId, key.localDate);
        if (row === undefined || row.claimToken !== key.token || row.state !== key.state) return "lost";
        const bag = await readBag(tx, key.channelId, proposedSeed);
        bag.paperIds.delete(row.paperId);
        const drawn = draw(bag);
        if (drawn === undefined) return undefined;
        const next = { state: key.state, token: key.token, leaseUntil: row.leaseUntil, ...drawn };
        return (await compareAndSet(tx, key, next, now())) ? drawn : "lost";
      }),
    update: (key, next) => locked(key.channelId, (tx) => compareAndSet(tx, key, next, now())),
    markPosted: (channelId, localDate, messageTs, at) =>
      locked(channelId, async (tx) => {
        await tx
          .updateTable("daily_posts")
          .set({ state: "posted", message_ts: messageTs ?? null, posted_at: at })
          .where("channel_id", "=", channelId)
          .where("local_date", "=", localDate)
          .execute();
        await markLeaseDone(tx, leaseKeyOf(channelId, localDate), at);
      }),
    remove: (channelId, localDate, token) =>
      locked(channelId, async (tx) => {
        if (!(await dropLease(tx, leaseKeyOf(channelId, localDate), token))) return;
        await tx
          .deleteFrom("daily_posts")
          .where("channel_id", "=", channelId)
          .where("local_date", "=", localDate)
          .execute();
      }),
  };
}
