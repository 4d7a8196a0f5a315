import { sql } from "kysely";
import { z } from "zod";
import { chunks, type StateSql } from "./database.js";
import type { FollowKind } from "./follows.js";
import { takeLease } from "./once.js";
import { flagColumn, jsonColumn, leasedStep, rowSchema } from "./rows.js";
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

const digestSchema: z.ZodType<Digest> = rowSchema({
  id: z.string().min(1),
  userId: z.string().min(1),
  changeId: z.number().int(),
  day: z.string(),
  createdAt: z.number().int(),
  notBefore: z.number().int(),
  state: z.enum(["pending", "sending", "sent", "unknown", "failed", "empty"]),
  token: z.string().default(""),
  leaseUntil: z.number().int().default(0),
  attempts: z.number().int(),
  items: jsonColumn(itemsSchema),
  capReached: flagColumn,
  messageTs: z.string().optional(),
  sentAt: z.number().int().optional(),
});

export const digestOf = (row: unknown): Digest => digestSchema.parse(row);

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
          attempts: d.attempts,
          items: JSON.stringify(d.items),
          cap_reached: d.capReached ? 1 : 0,
        })),
      )
      .execute();
  }
}

const leaseKeyOf = (id: string) => `digest:${id}`;
const finalStates: ReadonlySet<DigestState> = new Set(["sent", "unknown", "failed", "empty"]);

/** follow_digests rows beside their claims in the once-only ledger. */
export const digestsWithClaims = (db: StateDb) =>
  db
    .selectFrom("follow_digests")
    .leftJoin("deliveries", (join) => join.on(sql<boolean>`deliveries.key = 'digest:' || follow_digests.id`))
    .selectAll("follow_digests")
    .select(["deliveries.holder as token", "deliveries.lease_until"]);

/** A step of the claim's holder: applies only while the digest is in `key.state` and the claim is `key.token`'s. */
async function compareAndSet(tx: StateDb, key: DigestKey, next: DigestUpdate, at: number): Promise<boolean> {
  const row = await tx
    .selectFrom("follow_digests")
    .select("state")
    .where("id", "=", key.id)
    .executeTakeFirst();
  const leaseKey = leaseKeyOf(key.id);
  const step = { current: row?.state, expected: key.state, leaseKey, token: key.token, next, at };
  return leasedStep(tx, { ...step, final: finalStates.has(next.state) }, () =>
    tx
      .updateTable("follow_digests")
      .set({
        state: next.state,
        ...(next.notBefore === undefined ? {} : { not_before: next.notBefore }),
        ...(next.attempts === undefined ? {} : { attempts: next.attempts }),
        ...(next.messageTs === undefined ? {} : { message_ts: next.messageTs }),
        ...(next.sentAt === undefined ? {} : { sent_at: next.sentAt }),
      })
      .where("id", "=", key.id)
      .execute(),
  );
}

export function sqlFollowDigests(state: StateSql, now: () => number): FollowDigests {
  const { db } = state;
  const get = async (id: string) => {
    const row = await digestsWithClaims(db).where("follow_digests.id", "=", id).executeTakeFirst();
    return row === undefined ? undefined : digestOf(row);
  };
  return {
    async due(at, limit) {
      const rows = await digestsWithClaims(db)
        .where("follow_digests.state", "in", ["pending", "sending"])
        .where("follow_digests.not_before", "<=", at)
        .where((e) => e.or([e("deliveries.lease_until", "is", null), e("deliveries.lease_until", "<=", at)]))
        .orderBy("follow_digests.not_before")
        .orderBy("follow_digests.created_at")
        .orderBy("follow_digests.id")
        .limit(limit)
        .execute();
      return rows.map(digestOf);
    },
    claim: (id, token, at, leaseUntil) =>
      state.transaction(async (tx) => {
        const row = await digestsWithClaims(tx).where("follow_digests.id", "=", id).executeTakeFirst();
        const digest = row === undefined ? undefined : digestOf(row);
        if (digest === undefined || digest.notBefore > at) return undefined;
        if (digest.state !== "pending" && digest.state !== "sending") return undefined;
        if ((await takeLease(tx, leaseKeyOf(id), token, at, leaseUntil)) !== "mine") return undefined;
        return { ...digest, token, leaseUntil };
      }),
    update: (key, next) => state.transaction((tx) => compareAndSet(tx, key, next, now())),
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
