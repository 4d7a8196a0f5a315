import type { Logger } from "../logger.js";
import type { Metrics } from "./metrics.js";

export interface ProcessGuardOptions {
  logger: Logger;
  metrics?: Metrics;
  /** Called once when uncaught exceptions come too fast to trust the process. */
  giveUp: () => void;
  /** 5 in 60 s by default. */
  maxUncaught?: number;
  windowMs?: number;
  now?: () => number;
}

/**
 * Errors nothing else caught are logged and counted and the process goes on (each request has its own timeout
 * and lease), unless more than `maxUncaught` exceptions come within `windowMs`: then `giveUp` runs, for a restart.
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
