/**
 * The state schema, one step per version, in both dialects side by side. Never edit a shipped step:
 * append one. A feature's tables (epoch milliseconds as BIGINT, booleans as 0/1 INTEGER, so the same
 * statements and row schemas work in both) come with a step here, a file of queries over SqlSession and a
 * case in the store contract tests.
 */
export interface Migration {
  name: string;
  sqlite: string;
  postgres: string;
}

export const migrations: readonly Migration[] = [
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
];

export const latestSchemaVersion = migrations.length;
