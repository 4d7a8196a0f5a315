import { type DestinationStream, type Logger, pino } from "pino";
import type { LogLevelName } from "./config-env.js";

export type { Logger } from "pino";

/** Paths pino blanks out wherever they appear in a log line's object. */
export const REDACTED_PATHS = [
  "token",
  "botToken",
  "appToken",
  "signingSecret",
  "*.token",
  "*.botToken",
  "*.appToken",
  "*.signingSecret",
  "mode.botToken",
  "mode.appToken",
  "mode.signingSecret",
  "config.mode.botToken",
  "config.mode.appToken",
  "config.mode.signingSecret",
  "headers.authorization",
  "*.headers.authorization",
  "stateUrl",
  "*.stateUrl",
];

// Slack tokens that slip into free text (an SDK's debug line, an error message).
const TOKEN_PATTERN = /\bx(?:ox[abpors]|app)-[A-Za-z0-9-]+/g;
// The password in a database URL (postgres://user:password@host/db).
const URL_PASSWORD_PATTERN = /(\bpostgres(?:ql)?:\/\/[^:@/\s]*:)[^@\s]+@/g;

export function redactTokens(text: string): string {
  return text.replace(TOKEN_PATTERN, "[Redacted]").replace(URL_PASSWORD_PATTERN, "$1[Redacted]@");
}

export function createLogger(level: LogLevelName, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: "[Redacted]" },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === "string" ? redactTokens(arg) : arg)) as Parameters<
              typeof method
            >,
          );
        },
      },
    },
    destination ?? pino.destination(1),
  );
}
