import type { Logger } from "../logger.js";
import type { Metrics } from "./metrics.js";

export interface ProcessGuardOptions {
  logger: Logger;
  metrics?: Metrics;
  /** Called once when uncaught exceptions come too fast to trust the process: stop and exit non-zero. */
  giveUp: () => void;
  /** More than this many uncaught exceptions inside `windowMs` make the guard give up (5 in 60 s by default). */
  maxUncaught?: number;
  windowMs?: number;
  now?: () => number;
}

/**
 * The process-level policy for errors nothing else caught (from Bolt, the Socket Mode client, a stray
 * promise):
 * - an unhandled rejection is logged and counted, and the process goes on: it is one failed request or a
 *   background retry, and every request has its own timeout and delivery lease;
 * - an uncaught exception is logged at fatal and counted, and the process goes on, unless more than
 *   `maxUncaught` arrive within `windowMs`: then it is broken in a way a restart fixes, so `giveUp` runs
 *   (main stops Slack and the scheduler and exits 1 for the supervisor to restart it).
 * Returns a function that removes the handlers.
 */
export function installProcessGuard(process: NodeJS.Process, options: ProcessGuardOptions): () => void {
  const { logger, metrics } = options;
  const maxUncaught = options.maxUncaught ?? 5;
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  let recent: number[] = [];
  let gaveUp = false;

  const onRejection = (reason: unknown) => {
    metrics?.processErrors.inc({ kind: "unhandledRejection" });
    logger.error({ err: reason }, "unhandled promise rejection; the process goes on");
  };
  const onException = (error: Error, origin: string) => {
    metrics?.processErrors.inc({ kind: "uncaughtException" });
    const time = now();
    recent = [...recent.filter((at) => time - at < windowMs), time];
    if (recent.length > maxUncaught && !gaveUp) {
      gaveUp = true;
      logger.fatal(
        { err: error, origin, count: recent.length, windowMs },
        "too many uncaught exceptions; stopping so a clean process can start",
      );
      options.giveUp();
      return;
    }
    logger.fatal({ err: error, origin }, "uncaught exception; the process goes on");
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}
