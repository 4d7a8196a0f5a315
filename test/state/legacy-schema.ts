/**
 * The schema as Paperbot wrote it before Kysely (src/state/migrations.ts, versions 1 to 3, each step in both
 * dialects, counted in SQLite's user_version and PostgreSQL's schema_migrations): what an existing user's
 * state file or database holds, for the tests that open one with today's code.
 */
export const legacySteps: readonly { name: string; sqlite: string; postgres: string }[] = [
  {
    name: "subscriptions, daily posts, seen events",
    sqlite: `
      CREATE TABLE subscriptions (
        channel_id TEXT PRIMARY KEY,
        time TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        weekdays TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        paused_reason TEXT,
        subscribed_by TEXT NOT NULL,
        active_since INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE daily_posts (
        channel_id TEXT NOT NULL,
        local_date TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        round INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('claimed', 'posting', 'posted', 'unknown')),
        claim_token TEXT NOT NULL,
        lease_until INTEGER NOT NULL,
        claimed_at INTEGER NOT NULL,
        message_ts TEXT,
        posted_at INTEGER,
        UNIQUE (channel_id, local_date)
      );
      CREATE INDEX daily_posts_channel_round ON daily_posts (channel_id, round);
      CREATE TABLE seen_events (
        key TEXT PRIMARY KEY,
        seen_at INTEGER NOT NULL
      );
      CREATE INDEX seen_events_seen_at ON seen_events (seen_at);
    `,
    postgres: `
      CREATE TABLE subscriptions (
        channel_id TEXT PRIMARY KEY,
        time TEXT NOT NULL,
        time_zone TEXT NOT NULL,
        weekdays TEXT NOT NULL,
        enabled INTEGER NOT NULL,
        paused_reason TEXT,
        subscribed_by TEXT NOT NULL,
        active_since BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE TABLE daily_posts (
        channel_id TEXT NOT NULL,
        local_date TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        round INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('claimed', 'posting', 'posted', 'unknown')),
        claim_token TEXT NOT NULL,
        lease_until BIGINT NOT NULL,
        claimed_at BIGINT NOT NULL,
        message_ts TEXT,
        posted_at BIGINT,
        UNIQUE (channel_id, local_date)
      );
      CREATE INDEX daily_posts_channel_round ON daily_posts (channel_id, round);
    `,
  },
  {
    name: "delivery ledger with leases, shuffle-bag seeds",
    sqlite: `
      CREATE TABLE deliveries (
        key TEXT PRIMARY KEY,
        done INTEGER NOT NULL,
        holder TEXT,
        lease_until INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX deliveries_updated_at ON deliveries (updated_at);
      INSERT INTO deliveries (key, done, holder, lease_until, updated_at)
        SELECT key, 1, NULL, 0, seen_at FROM seen_events;
      DROP TABLE seen_events;
      CREATE TABLE daily_bags (
        channel_id TEXT PRIMARY KEY,
        seed INTEGER NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE deliveries (
        key TEXT PRIMARY KEY,
        done INTEGER NOT NULL,
        holder TEXT,
        lease_until BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      );
      CREATE INDEX deliveries_updated_at ON deliveries (updated_at);
      CREATE TABLE daily_bags (
        channel_id TEXT PRIMARY KEY,
        seed BIGINT NOT NULL
      );
    `,
  },
  {
    name: "follows, reading list, corpus changes and follow digests",
    sqlite: `
      CREATE TABLE follows (
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('topic', 'author')),
        target TEXT NOT NULL,
        label TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, kind, target)
      );
      CREATE TABLE saved_papers (
        user_id TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        saved_at INTEGER NOT NULL,
        headline TEXT NOT NULL,
        authors TEXT NOT NULL,
        owners TEXT NOT NULL,
        abstract TEXT NOT NULL,
        PRIMARY KEY (user_id, paper_id)
      );
      CREATE INDEX saved_papers_user ON saved_papers (user_id, saved_at);
      CREATE TABLE corpus_changes (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        added INTEGER NOT NULL,
        baseline INTEGER NOT NULL
      );
      CREATE TABLE known_papers (
        paper_id TEXT PRIMARY KEY,
        change_id INTEGER NOT NULL
      );
      CREATE INDEX known_papers_change ON known_papers (change_id);
      CREATE TABLE announced (
        user_id TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        digest_id TEXT NOT NULL,
        PRIMARY KEY (user_id, paper_id)
      );
      CREATE TABLE follow_digests (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        change_id INTEGER NOT NULL,
        day TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        not_before INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'unknown', 'failed', 'empty')),
        token TEXT NOT NULL,
        lease_until INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        items TEXT NOT NULL,
        cap_reached INTEGER NOT NULL,
        message_ts TEXT,
        sent_at INTEGER
      );
      CREATE INDEX follow_digests_due ON follow_digests (state, not_before);
      CREATE INDEX follow_digests_user_day ON follow_digests (user_id, day);
    `,
    postgres: `
      CREATE TABLE follows (
        user_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('topic', 'author')),
        target TEXT NOT NULL,
        label TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, kind, target)
      );
      CREATE TABLE saved_papers (
        user_id TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        saved_at BIGINT NOT NULL,
        headline TEXT NOT NULL,
        authors TEXT NOT NULL,
        owners TEXT NOT NULL,
        abstract TEXT NOT NULL,
        PRIMARY KEY (user_id, paper_id)
      );
      CREATE INDEX saved_papers_user ON saved_papers (user_id, saved_at);
      CREATE TABLE corpus_changes (
        id INTEGER PRIMARY KEY,
        at BIGINT NOT NULL,
        added INTEGER NOT NULL,
        baseline INTEGER NOT NULL
      );
      CREATE TABLE known_papers (
        paper_id TEXT PRIMARY KEY,
        change_id INTEGER NOT NULL
      );
      CREATE INDEX known_papers_change ON known_papers (change_id);
      CREATE TABLE announced (
        user_id TEXT NOT NULL,
        paper_id TEXT NOT NULL,
        digest_id TEXT NOT NULL,
        PRIMARY KEY (user_id, paper_id)
      );
      CREATE TABLE follow_digests (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        change_id INTEGER NOT NULL,
        day TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        not_before BIGINT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'unknown', 'failed', 'empty')),
        token TEXT NOT NULL,
        lease_until BIGINT NOT NULL,
        attempts INTEGER NOT NULL,
        items TEXT NOT NULL,
        cap_reached INTEGER NOT NULL,
        message_ts TEXT,
        sent_at BIGINT
      );
      CREATE INDEX follow_digests_due ON follow_digests (state, not_before);
      CREATE INDEX follow_digests_user_day ON follow_digests (user_id, day);
    `,
  },
];

/** Builds an SQLite file exactly as the code before Kysely left it at `version`. */
export function legacySqliteScript(version: number): string[] {
  return legacySteps.slice(0, version).map((step, i) => `${step.sqlite}\nPRAGMA user_version = ${i + 1};`);
}

/** The statements that built a PostgreSQL database at `version` before Kysely, bookkeeping included. */
export function legacyPostgresScript(version: number): string[] {
  return [
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    ...legacySteps
      .slice(0, version)
      .flatMap((step, i) => [
        step.postgres,
        `INSERT INTO schema_migrations (version, name, applied_at) VALUES (${i + 1}, '${step.name}', 0)`,
      ]),
  ];
}
