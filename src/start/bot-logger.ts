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
  const destination = inConsole ? pino.destination(2) : pino.destination(1);
  return createLogger(
    config.logLevel,
    format === "text" ? humanLogDestination(inConsole ? streams.stderr : streams.stdout) : destination,
  );
}
