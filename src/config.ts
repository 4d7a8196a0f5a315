import type { z } from "zod";
import { envSchema, type LOG_FORMATS, type LogLevelName } from "./config-env.js";

/** Limits of the HTTP server that receives Slack's requests (HTTP mode). */
export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this time (else 408). */
  requestTimeoutMs: number;
  /** The headers must arrive within this time (else 408). */
  headersTimeoutMs: number;
  /** Open connections beyond this are closed at once (a file-descriptor guard, far above what Slack needs). */
  maxConnections: number;
}

export type SlackMode =
  | { kind: "socket"; botToken: string; appToken: string; healthPort: number }
  | { kind: "http"; botToken: string; signingSecret: string; port: number; limits: HttpLimits }
  | { kind: "console" };

export interface Config {
  mode: SlackMode;
  /** Base URL of the Slack Web API (GovSlack, a test server); Slack's own when absent. */
  slackApiUrl?: string;
  /** Longest wait for one Slack call (Web API or response_url) before it counts as failed. */
  slackTimeoutMs: number;
  logLevel: LogLevelName;
  /** JSON lines, or one human line each; unset: text in the offline console, JSON for the bot. */
  logFormat?: (typeof LOG_FORMATS)[number];
  corpusDir: string;
  /** Slack user ids allowed to run `/paper reload`. */
  adminUsers: string[];
  /** Time zone for daily posts when none is given. */
  dailyTimeZone: string;
  /** A channel subscribed to the daily paper at startup, at `dailyTime` (HH:MM) in `dailyTimeZone`. */
  dailyChannel?: string;
  dailyTime: string;
  /** The SQLite file holding subscriptions, daily posts and answered events. */
  statePath: string;
  /** A PostgreSQL database to hold them instead (postgres://…), shared by every process given it. */
  stateUrl?: string;
  /** Where index snapshots are kept between restarts. */
  cacheDir: string;
  /** DMs of new papers one person gets a day at most (in DAILY_TZ's day). */
  followDailyCap: number;
}

/** Thrown by loadConfig: one message naming every bad key, never a value. */
export class ConfigError extends Error {
  readonly keys: string[];
  constructor(problems: { key: string; message: string }[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p.key}: ${p.message}`).join("\n")}`);
    this.name = "ConfigError";
    this.keys = problems.map((p) => p.key);
  }
}

const MODE_HINT =
  "is set, so also set SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode), or unset it for the offline console";

/** The typed configuration for an environment, or a ConfigError naming every bad key. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "environment");
      if (!problems.has(key)) problems.set(key, issue.message);
    }
    throw new ConfigError([...problems].map(([key, message]) => ({ key, message })));
  }
  const e = parsed.data;
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError([
      {
        key: "HTTP_HEADERS_TIMEOUT_SECONDS",
        message: "must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS",
      },
    ]);
  }
  const config = {
    slackApiUrl: e.SLACK_API_URL,
    slackTimeoutMs: e.SLACK_TIMEOUT_SECONDS,
    logLevel: e.LOG_LEVEL,
    ...(e.LOG_FORMAT === undefined ? {} : { logFormat: e.LOG_FORMAT }),
    corpusDir: e.CORPUS_DIR,
    adminUsers: e.ADMIN_USERS,
    dailyTimeZone: e.DAILY_TZ,
    ...(e.DAILY_CHANNEL === undefined ? {} : { dailyChannel: e.DAILY_CHANNEL }),
    dailyTime: e.DAILY_TIME,
    statePath: e.STATE_PATH,
    ...(e.STATE_URL === undefined ? {} : { stateUrl: e.STATE_URL }),
    cacheDir: e.CACHE_DIR,
    followDailyCap: e.FOLLOW_DAILY_CAP,
  };
  if (e.SLACK_BOT_TOKEN === undefined) {
    if (e.SLACK_APP_TOKEN !== undefined || e.SLACK_SIGNING_SECRET !== undefined) {
      throw new ConfigError([
        { key: "SLACK_BOT_TOKEN", message: "is required with SLACK_APP_TOKEN or SLACK_SIGNING_SECRET" },
      ]);
    }
    return { ...config, mode: { kind: "console" } };
  }
  const botToken = e.SLACK_BOT_TOKEN;
  if (e.SLACK_APP_TOKEN !== undefined)
    return {
      ...config,
      mode: { kind: "socket", botToken, appToken: e.SLACK_APP_TOKEN, healthPort: e.HEALTH_PORT },
    };
  if (e.SLACK_SIGNING_SECRET !== undefined) {
    const limits = {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS,
      maxConnections: e.HTTP_MAX_CONNECTIONS,
    };
    return {
      ...config,
      mode: { kind: "http", botToken, signingSecret: e.SLACK_SIGNING_SECRET, port: e.PORT, limits },
    };
  }
  throw new ConfigError([{ key: "SLACK_BOT_TOKEN", message: MODE_HINT }]);
}

/** The paperbot CLI's settings (cliConfigOf). */
export interface CliConfig {
  corpusDir?: string;
  cacheDir: string;
  state: { path: string; url?: string };
  botToken?: string;
  slackApiUrl?: string;
  /** SLACK_TIMEOUT_SECONDS as the bot reads it (its default where unset or unreadable). */
  slackTimeoutMs: number;
  /** DAILY_TZ and FOLLOW_DAILY_CAP as the bot reads them, for `say` over the state store. */
  dailyTimeZone: string;
  followDailyCap: number;
}

/** The CLI's settings: where the bot keeps its corpus, cache and state, and the token for uploads when set. */
export function cliConfigOf(env: Record<string, string | undefined>): CliConfig {
  const setting = (key: string) => env[key]?.trim() || undefined;
  // The bot's own reading of a key, its default where unset or unreadable, so the CLI reads what `npm start` does.
  const asTheBot = <T>(schema: z.ZodType<T>, key: string): T => {
    const read = schema.safeParse(env[key]);
    return read.success ? read.data : schema.parse(undefined);
  };
  const corpusDir = setting("CORPUS_DIR");
  const url = setting("STATE_URL");
  const botToken = setting("SLACK_BOT_TOKEN");
  const slackApiUrl = setting("SLACK_API_URL");
  const { shape } = envSchema;
  return {
    ...(corpusDir === undefined ? {} : { corpusDir }),
    cacheDir: shape.CACHE_DIR.parse(env.CACHE_DIR),
    state: { path: shape.STATE_PATH.parse(env.STATE_PATH), ...(url === undefined ? {} : { url }) },
    ...(botToken?.startsWith("xoxb-") ? { botToken } : {}),
    ...(slackApiUrl === undefined ? {} : { slackApiUrl }),
    slackTimeoutMs: asTheBot(shape.SLACK_TIMEOUT_SECONDS, "SLACK_TIMEOUT_SECONDS"),
    dailyTimeZone: asTheBot(shape.DAILY_TZ, "DAILY_TZ"),
    followDailyCap: asTheBot(shape.FOLLOW_DAILY_CAP, "FOLLOW_DAILY_CAP"),
  };
}
