import { z } from "zod";
import type { Logger } from "../logger.js";
import { messageOf } from "./errors.js";
import { isDeadHolder, processHolder } from "./once.js";
import { flagColumn, rowSchema } from "./rows.js";
import type { StateDb } from "./schema.js";

// Answers waiting for Slack, each under its once-only key (once.ts): whoever claims the key sends it.
// slack/delivery.ts says how an entry is tried; this file only keeps them.

const postSchema = z.object({
  via: z.literal("post"),
  args: z.record(z.string(), z.unknown()),
  /** Where the answer lands: looked in before posting again when an attempt may have reached Slack. */
  channel: z.string(),
  threadTs: z.string().optional(),
  /** The ts of the message being answered: the answer is newer. */
  after: z.string(),
});

const responseUrlSchema = z.object({
  via: z.literal("response_url"),
  url: z.string().url(),
  body: z.record(z.string(), z.unknown()),
  /** A card shared in a channel: never sent again after an attempt that may have reached Slack (it cannot be looked up). */
  once: z.boolean().optional(),
});

const asker = { text: z.string(), userId: z.string(), channelId: z.string() };

/**
 * A request acked and not yet answered: whoever takes it over works the answer out and sends it, privately to `url`
 * (a `/paper` command, a click) or into the conversation at `target` (a mention, a DM).
 */
const requestSchema = z.object({
  via: z.literal("request"),
  url: z.string().url().optional(),
  target: z
    .object({ key: z.string(), channel: z.string(), threadTs: z.string().optional(), after: z.string() })
    .optional(),
  request: z.discriminatedUnion("source", [
    z.object({ source: z.literal("slash"), ...asker }),
    /** A click: the button's value as Slack sent it; `seenByOthers`: clicked in a message others see. */
    z.object({
      source: z.literal("action"),
      value: z.string(),
      seenByOthers: z.boolean(),
      userId: z.string(),
      channelId: z.string(),
    }),
    z.object({ source: z.literal("mention"), threadTs: z.string().optional(), ...asker }),
    z.object({
      source: z.literal("dm"),
      thread: z.object({ channelId: z.string(), ts: z.string() }).optional(),
      ...asker,
    }),
  ]),
});

const queuedMessageSchema = z.discriminatedUnion("via", [postSchema, responseUrlSchema, requestSchema]);

export type QueuedMessage = z.infer<typeof queuedMessageSchema>;

export interface OutboxEntry {
  key: string;
  message: QueuedMessage;
  createdAt: number;
  giveUpAt: number;
  nextAt: number;
  /** Attempts started so far. */
  attempts: number;
  /** An attempt may have reached Slack (ambiguous failure, holder died mid-way): look before posting. */
  maybeSent: boolean;
}

export type OutboxSchedule = Pick<OutboxEntry, "nextAt" | "attempts" | "maybeSent"> & {
  /** An attempt is under way: this process's until `nextAt`, or until it is known dead. Else it waits for `nextAt`. */
  taken?: boolean;
};

export interface Outbox {
  /** False when an entry with its key is there already; its first attempt is under way (taken). */
  add(entry: OutboxEntry): Promise<boolean>;
  /** The longest-waiting first. */
  due(at: number, limit: number): Promise<OutboxEntry[]>;
  reschedule(key: string, schedule: OutboxSchedule): Promise<void>;
  remove(key: string): Promise<void>;
  /** Due or not. */
  pending(): Promise<number>;
}

const entryRowSchema = rowSchema({
  key: z.string(),
  message: z.string(),
  createdAt: z.coerce.number(),
  giveUpAt: z.coerce.number(),
  nextAt: z.coerce.number(),
  attempts: z.coerce.number(),
  maybeSent: flagColumn,
});

export function sqlOutbox(db: StateDb, logger?: Logger): Outbox {
  return {
    async add(entry) {
      const added = await db
        .insertInto("outbox")
        .values({
          key: entry.key,
          message: JSON.stringify(entry.message),
          created_at: entry.createdAt,
          give_up_at: entry.giveUpAt,
          next_at: entry.nextAt,
          attempts: entry.attempts,
          maybe_sent: entry.maybeSent ? 1 : 0,
          holder: processHolder,
        })
        .onConflict((c) => c.column("key").doNothing())
        .returning("key")
        .execute();
      return added.length === 1;
    },
    async due(at, limit) {
      // Due ones sort first; then those another process took up, its own until next_at unless it is known dead.
      const rows = await db
        .selectFrom("outbox")
        .selectAll()
        .where((e) =>
          e.or([
            e("next_at", "<=", at),
            e.and([e("holder", "is not", null), e("holder", "!=", processHolder)]),
          ]),
        )
        .orderBy("next_at")
        .limit(limit)
        .execute();
      const isDue = ({ next_at, holder }: { next_at: number; holder: string | null }) =>
        Number(next_at) <= at || isDeadHolder(holder);
      const entries: OutboxEntry[] = [];
      for (const raw of rows.filter(isDue)) {
        const row = entryRowSchema.parse(raw);
        const message = queuedMessageSchema.safeParse(safeJson(row.message));
        if (!message.success) {
          // Another version's row, or a damaged one: it cannot be sent, so it would block nothing but itself.
          logger?.error({ key: row.key }, "an outbox entry could not be read; dropping it");
          await db.deleteFrom("outbox").where("key", "=", row.key).execute();
          continue;
        }
        entries.push({ ...row, message: message.data });
      }
      return entries;
    },
    async reschedule(key, schedule) {
      await db
        .updateTable("outbox")
        .set({
          next_at: schedule.nextAt,
          attempts: schedule.attempts,
          maybe_sent: schedule.maybeSent ? 1 : 0,
          holder: schedule.taken === true ? processHolder : null,
        })
        .where("key", "=", key)
        .execute();
    },
    async remove(key) {
      await db.deleteFrom("outbox").where("key", "=", key).execute();
    },
    async pending() {
      const row = await db
        .selectFrom("outbox")
        .select((e) => e.fn.countAll().as("entries"))
        .executeTakeFirst();
      return Number(row?.entries ?? 0);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createMemoryOutbox(): Outbox {
  const entries = new Map<string, OutboxEntry>();
  return {
    async add(entry) {
      if (entries.has(entry.key)) return false;
      entries.set(entry.key, { ...entry });
      return true;
    },
    async due(at, limit) {
      return [...entries.values()]
        .filter((entry) => entry.nextAt <= at)
        .sort((a, b) => a.nextAt - b.nextAt)
        .slice(0, limit)
        .map((entry) => ({ ...entry }));
    },
    async reschedule(key, { nextAt, attempts, maybeSent }) {
      const entry = entries.get(key);
      if (entry !== undefined) entries.set(key, { ...entry, nextAt, attempts, maybeSent });
    },
    async remove(key) {
      entries.delete(key);
    },
    pending: async () => entries.size,
  };
}

/**
 * Never loses an entry because state cannot be written: the store's when it takes the entry, memory when not.
 * While `writable()` says the store fails, memory alone, so a hung store is not waited on twice per answer.
 */
export function createFallbackOutbox(
  durable: Outbox,
  logger: Logger,
  writable: () => boolean = () => true,
): Outbox {
  const memory = createMemoryOutbox();
  const inMemory = new Set<string>();
  let failing = false;
  const warn = (error: unknown, doing: string) => {
    if (!failing) logger.warn({ err: messageOf(error) }, `state cannot be written: ${doing}`);
    failing = true;
  };
  const at = async (key: string, step: (outbox: Outbox) => Promise<void>) => {
    if (inMemory.has(key)) return step(memory);
    await step(durable).catch((error: unknown) => warn(error, "an outbox entry is tried again later"));
  };
  return {
    async add(entry) {
      if (writable()) {
        try {
          const added = await durable.add(entry);
          failing = false;
          return added;
        } catch (error) {
          warn(error, "answers waiting for Slack are kept in this process's memory only");
        }
      }
      inMemory.add(entry.key);
      return memory.add(entry);
    },
    async due(time, limit) {
      const stored = writable() ? await durable.due(time, limit).catch(() => []) : [];
      return [...stored, ...(await memory.due(time, limit))].slice(0, limit);
    },
    reschedule: (key, schedule) => at(key, (outbox) => outbox.reschedule(key, schedule)),
    async remove(key) {
      await at(key, (outbox) => outbox.remove(key));
      inMemory.delete(key);
    },
    // What the store holds is not known while it fails: then only this process's memory is counted.
    async pending() {
      const stored = writable() ? await durable.pending().catch(() => 0) : 0;
      return stored + (await memory.pending());
    },
  };
}
