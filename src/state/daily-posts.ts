import { z } from "zod";
import type { StateSql } from "./database.js";
import { rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

export interface DailyPost {
  channelId: string;
  /** In the subscription's zone, ISO "2026-03-29". */
  localDate: string;
  paperId: string;
  /** Shuffle-bag round this paper was drawn in. */
  round: number;
  /** "unknown": given up by an earlier Paperbot that could not tell whether Slack kept it; never retried. */
  state: "claimed" | "posted" | "unknown";
  claimedAt: number;
  postedAt?: number;
}

/** A channel's seed and the papers of its latest round (a claim counts: it will be posted). */
export interface ShuffleBag {
  seed: number;
  round: number;
  paperIds: Set<string>;
}

export interface Drawn {
  paperId: string;
  round: number;
}

export interface ChooseRequest {
  channelId: string;
  localDate: string;
  at: number;
  /** The bag's seed if the channel has none yet. */
  proposedSeed: number;
  draw: (bag: ShuffleBag) => Drawn | undefined;
  /** An unposted paper that left the corpus is drawn again. */
  present: (paperId: string) => boolean;
}

export interface DailyPosts {
  get(channelId: string, localDate: string): Promise<DailyPost | undefined>;
  /** Posted ones, newest first. */
  recent(channelId: string, limit: number): Promise<DailyPost[]>;
  /** Without drawing (the seed is stored now if there was none). */
  bag(channelId: string, proposedSeed: number): Promise<ShuffleBag>;
  /** The date's post, drawn now if it had none, the same in every process; `fresh` when this call drew it. */
  choose(request: ChooseRequest): Promise<{ post: DailyPost; fresh: boolean } | undefined>;
  /** False when it was recorded already. */
  markPosted(channelId: string, localDate: string, at: number): Promise<boolean>;
  /** Forgets a claimed post Slack refused, so its paper returns to the bag. */
  remove(channelId: string, localDate: string): Promise<void>;
}

const dailyPostSchema: z.ZodType<DailyPost> = rowSchema({
  channelId: z.string(),
  localDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  paperId: z.string().min(1),
  round: z.number().int().min(1),
  // "posting": a Slack call an earlier Paperbot started; the migration to this one made such rows unknown.
  state: z.enum(["claimed", "posted", "unknown"]),
  claimedAt: z.number().int(),
  postedAt: z.number().int().optional(),
});
const dailyPostOf = (row: unknown) => dailyPostSchema.parse(row);

const seedSchema = z.object({ seed: z.number().int() });

async function readPost(db: StateDb, channelId: string, localDate: string) {
  const row = await db
    .selectFrom("daily_posts")
    .selectAll()
    .where("channel_id", "=", channelId)
    .where("local_date", "=", localDate)
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
  const rows = await db
    .selectFrom("daily_posts")
    .select(["round", "paper_id"])
    .where("channel_id", "=", channelId)
    .where("round", "=", (e) =>
      e
        .selectFrom("daily_posts")
        .select((m) => m.fn.max("round").as("r"))
        .where("channel_id", "=", channelId),
    )
    .execute();
  return { seed, round: rows[0]?.round ?? 0, paperIds: new Set(rows.map((r) => r.paper_id)) };
}

/** Drawn now when the date has no row or its unposted paper left the corpus; undefined: nothing to draw. */
async function chosen(tx: StateDb, request: ChooseRequest) {
  const { channelId, localDate } = request;
  const row = await readPost(tx, channelId, localDate);
  if (row !== undefined && (row.state !== "claimed" || request.present(row.paperId))) {
    return { post: row, fresh: false };
  }
  const bag = await readBag(tx, channelId, request.proposedSeed);
  if (row !== undefined) bag.paperIds.delete(row.paperId);
  const drawn = request.draw(bag);
  if (row === undefined) {
    if (drawn === undefined) return undefined;
    const post: DailyPost = { channelId, localDate, ...drawn, state: "claimed", claimedAt: request.at };
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
    return { post, fresh: true };
  }
  // The row keeps its first claim time (the delivery looks back to it): an earlier attempt may have posted.
  if (drawn === undefined) {
    await tx
      .deleteFrom("daily_posts")
      .where("channel_id", "=", channelId)
      .where("local_date", "=", localDate)
      .execute();
    return undefined;
  }
  await tx
    .updateTable("daily_posts")
    .set({ paper_id: drawn.paperId, round: drawn.round })
    .where("channel_id", "=", channelId)
    .where("local_date", "=", localDate)
    .execute();
  return { post: { ...row, ...drawn }, fresh: false };
}

const channelLock = (channelId: string) => `paperbot:daily:${channelId}`;

export function sqlDailyPosts(state: StateSql): DailyPosts {
  const { db } = state;
  return {
    get: (channelId, localDate) => readPost(db, channelId, localDate),
    async recent(channelId, limit) {
      const rows = await db
        .selectFrom("daily_posts")
        .selectAll()
        .where("channel_id", "=", channelId)
        .where("state", "=", "posted")
        .orderBy("local_date", "desc")
        .limit(limit)
        .execute();
      return rows.map(dailyPostOf);
    },
    bag: (channelId, proposedSeed) => readBag(db, channelId, proposedSeed),
    choose: (request) =>
      state.transaction((tx) => chosen(tx, request), { lock: channelLock(request.channelId) }),
    async markPosted(channelId, localDate, at) {
      const result = await db
        .updateTable("daily_posts")
        .set({ state: "posted", posted_at: at })
        .where("channel_id", "=", channelId)
        .where("local_date", "=", localDate)
        .where("state", "=", "claimed")
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async remove(channelId, localDate) {
      await db
        .deleteFrom("daily_posts")
        .where("channel_id", "=", channelId)
        .where("local_date", "=", localDate)
        .where("state", "=", "claimed")
        .execute();
    },
  };
}
