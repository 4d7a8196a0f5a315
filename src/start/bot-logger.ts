import { pino } from "pino";
import type { Config } from "../config.js";
import { humanLogDestination } from "../console/human-log.js";
import { createLogger, type Logger } from "../logger.js";

interface Streams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/** The console owns stdout, so its log lines go to stderr; there they read as sentences unless LOG_FORMAT=json. */
export function botLoggerOf(
  config: Pick<Config, "mode" | "logFormat" | "logLevel">,
  streams: Streams,
): Logger {
  const inConsole = config.mode.kind === "console";
  const format = config.logFormat ?? (inConsole ? "text" : "json");
  if (format === "text") {
    return createLogger(config.logLevel, humanLogDestination(inConsole ? streams.stderr : streams.stdout));
  }
  return createLogger(config.logLevel, pino.destination(inConsole ? 2 : 1));
}
