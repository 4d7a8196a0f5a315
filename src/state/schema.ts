import { type Kysely, type Migration, Migrator, sql } from "kysely";
import { StateUnavailableError } from "./errors.js";

// Epoch ms as BIGINT, booleans as 0/1, JSON as TEXT; rows are still read through zod (another version may have written them).

export interface StateTables {
  subscriptions: {
    channel_id: string;
    time: string;
    time_zone: string;
    weekdays: string;
    enabled: number;
    paused_reason: string | null;
    subscribed_by: string;
    active_since: number;
    updated_at: number;
  };
  daily_posts: {
    channel_id: string;
    local_date: string;
    paper_id: string;
    round: number;
    state: "claimed" | "posted" | "unknown";
    claimed_at: number;
    message_ts: string | null;
    posted_at: number | null;
  };
  daily_bags: { channel_id: string; seed: number };
  deliveries: { key: string; done: number; holder: string | null; lease_until: number; updated_at: number };
  follows: { user_id: string; kind: "topic" | "author"; target: string; label: string; created_at: number };
  saved_papers: {
    user_id: string;
    paper_id: string;
    saved_at: number;
    headline: string;
    authors: string;
    owners: string;
    abstract: string;
  };
  corpus_changes: { id: number; at: number; added: number; baseline: number };
  known_papers: { paper_id: string; change_id: number };
  announced: { user_id: string; paper_id: string; digest_id: string };
  outbox: {
    key: string;
    message: string;
    created_at: number;
    give_up_at: number;
    next_at: number;
    attempts: number;
    maybe_sent: number;
    /** The process that last took the entry up (once.ts's processHolder): known dead, it need not wait for next_at. */
    holder: string | null;
  };
  follow_digests: {
    id: string;
    user_id: string;
    change_id: number;
    day: string;
    created_at: number;
    not_before: number;
    state: "pending" | "sent" | "unknown" | "failed" | "empty";
    attempts: number;
    items: string;
    cap_reached: number;
    message_ts: string | null;
    sent_at: number | null;
  };
  recent_answers: { user_id: string; channel_id: string; value: string; at: number; expires_at: number };
}

export type StateDb = Kysely<StateTables>;
// What Kysely gives a migration: the schema as it was then, not as StateTables says it is now.
type AnyDb = Parameters<Migration["up"]>[0];

// Each step still bumps the pre-Kysely count (user_version, schema_migrations): older state is adopted, and an older Paperbot refuses newer state.
async function legacyVersion(db: AnyDb, dialect: "sqlite" | "postgres"): Promise<number> {
  if (dialect === "sqlite") {
    const { rows } = await sql<{ user_version: number }>`PRAGMA user_version`.execute(db);
    return Number(rows[0]?.user_version ?? 0);
  }
  const table = await sql<{ present: boolean }>`
    SELECT to_regclass('schema_migrations') IS NOT NULL AS present`.execute(db);
  if (table.rows[0]?.present !== true) return 0;
  const { rows } = await sql<{ version: number }>`
    SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

async function recordLegacyVersion(db: AnyDb, dialect: "sqlite" | "postgres", version: number, name: string) {
  if (dialect === "sqlite") {
    await sql.raw(`PRAGMA user_version = ${version}`).execute(db);
    return;
  }
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations
    (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`.execute(db);
  await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (${version}, ${name}, ${Date.now()})`.execute(
    db,
  );
}

async function hasTable(db: AnyDb, name: string): Promise<boolean> {
  return (await db.introspection.getTables()).some((table) => table.name === name);
}

interface Step {
  name: string;
  up(db: AnyDb): Promise<void>;
}

/** Never edit a shipped step: append one. */
const steps: readonly Step[] = [
  {
    name: "subscriptions, daily posts, seen events",
    async up(db) {
      await db.schema
        .createTable("subscriptions")
        .addColumn("channel_id", "text", (c) => c.primaryKey())
        .addColumn("time", "text", (c) => c.notNull())
        .addColumn("time_zone", "text", (c) => c.notNull())
        .addColumn("weekdays", "text", (c) => c.notNull())
        .addColumn("enabled", "integer", (c) => c.notNull())
        .addColumn("paused_reason", "text")
        .addColumn("subscribed_by", "text", (c) => c.notNull())
        .addColumn("active_since", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("daily_posts")
        .addColumn("channel_id", "text", (c) => c.notNull())
        .addColumn("local_date", "text", (c) => c.notNull())
        .addColumn("paper_id", "text", (c) => c.notNull())
        .addColumn("round", "integer", (c) => c.notNull())
        .addColumn("state", "text", (c) =>
          c.notNull().check(sql`state IN ('claimed', 'posting', 'posted', 'unknown')`),
        )
        .addColumn("claim_token", "text", (c) => c.notNull())
        .addColumn("lease_until", "bigint", (c) => c.notNull())
        .addColumn("claimed_at", "bigint", (c) => c.notNull())
        .addColumn("message_ts", "text")
        .addColumn("posted_at", "bigint")
        .addUniqueConstraint("daily_posts_channel_date", ["channel_id", "local_date"])
        .execute();
      await db.schema
        .createIndex("daily_posts_channel_round")
        .on("daily_posts")
        .columns(["channel_id", "round"])
        .execute();
      await db.schema
        .createTable("seen_events")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("seen_at", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  {
    name: "delivery ledger with leases, shuffle-bag seeds",
    async up(db) {
      await db.schema
        .createTable("deliveries")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("done", "integer", (c) => c.notNull())
        .addColumn("holder", "text")
        .addColumn("lease_until", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("deliveries_updated_at").on("deliveries").column("updated_at").execute();
      // PostgreSQL databases never had seen_events; SQLite files of version 1 keep their answered events.
      if (await hasTable(db, "seen_events")) {
        await sql`INSERT INTO deliveries (key, done, holder, lease_until, updated_at)
          SELECT key, 1, NULL, 0, seen_at FROM seen_events`.execute(db);
        await db.schema.dropTable("seen_events").execute();
      }
      await db.schema
        .createTable("daily_bags")
        .addColumn("channel_id", "text", (c) => c.primaryKey())
        .addColumn("seed", "bigint", (c) => c.notNull())
        .execute();
    },
  },
  {
    name: "follows, reading list, corpus changes and follow digests",
    async up(db) {
      await db.schema
        .createTable("follows")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('topic', 'author')`))
        .addColumn("target", "text", (c) => c.notNull())
        .addColumn("label", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("follows_pk", ["user_id", "kind", "target"])
        .execute();
      await db.schema
        .createTable("saved_papers")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("paper_id", "text", (c) => c.notNull())
        .addColumn("saved_at", "bigint", (c) => c.notNull())
        .addColumn("headline", "text", (c) => c.notNull())
        .addColumn("authors", "text", (c) => c.notNull())
        .addColumn("owners", "text", (c) => c.notNull())
        .addColumn("abstract", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("saved_papers_pk", ["user_id", "paper_id"])
        .execute();
      await db.schema
        .createIndex("saved_papers_user")
        .on("saved_papers")
        .columns(["user_id", "saved_at"])
        .execute();
      await db.schema
        .createTable("corpus_changes")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("added", "integer", (c) => c.notNull())
        .addColumn("baseline", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("known_papers")
        .addColumn("paper_id", "text", (c) => c.primaryKey())
        .addColumn("change_id", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("known_papers_change").on("known_papers").column("change_id").execute();
      await db.schema
        .createTable("announced")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("paper_id", "text", (c) => c.notNull())
        .addColumn("digest_id", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("announced_pk", ["user_id", "paper_id"])
        .execute();
      await db.schema
        .createTable("follow_digests")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("change_id", "integer", (c) => c.notNull())
        .addColumn("day", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("not_before", "bigint", (c) => c.notNull())
        .addColumn("state", "text", (c) =>
          c.notNull().check(sql`state IN ('pending', 'sending', 'sent', 'unknown', 'failed', 'empty')`),
        )
        .addColumn("token", "text", (c) => c.notNull())
        .addColumn("lease_until", "bigint", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("items", "text", (c) => c.notNull())
        .addColumn("cap_reached", "integer", (c) => c.notNull())
        .addColumn("message_ts", "text")
        .addColumn("sent_at", "bigint")
        .execute();
      await db.schema
        .createIndex("follow_digests_due")
        .on("follow_digests")
        .columns(["state", "not_before"])
        .execute();
      await db.schema
        .createIndex("follow_digests_user_day")
        .on("follow_digests")
        .columns(["user_id", "day"])
        .execute();
    },
  },
  {
    name: "daily posts and follow digests claimed through the once-only ledger",
    async up(db) {
      const at = Date.now();
      // Claims still running move to the ledger under the same token and lease; finished rows need none.
      await sql`INSERT INTO deliveries (key, done, holder, lease_until, updated_at)
        SELECT 'daily:' || channel_id || ':' || local_date, 0, claim_token, lease_until, ${at}
        FROM daily_posts WHERE state IN ('claimed', 'posting')
        ON CONFLICT (key) DO NOTHING`.execute(db);
      await sql`INSERT INTO deliveries (key, done, holder, lease_until, updated_at)
        SELECT 'digest:' || id, 0, token, lease_until, ${at}
        FROM follow_digests WHERE state IN ('pending', 'sending') AND token <> ''
        ON CONFLICT (key) DO NOTHING`.execute(db);
      await db.schema.alterTable("daily_posts").dropColumn("claim_token").execute();
      await db.schema.alterTable("daily_posts").dropColumn("lease_until").execute();
      await db.schema.alterTable("follow_digests").dropColumn("token").execute();
      await db.schema.alterTable("follow_digests").dropColumn("lease_until").execute();
    },
  },
  {
    name: "outbox of answers waiting for Slack",
    async up(db) {
      await db.schema
        .createTable("outbox")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("message", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("give_up_at", "bigint", (c) => c.notNull())
        .addColumn("next_at", "bigint", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("maybe_sent", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("outbox_next_at").on("outbox").column("next_at").execute();
    },
  },
  {
    name: "the last answer per person and conversation",
    async up(db) {
      await db.schema
        .createTable("recent_answers")
        .addColumn("user_id", "text", (c) => c.notNull())
        .addColumn("channel_id", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("recent_answers_pk", ["user_id", "channel_id"])
        .execute();
      await db.schema
        .createIndex("recent_answers_expiry")
        .on("recent_answers")
        .column("expires_at")
        .execute();
    },
  },
  {
    name: "follow digests delivered by the answers' once-only delivery alone",
    async up(db) {
      // A digest that may have reached Slack has tries behind it: its DM is looked in before it is posted again.
      await sql`UPDATE follow_digests SET state = 'pending' WHERE state = 'sending'`.execute(db);
      await sql`DELETE FROM deliveries WHERE key LIKE 'digest:%'`.execute(db);
    },
  },
  {
    name: "daily posts delivered by the once-only delivery",
    async up(db) {
      // A post an earlier Paperbot had started may be in the channel without the key the delivery looks for
      // now: it is never posted again (at most once wins over a duplicate). Claims keep their leases.
      await sql`UPDATE daily_posts SET state = 'unknown' WHERE state = 'posting'`.execute(db);
    },
  },
  {
    name: "outbox entries know their holder",
    async up(db) {
      // Nullable, so an earlier Paperbot still running beside this one goes on writing rows.
      const outbox = (await db.introspection.getTables()).find((table) => table.name === "outbox");
      if (outbox?.columns.some((column) => column.name === "holder") === true) return;
      await db.schema.alterTable("outbox").addColumn("holder", "text").execute();
    },
  },
];

export const schemaSteps: readonly string[] = steps.map((step) => step.name);
export const latestSchemaVersion = steps.length;

function tooNewError(where: string, version: number): StateUnavailableError {
  return new StateUnavailableError(
    "too-new",
    `${where}: schema version ${version} is newer than this Paperbot knows (${latestSchemaVersion})`,
  );
}

function migrationsFor(dialect: "sqlite" | "postgres"): Record<string, Migration> {
  const entries = steps.map((step, index): [string, Migration] => [
    `${String(index + 1).padStart(4, "0")} ${step.name}`,
    {
      async up(db) {
        // A database from before Kysely has this step already: only its bookkeeping is new.
        if ((await legacyVersion(db, dialect)) > index) return;
        await step.up(db);
        await recordLegacyVersion(db, dialect, index + 1, step.name);
      },
    },
  ]);
  return Object.fromEntries(entries);
}

/** Kysely's Migrator (PostgreSQL: under its advisory lock); a current schema is not touched, so a read-only file opens. */
export async function migrate(db: AnyDb, dialect: "sqlite" | "postgres", where: string): Promise<void> {
  const version = await legacyVersion(db, dialect);
  if (version > latestSchemaVersion) throw tooNewError(where, version);
  if (version === latestSchemaVersion) return;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
  const after = await legacyVersion(db, dialect);
  if (after > latestSchemaVersion) throw tooNewError(where, after);
}
