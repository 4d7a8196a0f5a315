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
const countSchema = z.object({ n: z.coerce.number().int() });

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

/** Which of `ids` pass a `SELECT paper_id … IN (…)` query (known, announced to someone). */
async function idsIn(
  tx: SqlSession,
  sql: (marks: string) => string,
  ids: readonly string[],
  before: SqlValue[] = [],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await tx.all(sql(placeholders(part.length)), [...before, ...part]);
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

async function insertDigest(tx: SqlSession, digest: Digest): Promise<void> {
  await tx.run(
    `INSERT INTO follow_digests
       (id, user_id, change_id, day, created_at, not_before, state, token, lease_until, attempts, items,
        cap_reached, message_ts, sent_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`,
    [
      digest.id,
      digest.userId,
      digest.changeId,
      digest.day,
      digest.createdAt,
      digest.notBefore,
      digest.state,
      digest.token,
      digest.leaseUntil,
      digest.attempts,
      JSON.stringify(digest.items),
      digest.capReached ? 1 : 0,
    ],
  );
}

/** One person's digest of a change: a new one today, a new one held for tomorrow, or merged into the held one. */
async function scheduleDigest(
  tx: SqlSession,
  request: RecordRequest,
  changeId: number,
  planned: PlannedDigest,
): Promise<{ id: string; held: boolean }> {
  const { today, tomorrow, tomorrowStartsAt } = request.day;
  const sentToday = countSchema.parse(
    await tx.get(
      "SELECT COUNT(*) AS n FROM follow_digests WHERE user_id = ? AND day = ? AND state <> 'empty'",
      [planned.userId, today],
    ),
  ).n;
  const base = {
    userId: planned.userId,
    changeId,
    createdAt: request.at,
    state: "pending" as const,
    token: "",
    leaseUntil: 0,
    attempts: 0,
  };
  if (sentToday < request.dailyCap) {
    const id = request.newId();
    await insertDigest(tx, {
      ...base,
      id,
      day: today,
      notBefore: request.at,
      items: planned.items,
      capReached: sentToday + 1 === request.dailyCap,
    });
    return { id, held: false };
  }
  const heldRow = await tx.get(
    `SELECT * FROM follow_digests WHERE user_id = ? AND day = ? AND state = 'pending' AND not_before > ?
     ORDER BY created_at LIMIT 1`,
    [planned.userId, tomorrow, request.at],
  );
  if (heldRow !== undefined) {
    const held = digestOf(heldRow);
    await tx.run("UPDATE follow_digests SET items = ? WHERE id = ? AND state = 'pending'", [
      JSON.stringify(mergedItems(held.items, planned.items)),
      held.id,
    ]);
    return { id: held.id, held: true };
  }
  const id = request.newId();
  await insertDigest(tx, {
    ...base,
    id,
    day: tomorrow,
    notBefore: tomorrowStartsAt,
    items: planned.items,
    capReached: false,
  });
  return { id, held: true };
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
  const known = await idsIn(
    tx,
    (marks) => `SELECT paper_id FROM known_papers WHERE paper_id IN (${marks})`,
    request.candidates,
  );
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

  const digests: { id: string; userId: string; papers: number; held: boolean }[] = [];
  for (const planned of request.plan(fresh, await sqlFollows(tx).all())) {
    const ids = planned.items.papers.map((p) => p.id).filter((id) => fresh.has(id));
    const told = await idsIn(
      tx,
      (marks) => `SELECT paper_id FROM announced WHERE user_id = ? AND paper_id IN (${marks})`,
      ids,
      [planned.userId],
    );
    const papers = planned.items.papers.filter((p) => fresh.has(p.id) && !told.has(p.id));
    if (papers.length === 0) continue;
    const scheduled = await scheduleDigest(tx, request, change.id, {
      userId: planned.userId,
      items: { follows: planned.items.follows, papers },
    });
    for (const part of chunks(papers, 300)) {
      await tx.run(
        `INSERT INTO announced (user_id, paper_id, digest_id) VALUES ${part.map(() => "(?, ?, ?)").join(", ")}
         ON CONFLICT (user_id, paper_id) DO NOTHING`,
        part.flatMap((p): SqlValue[] => [planned.userId, p.id, scheduled.id]),
      );
    }
    digests.push({ id: scheduled.id, userId: planned.userId, papers: papers.length, held: scheduled.held });
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
