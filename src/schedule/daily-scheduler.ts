import { listSubscriptions } from "../state/subscriptions.js";
import { type DailyPostDeps, type DailyPostResult, runDueDailyPosts } from "./daily-post.js";
import { nextRunAt } from "./next-run.js";

export interface DailySchedulerDeps extends DailyPostDeps {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** Longest sleep between passes, so new subscriptions, expired leases and clock jumps are noticed. */
  maxWaitMs?: number;
  /** Told what each pass did (metrics). */
  onPass?: (results: DailyPostResult[]) => void;
}

const defaultMaxWaitMs = 60 * 1000;

/** Milliseconds until the next pass: the earliest next run, capped. */
export function millisUntilNextPass(deps: DailySchedulerDeps): number {
  const now = deps.now();
  const cap = deps.maxWaitMs ?? defaultMaxWaitMs;
  let wait = cap;
  for (const s of listSubscriptions(deps.db)) {
    if (!s.enabled || s.pausedReason !== undefined) continue;
    const next = nextRunAt(s, new Date(Math.max(now.getTime(), s.activeSince)));
    wait = Math.min(wait, Math.max(0, next.toMillis() - now.getTime()));
  }
  return wait;
}

/** The one daily timer: a pass now, then one at each next run (at least every maxWaitMs). */
export function startDailyScheduler(deps: DailySchedulerDeps): { stop(): void } {
  let stopped = false;
  let handle: unknown;
  const tick = async (): Promise<void> => {
    try {
      const results = await runDueDailyPosts(deps);
      deps.onPass?.(results);
    } catch (error) {
      deps.logger.error({ err: error }, "daily pass failed");
    }
    if (stopped) return;
    let wait = deps.maxWaitMs ?? defaultMaxWaitMs;
    try {
      wait = millisUntilNextPass(deps);
    } catch (error) {
      deps.logger.error({ err: error }, "could not read the daily schedules");
    }
    handle = deps.setTimeout(() => void tick(), wait);
  };
  handle = deps.setTimeout(() => void tick(), 0);
  return {
    stop() {
      stopped = true;
      deps.clearTimeout(handle);
    },
  };
}
