import type { Logger } from "../logger.js";
import { StateUnavailableError } from "../state/errors.js";
import { type RecordDeps, recordCorpusChange } from "./announce.js";
import { type SendDeps, sendDueDigests } from "./send-digests.js";

export interface FollowNotifierDeps {
  record: RecordDeps;
  /** Absent in the offline console: digests are planned only. */
  send?: SendDeps;
  logger: Logger;
}

// How often due digests are looked for (held ones, retries, another process's leftovers).
const sweepMs = 5 * 60 * 1000;

export interface FollowNotifier {
  /** Records what the loaded corpus brought, then sends what is due. */
  corpusChanged(): Promise<void>;
  sweep(): Promise<void>;
  stop(): void;
}

/** One pass at a time: a corpus change while a pass runs is recorded by the next. */
export function startFollowNotifier(deps: FollowNotifierDeps): FollowNotifier {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  // Set when a recorded pass failed on the store: the next sweep records again.
  let recordOwed = false;

  const pass = (record: boolean) => {
    const next = running.then(async () => {
      if (stopped) return;
      try {
        if (record || recordOwed) {
          recordOwed = true;
          await recordCorpusChange(deps.record);
          recordOwed = false;
        }
        if (deps.send) await sendDueDigests(deps.send);
      } catch (error) {
        if (error instanceof StateUnavailableError) {
          deps.logger.warn({ problem: error.problem }, "new papers wait: the state cannot be written");
        } else {
          deps.logger.error({ err: error }, "telling followers about new papers failed");
        }
      }
    });
    running = next;
    return next;
  };
  const handle = setInterval(() => void pass(false), sweepMs).unref();
  return {
    corpusChanged: () => pass(true),
    sweep: () => pass(false),
    stop() {
      stopped = true;
      clearInterval(handle);
    },
  };
}
