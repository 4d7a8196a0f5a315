import { z } from "zod";
import { isValidTimeZone } from "./time-zone.js";

// The environment's keys as the bot reads them, each checked with a message that names the key's rule.

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["json", "text"] as const;

// A blank line copied from .env.example ("KEY=") means "not set".
const blankIsUnset = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = (prefix: string | undefined, message: string) =>
  z.preprocess(
    blankIsUnset,
    z
      .string({ error: message })
      .trim()
      .refine((v) => prefix === undefined || v.startsWith(prefix), { error: message })
      .optional(),
  );

const portNumber = (fallback: number) =>
  z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, { error: "must be a port number from 0 to 65535" })
      .transform(Number)
      .refine((n) => n <= 65535, { error: "must be a port number from 0 to 65535" })
      .default(fallback),
  );

/** A positive number of seconds (fractions allowed), as milliseconds. */
const seconds = (fallback: number, max: number) =>
  z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, { error: `must be a number of seconds from 0.1 to ${max}` })
      .transform(Number)
      .refine((n) => n >= 0.1 && n <= max, { error: `must be a number of seconds from 0.1 to ${max}` })
      .default(fallback)
      .transform((n) => Math.round(n * 1000)),
  );

export const envSchema = z.object({
  SLACK_BOT_TOKEN: optionalText("xoxb-", "must be a bot token starting with xoxb-"),
  SLACK_APP_TOKEN: optionalText("xapp-", "must be an app-level token starting with xapp-"),
  SLACK_SIGNING_SECRET: optionalText(undefined, "must be the app's signing secret"),
  SLACK_API_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
        error: "must be an http(s) URL such as https://slack.com/api/",
      })
      .optional(),
  ),
  PORT: portNumber(3000),
  HEALTH_PORT: portNumber(3000),
  SLACK_TIMEOUT_SECONDS: seconds(10, 120),
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(10, 300),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(5, 300),
  HTTP_MAX_CONNECTIONS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,5}$/, { error: "must be a whole number from 1 to 999999" })
      .transform(Number)
      // A guard against running out of file descriptors, not a limit on clients: the timeouts drop slow ones.
      .default(10_000),
  ),
  LOG_LEVEL: z.preprocess(
    (v) => (typeof v === "string" ? blankIsUnset(v.trim().toLowerCase()) : v),
    z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).default("info"),
  ),
  LOG_FORMAT: z.preprocess(
    (v) => (typeof v === "string" ? blankIsUnset(v.trim().toLowerCase()) : v),
    z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(", ")}` }).optional(),
  ),
  CORPUS_DIR: z.preprocess(blankIsUnset, z.string().trim().default("seeds")),
  ADMIN_USERS: z.preprocess(
    blankIsUnset,
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
  DAILY_TZ: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .refine(isValidTimeZone, {
        error: "must be an IANA time zone such as Europe/Berlin",
      })
      .default("UTC"),
  ),
  DAILY_CHANNEL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^[CG][A-Z0-9]{2,}$/, { error: "must be a channel id such as C012ABCDEF (not a #name)" })
      .optional(),
  ),
  DAILY_TIME: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a 24-hour time such as 09:00" })
      .default("09:00"),
  ),
  STATE_PATH: z.preprocess(blankIsUnset, z.string().trim().default("data/paperbot.db")),
  STATE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .refine((v) => /^postgres(ql)?:\/\/\S+$/.test(v) && URL.canParse(v), {
        error: "must be a PostgreSQL URL such as postgres://paperbot:secret@db:5432/paperbot",
      })
      .optional(),
  ),
  CACHE_DIR: z.preprocess(blankIsUnset, z.string().trim().default("data/cache")),
  FOLLOW_DAILY_CAP: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, { error: "must be a whole number from 1 to 50" })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 50, { error: "must be a whole number from 1 to 50" })
      .default(3),
  ),
});
