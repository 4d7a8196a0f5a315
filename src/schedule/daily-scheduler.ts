import { StateUnavailableError } from "../state/errors.js";
import type { DailyPostDeps, DailyPostResult } from "./daily-post.js";
import { runDueDailyPosts } from "./daily-post.js";
import { nextRunAt } from "./next-run.js";

export interface DailySchedulerDeps extends DailyPostDeps {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  /** So new subscriptions, expired leases and clock jumps are noticed. */
  maxWaitMs?: number;
  /** Told what each pass did (metrics). */
  onPass?: (results: DailyPostResult[]) => void;
}

const defaultMaxWaitMs = 60 * 1000;

async function millisUntilNextPass(deps: DailySchedulerDeps): Promise<number> {
  const now = deps.now();
  const cap = deps.maxWaitMs ?? defaultMaxWaitMs;
  let wait = cap;
  for (const s of await deps.store.subscriptions.list()) {
    if (!s.enabled || s.pausedReason !== undefined) continue;
    const next = nextRunAt(s, new Date(Math.max(now.getTime(), s.activeSince)));
    wait = Math.min(wait, Math.max(0, next.getTime() - now.getTime()));
  }
  return wait;
}

/** A pass now, then at each next run (at least every maxWaitMs); state down is logged once each way. */
export function startDailyScheduler(deps: DailySchedulerDeps): { stop(): void } {
  let stopped = false;
  let handle: unknown;
  let stateDown = false;
  const stateIs = (down: boolean, detail?: string) => {
    if (down === stateDown) return;
    stateDown = down;
    if (down) deps.logger.warn({ err: detail }, "daily posts paused: state cannot be written");
    else deps.logger.info("daily posts resumed: state can be written again");
  };
  const tick = async (): Promise<void> => {
    try {
      const results = await runDueDailyPosts(deps);
      stateIs(results.some((r) => r.outcome === "state-unavailable"));
      deps.onPass?.(results);
    } catch (error) {
      if (error instanceof StateUnavailableError) stateIs(true, error.message);
      else deps.logger.error({ err: error }, "daily pass failed");
    }
    if (stopped) return;
    let wait = deps.maxWaitMs ?? defaultMaxWaitMs;
    try {
      wait = await millisUntilNextPass(deps);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) {
        deps.logger.error({ err: error }, "could not read the daily schedules");
      }
    }
    if (stopped) return;
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
