import { sql } from "kysely";
import { z } from "zod";
import { chunks, type StateSql } from "./database.js";
import { type Follow, type FollowKind, sqlFollows } from "./person-lists.js";
import { flagColumn, jsonColumn, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

/*
 * The rows behind "tell me about new papers" (the protocol is in src/follow/announce.ts): every paper id ever
 * seen and the change that first brought it (the first is a baseline: nothing announced), the digests planned
 * in the same transaction, and announced, unique per person and paper, so a paper is told once, ever.
 */

/** The follows a digest lists papers under, and its papers in order, each naming the follows it matched. */
export interface DigestItems {
  follows: { kind: FollowKind; target: string; label: string }[];
  papers: { id: string; matched: number[] }[];
}

/** empty: every paper left the corpus before it went out; unknown: given up by an older Paperbot. */
export type DigestState = "pending" | "sent" | "failed" | "empty" | "unknown";

export interface Digest {
  id: string;
  userId: string;
  changeId: number;
  /** The local date it counts against in the daily cap. */
  day: string;
  createdAt: number;
  /** Held by the cap for the next day, or a back-off. */
  notBefore: number;
  state: DigestState;
  attempts: number;
  items: DigestItems;
  /** The last one the cap allows that day: the DM says so. */
  capReached: boolean;
  sentAt?: number;
}

export interface FollowDigests {
  /** Oldest first. */
  due(at: number, limit: number): Promise<Digest[]>;
  get(id: string): Promise<Digest | undefined>;
  /** Moves a pending digest on. */
  update(
    id: string,
    next: { state: DigestState; attempts?: number; notBefore?: number; sentAt?: number },
  ): Promise<void>;
}

const itemsSchema = z.object({
  follows: z.array(
    z.object({ kind: z.enum(["topic", "author"]), target: z.string().min(1), label: z.string() }),
  ),
  papers: z.array(z.object({ id: z.string().min(1), matched: z.array(z.number().int().min(0)) })),
});

const digestSchema: z.ZodType<Digest> = rowSchema({
  id: z.string().min(1),
  userId: z.string().min(1),
  changeId: z.number().int(),
  day: z.string(),
  createdAt: z.number().int(),
  notBefore: z.number().int(),
  state: z.enum(["pending", "sent", "failed", "empty", "unknown"]),
  attempts: z.number().int(),
  items: jsonColumn(itemsSchema),
  capReached: flagColumn,
  sentAt: z.number().int().optional(),
});

const digestOf = (row: unknown): Digest => digestSchema.parse(row);

async function insertDigests(tx: StateDb, digests: readonly Digest[]): Promise<void> {
  for (const part of chunks(digests, 30)) {
    await tx
      .insertInto("follow_digests")
      .values(
        part.map((d) => ({
          id: d.id,
          user_id: d.userId,
          change_id: d.changeId,
          day: d.day,
          created_at: d.createdAt,
          not_before: d.notBefore,
          state: d.state,
          attempts: d.attempts,
          items: JSON.stringify(d.items),
          cap_reached: d.capReached ? 1 : 0,
        })),
      )
      .execute();
  }
}

export function sqlFollowDigests(db: StateDb): FollowDigests {
  return {
    async due(at, limit) {
      const rows = await db
        .selectFrom("follow_digests")
        .selectAll()
        .where("state", "=", "pending")
        .where("not_before", "<=", at)
        .orderBy("not_before")
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(digestOf);
    },
    async get(id) {
      const row = await db.selectFrom("follow_digests").selectAll().where("id", "=", id).executeTakeFirst();
      return row === undefined ? undefined : digestOf(row);
    },
    async update(id, next) {
      await db
        .updateTable("follow_digests")
        .set({
          state: next.state,
          ...(next.attempts === undefined ? {} : { attempts: next.attempts }),
          ...(next.notBefore === undefined ? {} : { not_before: next.notBefore }),
          ...(next.sentAt === undefined ? {} : { sent_at: next.sentAt }),
        })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .execute();
    },
  };
}

/** Held items and newly planned ones as one list: follows merged by what they follow, papers appended. */
export function mergedItems(held: DigestItems, more: DigestItems): DigestItems {
  const follows = [...held.follows];
  const indexOf = new Map(follows.map((f, i) => [`${f.kind}:${f.target}`, i]));
  const remap = more.follows.map((f) => {
    const key = `${f.kind}:${f.target}`;
    const known = indexOf.get(key);
    if (known !== undefined) return known;
    follows.push(f);
    indexOf.set(key, follows.length - 1);
    return follows.length - 1;
  });
  const seen = new Set(held.papers.map((p) => p.id));
  const papers = [...held.papers];
  for (const paper of more.papers) {
    if (seen.has(paper.id)) continue;
    papers.push({ id: paper.id, matched: paper.matched.flatMap((i) => remap[i] ?? []) });
  }
  return { follows, papers };
}

export interface CorpusChange {
  id: number;
  at: number;
  /** For the baseline: every paper then. */
  added: number;
  baseline: boolean;
}

export interface PlannedDigest {
  userId: string;
  items: DigestItems;
}

export interface RecordRequest {
  at: number;
  /** Every paper id as loaded: all become known when nothing ever was. */
  paperIds: readonly string[];
  /** Found unknown before the transaction; those still unknown inside it are this change. */
  candidates: readonly string[];
  /** Inside the transaction, over everyone's follows as they are now. */
  plan(fresh: ReadonlySet<string>, follows: Follow[]): PlannedDigest[];
  day: { today: string; tomorrow: string; tomorrowStartsAt: number };
  /** A digest past it waits for the next day, merged with any other held one. */
  dailyCap: number;
  newId(): string;
}

export type RecordResult =
  | { kind: "baseline"; papers: number }
  | { kind: "unchanged" }
  /** `digests`: how many people get a DM of it (today, or held for tomorrow). */
  | { kind: "recorded"; change: CorpusChange; digests: number };

export interface Announcements extends FollowDigests {
  knownIds(): Promise<Set<string>>;
  /** One transaction, one process at a time. */
  record(request: RecordRequest): Promise<RecordResult>;
  /** The changes that brought papers within `windowMs` of the newest, newest first; and the baseline. */
  latestChanges(windowMs: number): Promise<{
    baseline?: CorpusChange;
    changes: { change: CorpusChange; paperIds: string[] }[];
  }>;
}

const changeSchema: z.ZodType<CorpusChange> = rowSchema({
  id: z.number().int(),
  at: z.number().int(),
  added: z.number().int(),
  baseline: flagColumn,
});
// PostgreSQL reads COUNT(*) as a string.
const userCountSchema = z.object({ user_id: z.string(), n: z.coerce.number().int() });

const changeOf = (row: unknown) => changeSchema.parse(row);

async function insertKnown(tx: StateDb, ids: readonly string[], changeId: number): Promise<void> {
  for (const part of chunks(ids)) {
    await tx
      .insertInto("known_papers")
      .values(part.map((id) => ({ paper_id: id, change_id: changeId })))
      .onConflict((c) => c.column("paper_id").doNothing())
      .execute();
  }
}

async function knownAmong(tx: StateDb, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await tx
      .selectFrom("known_papers")
      .select("paper_id")
      .where("paper_id", "in", part)
      .execute();
    for (const row of rows) found.add(row.paper_id);
  }
  return found;
}

const corpusLock = "paperbot:follow:corpus";

/** What the cap needs of everyone at once: digests counted today, and the first one held for tomorrow. */
async function capStateOf(
  tx: StateDb,
  request: RecordRequest,
): Promise<{ countedToday: Map<string, number>; held: Map<string, Digest> }> {
  const countedToday = new Map<string, number>();
  const counts = await tx
    .selectFrom("follow_digests")
    .select((e) => ["user_id", e.fn.countAll().as("n")])
    .where("day", "=", request.day.today)
    .where("state", "<>", "empty")
    .groupBy("user_id")
    .execute();
  for (const row of counts) {
    const { user_id, n } = userCountSchema.parse(row);
    countedToday.set(user_id, n);
  }
  const held = new Map<string, Digest>();
  const rows = await tx
    .selectFrom("follow_digests")
    .selectAll()
    .where("day", "=", request.day.tomorrow)
    .where("state", "=", "pending")
    .where("not_before", ">", request.at)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const digest of rows.map(digestOf)) if (!held.has(digest.userId)) held.set(digest.userId, digest);
  return { countedToday, held };
}

/** By user id. */
async function announcedBefore(tx: StateDb, fresh: ReadonlySet<string>): Promise<Map<string, Set<string>>> {
  const told = new Map<string, Set<string>>();
  for (const part of chunks([...fresh])) {
    const rows = await tx
      .selectFrom("announced")
      .select(["user_id", "paper_id"])
      .where("paper_id", "in", part)
      .execute();
    for (const { user_id, paper_id } of rows) {
      const mine = told.get(user_id) ?? new Set<string>();
      mine.add(paper_id);
      told.set(user_id, mine);
    }
  }
  return told;
}

/** One person's digest of a change: a new one today, a new one held for tomorrow, or merged into the held one. */
function placedDigest(
  request: RecordRequest,
  changeId: number,
  userId: string,
  items: DigestItems,
  countedToday: number,
  heldDigest: Digest | undefined,
): { digest: Digest; merged: boolean } {
  if (countedToday >= request.dailyCap && heldDigest !== undefined) {
    const digest = { ...heldDigest, items: mergedItems(heldDigest.items, items) };
    return { digest, merged: true };
  }
  const held = countedToday >= request.dailyCap;
  const digest: Digest = {
    id: request.newId(),
    userId,
    changeId,
    day: held ? request.day.tomorrow : request.day.today,
    createdAt: request.at,
    notBefore: held ? request.day.tomorrowStartsAt : request.at,
    state: "pending",
    attempts: 0,
    items,
    capReached: !held && countedToday + 1 === request.dailyCap,
  };
  return { digest, merged: false };
}

async function recordChange(tx: StateDb, request: RecordRequest): Promise<RecordResult> {
  const any = await tx.selectFrom("corpus_changes").select("id").limit(1).executeTakeFirst();
  if (any === undefined) {
    await tx
      .insertInto("corpus_changes")
      .values({ id: 0, at: request.at, added: request.paperIds.length, baseline: 1 })
      .execute();
    await insertKnown(tx, request.paperIds, 0);
    return { kind: "baseline", papers: request.paperIds.length };
  }
  const known = await knownAmong(tx, request.candidates);
  const fresh = new Set(request.candidates.filter((id) => !known.has(id)));
  if (fresh.size === 0) return { kind: "unchanged" };
  const next = z.object({ id: z.coerce.number().int() }).parse(
    await tx
      .selectFrom("corpus_changes")
      .select((e) => sql<number>`COALESCE(${e.fn.max("id")}, 0) + 1`.as("id"))
      .executeTakeFirst(),
  );
  const change: CorpusChange = { id: next.id, at: request.at, added: fresh.size, baseline: false };
  await tx
    .insertInto("corpus_changes")
    .values({ id: change.id, at: change.at, added: change.added, baseline: 0 })
    .execute();
  await insertKnown(tx, [...fresh], change.id);

  // Each person's digest is planned once per change, so the cap state read before the loop stays true.
  const planned = request.plan(fresh, await sqlFollows(tx).all());
  const told = await announcedBefore(tx, fresh);
  const { countedToday, held } = await capStateOf(tx, request);
  const newDigests: Digest[] = [];
  const announced: { user_id: string; paper_id: string; digest_id: string }[] = [];
  let digests = 0;
  for (const { userId, items } of planned) {
    const toldBefore = told.get(userId);
    const papers = items.papers.filter((p) => fresh.has(p.id) && !toldBefore?.has(p.id));
    if (papers.length === 0) continue;
    const mine: DigestItems = { follows: items.follows, papers };
    const placed = placedDigest(
      request,
      change.id,
      userId,
      mine,
      countedToday.get(userId) ?? 0,
      held.get(userId),
    );
    if (placed.merged) {
      await tx
        .updateTable("follow_digests")
        .set({ items: JSON.stringify(placed.digest.items) })
        .where("id", "=", placed.digest.id)
        .where("state", "=", "pending")
        .execute();
    } else newDigests.push(placed.digest);
    for (const p of papers) announced.push({ user_id: userId, paper_id: p.id, digest_id: placed.digest.id });
    digests += 1;
  }
  await insertDigests(tx, newDigests);
  for (const part of chunks(announced, 300)) {
    await tx
      .insertInto("announced")
      .values(part)
      .onConflict((c) => c.columns(["user_id", "paper_id"]).doNothing())
      .execute();
  }
  return { kind: "recorded", change, digests };
}

export function sqlAnnouncements(state: StateSql): Announcements {
  const { db } = state;
  return {
    ...sqlFollowDigests(db),
    async knownIds() {
      const rows = await db.selectFrom("known_papers").select("paper_id").execute();
      return new Set(rows.map((row) => row.paper_id));
    },
    record: (request) => state.transaction((tx) => recordChange(tx, request), { lock: corpusLock }),
    async latestChanges(windowMs) {
      const baselineRow = await db
        .selectFrom("corpus_changes")
        .selectAll()
        .where("baseline", "=", 1)
        .limit(1)
        .executeTakeFirst();
      const rows = (
        await db
          .selectFrom("corpus_changes")
          .selectAll()
          .where("baseline", "=", 0)
          .where("added", ">", 0)
          .orderBy("id", "desc")
          .limit(20)
          .execute()
      ).map(changeOf);
      const newest = rows[0];
      const recent = newest === undefined ? [] : rows.filter((c) => newest.at - c.at <= windowMs);
      const byChange = new Map(recent.map((change) => [change.id, [] as string[]]));
      if (recent.length > 0) {
        const rows = await db
          .selectFrom("known_papers")
          .select(["change_id", "paper_id"])
          .where(
            "change_id",
            "in",
            recent.map((change) => change.id),
          )
          .orderBy("paper_id")
          .execute();
        for (const { change_id, paper_id } of rows) byChange.get(change_id)?.push(paper_id);
      }
      const changes = recent.map((change) => ({ change, paperIds: byChange.get(change.id) ?? [] }));
      return { ...(baselineRow === undefined ? {} : { baseline: changeOf(baselineRow) }), changes };
    },
  };
}
