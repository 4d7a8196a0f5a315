import type { StateDatabase } from "./database.js";

export interface SeenEvents {
  /** True the first time a key is seen, false for a repeat (a Slack retry or a second instance). */
  claim(key: string): boolean;
}

const keepMs = 24 * 60 * 60 * 1000;
const pruneEveryMs = 10 * 60 * 1000;

/** A durable once-ledger of Slack event ids; rows older than a day are pruned as it goes. */
export function createSeenEvents(db: StateDatabase, now: () => number): SeenEvents {
  const insert = db.prepare("INSERT OR IGNORE INTO seen_events (key, seen_at) VALUES (?, ?)");
  const prune = db.prepare("DELETE FROM seen_events WHERE seen_at < ?");
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    claim(key) {
      const at = now();
      if (at - lastPrune >= pruneEveryMs) {
        prune.run(at - keepMs);
        lastPrune = at;
      }
      return insert.run(key, at).changes === 1;
    },
  };
}
