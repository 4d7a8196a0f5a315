import { z } from "zod";
import { isValidTimeZone } from "./time-zone.js";

// The environment's keys as the bot reads them, each checked with a message that names the key's rule.

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["json", "text"] as const;

// A blank line copied from .env.example ("KEY=") means "not set".
const blankIsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;
const setting = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema);
const text = (error?: string) => z.string(error === undefined ? undefined : { error }).trim();
const shaped = (pattern: RegExp, error: string) => text().regex(pattern, { error });
const numberIn = (pattern: RegExp, min: number, max: number, error: string) =>
  shaped(pattern, error)
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error });

const optionalText = (prefix: string, error: string) =>
  setting(
    text(error)
      .refine((v) => v.startsWith(prefix), { error })
      .optional(),
  );
const portNumber = (fallback: number) =>
  setting(numberIn(/^\d{1,5}$/, 0, 65535, "must be a port number from 0 to 65535").default(fallback));
/** A positive number of seconds (fractions allowed), as milliseconds. */
const seconds = (fallback: number, max: number) =>
  setting(
    numberIn(/^\d+(\.\d+)?$/, 0.1, max, `must be a number of seconds from 0.1 to ${max}`)
      .default(fallback)
      .transform((n) => Math.round(n * 1000)),
  );
// Case does not count in a level or format name.
const lowerCase = (v: unknown) => (typeof v === "string" ? blankIsUnset(v.trim().toLowerCase()) : v);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });
const urlOf = (pattern: RegExp, error: string) =>
  setting(
    text()
      .refine((v) => pattern.test(v) && URL.canParse(v), { error })
      .optional(),
  );

export const envSchema = z.object({
  SLACK_BOT_TOKEN: optionalText("xoxb-", "must be a bot token starting with xoxb-"),
  SLACK_APP_TOKEN: optionalText("xapp-", "must be an app-level token starting with xapp-"),
  SLACK_SIGNING_SECRET: optionalText("", "must be the app's signing secret"),
  SLACK_API_URL: urlOf(/^https?:\/\/[^\s]+$/, "must be an http(s) URL such as https://slack.com/api/"),
  PORT: portNumber(3000),
  HEALTH_PORT: portNumber(3000),
  SLACK_TIMEOUT_SECONDS: seconds(10, 120),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(10, 300),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(5, 300),
  // A guard against running out of file descriptors, not a limit on clients: the timeouts drop slow ones.
  HTTP_MAX_CONNECTIONS: setting(
    shaped(/^[1-9]\d{0,5}$/, "must be a whole number from 1 to 999999")
      .transform(Number)
      .default(10_000),
  ),
  LOG_LEVEL: z.preprocess(lowerCase, oneOf(LOG_LEVELS).default("info")),
  LOG_FORMAT: z.preprocess(lowerCase, oneOf(LOG_FORMATS).optional()),
  CORPUS_DIR: setting(text().default("seeds")),
  ADMIN_USERS: setting(
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      )
      .refine((ids) => ids.every((id) => /^[UW][A-Z0-9]{2,}$/.test(id)), {
        error: "must be comma-separated Slack user ids such as U012ABCDEF",
      })
      .default([]),
  ),
  DAILY_TZ: setting(
    text()
      .refine(isValidTimeZone, { error: "must be an IANA time zone such as Europe/Berlin" })
      .default("UTC"),
  ),
  DAILY_CHANNEL: setting(
    shaped(/^[CG][A-Z0-9]{2,}$/, "must be a channel id such as C012ABCDEF (not a #name)").optional(),
  ),
  DAILY_TIME: setting(
    shaped(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time such as 09:00").default("09:00"),
  ),
  STATE_PATH: setting(text().default("data/paperbot.db")),
  STATE_URL: urlOf(
    /^postgres(ql)?:\/\/\S+$/,
    "must be a PostgreSQL URL such as postgres://paperbot:secret@db:5432/paperbot",
  ),
  CACHE_DIR: setting(text().default("data/cache")),
  FOLLOW_DAILY_CAP: setting(numberIn(/^\d{1,2}$/, 1, 50, "must be a whole number from 1 to 50").default(3)),
});
