import { z } from "zod";
import { chunks } from "./database.js";
import type { FollowKind } from "./follows.js";
import type { StateDb } from "./schema.js";

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

export async function insertDigests(tx: StateDb, digests: readonly Digest[]): Promise<void> {
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
          token: d.token,
          lease_until: d.leaseUntil,
          attempts: d.attempts,
          items: JSON.stringify(d.items),
          cap_reached: d.capReached ? 1 : 0,
        })),
      )
      .execute();
  }
}

async function compareAndSet(db: StateDb, key: DigestKey, next: DigestUpdate): Promise<boolean> {
  const result = await db
    .updateTable("follow_digests")
    .set({
      state: next.state,
      token: next.token,
      lease_until: next.leaseUntil,
      ...(next.notBefore === undefined ? {} : { not_before: next.notBefore }),
      ...(next.attempts === undefined ? {} : { attempts: next.attempts }),
      ...(next.messageTs === undefined ? {} : { message_ts: next.messageTs }),
      ...(next.sentAt === undefined ? {} : { sent_at: next.sentAt }),
    })
    .where("id", "=", key.id)
    .where("token", "=", key.token)
    .where("state", "=", key.state)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function sqlFollowDigests(db: StateDb): FollowDigests {
  const get = async (id: string) => {
    const row = await db.selectFrom("follow_digests").selectAll().where("id", "=", id).executeTakeFirst();
    return row === undefined ? undefined : digestOf(row);
  };
  return {
    async due(at, limit) {
      const rows = await db
        .selectFrom("follow_digests")
        .selectAll()
        .where("state", "in", ["pending", "sending"])
        .where("not_before", "<=", at)
        .where("lease_until", "<=", at)
        .orderBy("not_before")
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(digestOf);
    },
    async claim(id, token, at, leaseUntil) {
      const result = await db
        .updateTable("follow_digests")
        .set({ token, lease_until: leaseUntil })
        .where("id", "=", id)
        .where("state", "in", ["pending", "sending"])
        .where("not_before", "<=", at)
        .where("lease_until", "<=", at)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return undefined;
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
