import { pino } from "pino";
import type { Config } from "../config.js";
import { createLogger, type Logger } from "../logger.js";

interface Streams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * The console owns stdout, so its log lines go to stderr; there they read as sentences unless LOG_FORMAT=json.
 * The sentences' module (pino-pretty) is loaded only for them: the bot's JSON lines start without it.
 */
export async function botLoggerOf(
  config: Pick<Config, "mode" | "logFormat" | "logLevel">,
  streams: Streams,
): Promise<Logger> {
  const inConsole = config.mode.kind === "console";
  const format = config.logFormat ?? (inConsole ? "text" : "json");
  if (format === "text") {
    const { humanLogDestination } = await import("../console/human-log.js");
    return createLogger(config.logLevel, humanLogDestination(inConsole ? streams.stderr : streams.stdout));
  }
  return createLogger(config.logLevel, pino.destination(inConsole ? 2 : 1));
}
