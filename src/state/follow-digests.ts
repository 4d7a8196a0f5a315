import { z } from "zod";
import type { FollowKind } from "./follows.js";
import { chunks, placeholders, type SqlDatabase, type SqlSession, type SqlValue } from "./sql.js";

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

/** The digests planned by a corpus change, each sent once with a lease and compare-and-set steps. */
export interface FollowDigests {
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

export function digestOf(row: unknown): Digest {
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

const digestColumns =
  "id, user_id, change_id, day, created_at, not_before, state, token, lease_until, attempts, items, cap_reached";

export async function insertDigests(tx: SqlSession, digests: readonly Digest[]): Promise<void> {
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

export function sqlFollowDigests(db: SqlDatabase): FollowDigests {
  const get = async (id: string) => {
    const row = await db.get("SELECT * FROM follow_digests WHERE id = ?", [id]);
    return row === undefined ? undefined : digestOf(row);
  };
  return {
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
