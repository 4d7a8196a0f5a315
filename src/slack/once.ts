/** Remembers keys so a retried or double-clicked request is acted on once. */
export interface OnceLedger {
  /** True the first time a key is claimed (within the ledger's memory), false after. */
  claim(key: string): boolean;
}

/** An in-process ledger that forgets a key `ttlMs` after it was claimed. */
export function createMemoryLedger(now: () => number, ttlMs: number): OnceLedger {
  const claimedAt = new Map<string, number>();
  return {
    claim(key) {
      const time = now();
      for (const [old, at] of claimedAt) {
        if (time - at < ttlMs) break;
        claimedAt.delete(old);
      }
      const at = claimedAt.get(key);
      if (at !== undefined && time - at < ttlMs) return false;
      claimedAt.delete(key);
      claimedAt.set(key, time);
      return true;
    },
  };
}
