import { type Logger as BoltLogger, LogLevel } from "@slack/bolt";
import type { Logger } from "../logger.js";

const toBoltLevel = (level: string): LogLevel => {
  if (level === "debug" || level === "trace") return LogLevel.DEBUG;
  if (level === "info") return LogLevel.INFO;
  if (level === "warn") return LogLevel.WARN;
  return LogLevel.ERROR;
};

const textOf = (parts: unknown[]): string =>
  parts
    .map((p) => (p instanceof Error ? p.message : typeof p === "string" ? p : JSON.stringify(p)))
    .join(" ");

/** Bolt's Logger interface over pino, so the SDK's lines land in the same stream, redacted. */
export function createBoltLogger(logger: Logger): BoltLogger {
  let child = logger.child({ name: "bolt" });
  return {
    debug: (...msg: unknown[]) => child.debug(textOf(msg)),
    info: (...msg: unknown[]) => child.info(textOf(msg)),
    warn: (...msg: unknown[]) => child.warn(textOf(msg)),
    error: (...msg: unknown[]) => child.error(textOf(msg)),
    // Our LOG_LEVEL decides; Bolt's receivers call setLevel with their own default.
    setLevel: () => {},
    getLevel: () => toBoltLevel(child.level),
    setName: (name: string) => {
      child = logger.child({ name });
    },
  };
}
