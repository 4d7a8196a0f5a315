import type Database from "better-sqlite3";

/** Each entry moves the schema one version up; never edit a shipped one, append a new one. */
const migrations: readonly string[] = [
  `
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
];

export const latestSchemaVersion = migrations.length;

/** Applies the missing migrations in one transaction each; returns the version reached. */
export function migrateStateDatabase(db: Database.Database): number {
  const current = Number(db.pragma("user_version", { simple: true }));
  if (current > latestSchemaVersion) {
    throw new Error(`schema version ${current} is newer than this Paperbot knows (${latestSchemaVersion})`);
  }
  for (let version = current; version < latestSchemaVersion; version++) {
    const sql = migrations[version] ?? "";
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
  return latestSchemaVersion;
}
