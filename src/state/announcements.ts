import { z } from "zod";
import { type Follow, type FollowKind, sqlFollows } from "./follows.js";
import type { SqlDatabase, SqlSession, SqlValue } from "./sql.js";

/**
 * The rows behind "tell me about new papers" (the protocol is in src/follow/announce.ts):
 * - corpus_changes and known_papers: every paper id ever seen and the change that first brought it. The
 *   first record ever is a baseline (everything known, nothing announced), so "new" comes from state,
 *   not from whichever process happened to load the corpus.
 * - follow_digests: one DM each, planned with its papers in the same transaction that records the change,
 *   then sent with a lease and compare-and-set steps.
 * - announced: (user, paper) is unique, so a paper is in at most one digest per person, ever.
 */

/** The follows a digest lists papers under, and its papers in order, each naming the follows it matched. */
export interface DigestItems {
  follows: { kind: FollowKind; target: string; label: string }[];
  papers: { id: string; matched: number[] }[];
}

/**
 * pending: planned, nothing sent. sending: a send started (it may have reached Slack). sent: in the DM.
 * unknown: could not be told after several tries, never sent again. failed: Slack refused it for good.
 * empty: every paper left the corpus before it went out.
 */
export type DigestState = "pending" | "sending" | "sent" | "unknown" | "failed" | "empty";

export interface Digest {
  id: string;
  userId: string;
  changeId: number;
  /** The local date it counts against in the daily cap. */
  day: string;
  createdAt: number;
  /** Not sent before this instant (a digest held back by the cap waits for the next day). */
  notBefore: number;
  state: DigestState;
  token: string;
  leaseUntil: number;
  attempts: number;
  items: DigestItems;
  /** It is the last one the cap allows that day: the DM says so. */
  capReached: boolean;
  messageTs?: string;
  sentAt?: number;
}

export interface CorpusChange {
  id: number;
  at: number;
  /** Papers it brought (for the baseline: every paper then). */
  added: number;
  baseline: boolean;
}

export interface PlannedDigest {
  userId: string;
  items: DigestItems;
}

export interface RecordRequest {
  at: number;
  /** Every paper id of the corpus as loaded: all of them become known when nothing ever was. */
  paperIds: readonly string[];
  /** The ids found unknown before the transaction; those still unknown inside it are this change. */
  candidates: readonly string[];
  /** Inside the transaction: the digests for the change's papers over everyone's follows as they are now. */
  plan(fresh: ReadonlySet<string>, follows: Follow[]): PlannedDigest[];
  /** The day digests count against, the next one and the instant it starts (the cap's clock). */
  day: { today: string; tomorrow: string; tomorrowStartsAt: number };
  /** Digests per person and day; one planned past it waits for the next day, merged with any other held one. */
  dailyCap: number;
  newId(): string;
}

export type RecordResult =
  | { kind: "baseline"; papers: number }
  | { kind: "unchanged" }
  | {
      kind: "recorded";
      change: CorpusChange;
      digests: { id: string; userId: string; papers: number; held: boolean }[];
    };

/** A compare-and-set key: the digest must still carry this token and state. */
export interface DigestKey {
  id: string;
  token: string;
  state: DigestState;
}

export interface DigestUpdate {
  state: DigestState;
  token: string;
  leaseUntil: number;
  notBefore?: number;
  attempts?: number;
  messageTs?: string;
  sentAt?: number;
}

export interface Announcements {
  /** Every paper id ever recorded. */
  knownIds(): Promise<Set<string>>;
  /** Records a corpus change and plans its digests in one transaction, one process at a time. */
  record(request: RecordRequest): Promise<RecordResult>;
  /** The newest changes that brought papers, within `windowMs` of the newest, newest first; and the baseline. */
  latestChanges(windowMs: number): Promise<{
    baseline?: CorpusChange;
    changes: { change: CorpusChange; paperIds: string[] }[];
  }>;
  /** Digests whose time has come and whose lease ran out, oldest first. */
  due(at: number, limit: number): Promise<Digest[]>;
  /** Takes a due digest's lease under `token`; undefined when someone else holds it or it is done. */
  claim(id: string, token: string, at: number, leaseUntil: number): Promise<Digest | undefined>;
  update(key: DigestKey, next: DigestUpdate): Promise<boolean>;
  get(id: string): Promise<Digest | undefined>;
}

const itemsSchema = z.object({
  follows: z.array(
    z.object({ kind: z.enum(["topic", "author"]), target: z.string().min(1), label: z.string() }),
  ),
  papers: z.array(z.object({ id: z.string().min(1), matched: z.array(z.number().int().min(0)) })),
});

const digestRowSchema = z.object({
  id: z.string().min(1),
  user_id: z.string().min(1),
  change_id: z.number().int(),
  day: z.string(),
  created_at: z.number().int(),
  not_before: z.number().int(),
  state: z.enum(["pending", "sending", "sent", "unknown", "failed", "empty"]),
  token: z.string(),
  lease_until: z.number().int(),
  attempts: z.number().int(),
  items: z.string(),
  cap_reached: z.union([z.literal(0), z.literal(1)]),
  message_ts: z.string().nullable(),
  sent_at: z.number().int().nullable(),
});

const changeRowSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  added: z.number().int(),
  baseline: z.union([z.literal(0), z.literal(1)]),
});
const idRowSchema = z.object({ paper_id: z.string() });
const userCountSchema = z.object({ user_id: z.string(), n: z.coerce.number().int() });
const announcedRowSchema = z.object({ user_id: z.string(), paper_id: z.string() });

function digestOf(row: unknown): Digest {
  const r = digestRowSchema.parse(row);
  return {
    id: r.id,
    userId: r.user_id,
    changeId: r.change_id,
    day: r.day,
    createdAt: r.created_at,
    notBefore: r.not_before,
    state: r.state,
    token: r.token,
    leaseUntil: r.lease_until,
    attempts: r.attempts,
    items: itemsSchema.parse(JSON.parse(r.items)),
    capReached: r.cap_reached === 1,
    ...(r.message_ts === null ? {} : { messageTs: r.message_ts }),
    ...(r.sent_at === null ? {} : { sentAt: r.sent_at }),
  };
}

function changeOf(row: unknown): CorpusChange {
  const r = changeRowSchema.parse(row);
  return { id: r.id, at: r.at, added: r.added, baseline: r.baseline === 1 };
}

// Comfortably under SQLite's and PostgreSQL's limits on bound parameters per statement.
const chunkSize = 400;

function chunks<T>(items: readonly T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

async function insertKnown(tx: SqlSession, ids: readonly string[], changeId: number): Promise<void> {
  for (const part of chunks(ids)) {
    await tx.run(
      `INSERT INTO known_papers (paper_id, change_id) VALUES ${part.map(() => "(?, ?)").join(", ")}
       ON CONFLICT (paper_id) DO NOTHING`,
      part.flatMap((id): SqlValue[] => [id, changeId]),
    );
  }
}

/** Which of `ids` are known papers. */
async function knownAmong(tx: SqlSession, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await tx.all(
      `SELECT paper_id FROM known_papers WHERE paper_id IN (${placeholders(part.length)})`,
      part,
    );
    for (const row of rows) found.add(idRowSchema.parse(row).paper_id);
  }
  return found;
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

const corpusLock = "paperbot:follow:corpus";

const digestColumns =
  "id, user_id, change_id, day, created_at, not_before, state, token, lease_until, attempts, items, cap_reached";

async function insertDigests(tx: SqlSession, digests: readonly Digest[]): Promise<void> {
  for (const part of chunks(digests, 30)) {
    await tx.run(
      `INSERT INTO follow_digests (${digestColumns}) VALUES ${part.map(() => `(${placeholders(12)})`).join(", ")}`,
      part.flatMap((d): SqlValue[] => [
        d.id,
        d.userId,
        d.changeId,
        d.day,
        d.createdAt,
        d.notBefore,
        d.state,
        d.token,
        d.leaseUntil,
        d.attempts,
        JSON.stringify(d.items),
        d.capReached ? 1 : 0,
      ]),
    );
  }
}

/** What the cap needs of everyone at once: digests counted today, and the first one held for tomorrow. */
async function capStateOf(
  tx: SqlSession,
  request: RecordRequest,
): Promise<{ countedToday: Map<string, number>; held: Map<string, Digest> }> {
  const countedToday = new Map<string, number>();
  const counts = await tx.all(
    "SELECT user_id, COUNT(*) AS n FROM follow_digests WHERE day = ? AND state <> 'empty' GROUP BY user_id",
    [request.day.today],
  );
  for (const row of counts) {
    const { user_id, n } = userCountSchema.parse(row);
    countedToday.set(user_id, n);
  }
  const held = new Map<string, Digest>();
  const rows = await tx.all(
    `SELECT * FROM follow_digests WHERE day = ? AND state = 'pending' AND not_before > ?
     ORDER BY created_at, id`,
    [request.day.tomorrow, request.at],
  );
  for (const digest of rows.map(digestOf)) if (!held.has(digest.userId)) held.set(digest.userId, digest);
  return { countedToday, held };
}

/** Which of the change's papers each person was told of before (by user id). */
async function announcedBefore(
  tx: SqlSession,
  fresh: ReadonlySet<string>,
): Promise<Map<string, Set<string>>> {
  const told = new Map<string, Set<string>>();
  for (const part of chunks([...fresh])) {
    const rows = await tx.all(
      `SELECT user_id, paper_id FROM announced WHERE paper_id IN (${placeholders(part.length)})`,
      part,
    );
    for (const row of rows) {
      const { user_id, paper_id } = announcedRowSchema.parse(row);
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
): { digest: Digest; held: boolean; merged: boolean } {
  if (countedToday >= request.dailyCap && heldDigest !== undefined) {
    const digest = { ...heldDigest, items: mergedItems(heldDigest.items, items) };
    return { digest, held: true, merged: true };
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
    token: "",
    leaseUntil: 0,
    attempts: 0,
    items,
    capReached: !held && countedToday + 1 === request.dailyCap,
  };
  return { digest, held, merged: false };
}

async function recordChange(tx: SqlSession, request: RecordRequest): Promise<RecordResult> {
  const any = await tx.get("SELECT id FROM corpus_changes LIMIT 1");
  if (any === undefined) {
    await tx.run("INSERT INTO corpus_changes (id, at, added, baseline) VALUES (0, ?, ?, 1)", [
      request.at,
      request.paperIds.length,
    ]);
    await insertKnown(tx, request.paperIds, 0);
    return { kind: "baseline", papers: request.paperIds.length };
  }
  const known = await knownAmong(tx, request.candidates);
  const fresh = new Set(request.candidates.filter((id) => !known.has(id)));
  if (fresh.size === 0) return { kind: "unchanged" };
  const next = z
    .object({ id: z.coerce.number().int() })
    .parse(await tx.get("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM corpus_changes"));
  const change: CorpusChange = { id: next.id, at: request.at, added: fresh.size, baseline: false };
  await tx.run("INSERT INTO corpus_changes (id, at, added, baseline) VALUES (?, ?, ?, 0)", [
    change.id,
    change.at,
    change.added,
  ]);
  await insertKnown(tx, [...fresh], change.id);

  // Each person's digest is planned once per change, so the cap state read before the loop stays true.
  const planned = request.plan(fresh, await sqlFollows(tx).all());
  const told = await announcedBefore(tx, fresh);
  const { countedToday, held } = await capStateOf(tx, request);
  const newDigests: Digest[] = [];
  const announced: SqlValue[][] = [];
  const digests: { id: string; userId: string; papers: number; held: boolean }[] = [];
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
      await tx.run("UPDATE follow_digests SET items = ? WHERE id = ? AND state = 'pending'", [
        JSON.stringify(placed.digest.items),
        placed.digest.id,
      ]);
    } else newDigests.push(placed.digest);
    for (const p of papers) announced.push([userId, p.id, placed.digest.id]);
    digests.push({ id: placed.digest.id, userId, papers: papers.length, held: placed.held });
  }
  await insertDigests(tx, newDigests);
  for (const part of chunks(announced, 300)) {
    await tx.run(
      `INSERT INTO announced (user_id, paper_id, digest_id) VALUES ${part.map(() => "(?, ?, ?)").join(", ")}
       ON CONFLICT (user_id, paper_id) DO NOTHING`,
      part.flat(),
    );
  }
  return { kind: "recorded", change, digests };
}

async function compareAndSet(db: SqlSession, key: DigestKey, next: DigestUpdate): Promise<boolean> {
  const changes = await db.run(
    `UPDATE follow_digests SET state = ?, token = ?, lease_until = ?,
       not_before = COALESCE(?, not_before), attempts = COALESCE(?, attempts),
       message_ts = COALESCE(?, message_ts), sent_at = COALESCE(?, sent_at)
     WHERE id = ? AND token = ? AND state = ?`,
    [
      next.state,
      next.token,
      next.leaseUntil,
      next.notBefore ?? null,
      next.attempts ?? null,
      next.messageTs ?? null,
      next.sentAt ?? null,
      key.id,
      key.token,
      key.state,
    ],
  );
  return changes === 1;
}

export function sqlAnnouncements(db: SqlDatabase): Announcements {
  const get = async (id: string) => {
    const row = await db.get("SELECT * FROM follow_digests WHERE id = ?", [id]);
    return row === undefined ? undefined : digestOf(row);
  };
  return {
    async knownIds() {
      const rows = await db.all("SELECT paper_id FROM known_papers");
      return new Set(rows.map((row) => idRowSchema.parse(row).paper_id));
    },
    record: (request) => db.transaction((tx) => recordChange(tx, request), { lock: corpusLock }),
    async latestChanges(windowMs) {
      const baselineRow = await db.get("SELECT * FROM corpus_changes WHERE baseline = 1 LIMIT 1");
      const rows = (
        await db.all(
          "SELECT * FROM corpus_changes WHERE baseline = 0 AND added > 0 ORDER BY id DESC LIMIT 20",
        )
      ).map(changeOf);
      const newest = rows[0];
      const recent = newest === undefined ? [] : rows.filter((c) => newest.at - c.at <= windowMs);
      const changes = [];
      for (const change of recent) {
        const ids = await db.all("SELECT paper_id FROM known_papers WHERE change_id = ? ORDER BY paper_id", [
          change.id,
        ]);
        changes.push({ change, paperIds: ids.map((row) => idRowSchema.parse(row).paper_id) });
      }
      return { ...(baselineRow === undefined ? {} : { baseline: changeOf(baselineRow) }), changes };
    },
    async due(at, limit) {
      const rows = await db.all(
        `SELECT * FROM follow_digests
         WHERE state IN ('pending', 'sending') AND not_before <= ? AND lease_until <= ?
         ORDER BY not_before, created_at, id LIMIT ?`,
        [at, at, limit],
      );
      return rows.map(digestOf);
    },
    async claim(id, token, at, leaseUntil) {
      const changes = await db.run(
        `UPDATE follow_digests SET token = ?, lease_until = ?
         WHERE id = ? AND state IN ('pending', 'sending') AND not_before <= ? AND lease_until <= ?`,
        [token, leaseUntil, id, at, at],
      );
      if (changes !== 1) return undefined;
      const digest = await get(id);
      return digest?.token === token ? digest : undefined;
    },
    update: (key, next) => compareAndSet(db, key, next),
    get,
  };
}
