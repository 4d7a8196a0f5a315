import { StateUnavailableError } from "./sql.js";

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

export const latestSchemaVersion = migrations.length;

/** A database a newer Paperbot migrated: this one must not touch it. */
export function tooNewError(where: string, version: number): StateUnavailableError {
  return new StateUnavailableError(
    "too-new",
    `${where}: schema version ${version} is newer than this Paperbot knows (${latestSchemaVersion})`,
  );
}
