import { describe, expect, it } from "vitest";
import { ConfigError, cliConfigOf, loadConfig } from "../src/config.js";

const BOT = "xoxb-1111-2222-secretbotvalue";
const APP = "xapp-1-A0-3333-secretappvalue";
const SECRET = "8f14e45fceea167a5a36dedd4bea2543";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("opens the offline console when no Slack token is set, with documented defaults", () => {
    expect(loadConfig({})).toEqual({
      mode: { kind: "console" },
      slackApiUrl: undefined,
      slackTimeoutMs: 10_000,
      logLevel: "info",
      corpusDir: "seeds",
      adminUsers: [],
      dailyTimeZone: "UTC",
      dailyTime: "09:00",
      statePath: "data/paperbot.db",
      cacheDir: "data/cache",
      followDailyCap: 3,
    });
  });

  it("reads the follow DM cap, and names a cap out of range", () => {
    expect(loadConfig({ FOLLOW_DAILY_CAP: "5" }).followDailyCap).toBe(5);
    expect(configError({ FOLLOW_DAILY_CAP: "0" }).keys).toEqual(["FOLLOW_DAILY_CAP"]);
    expect(configError({ FOLLOW_DAILY_CAP: "many" }).keys).toEqual(["FOLLOW_DAILY_CAP"]);
  });

  it("reads the daily-post and storage settings, and names a bad daily channel or time", () => {
    expect(
      loadConfig({
        DAILY_CHANNEL: "C012ABCDEF",
        DAILY_TIME: "07:30",
        STATE_PATH: "/var/lib/paperbot/state.db",
        CACHE_DIR: "/var/cache/paperbot",
      }),
    ).toMatchObject({
      dailyChannel: "C012ABCDEF",
      dailyTime: "07:30",
      statePath: "/var/lib/paperbot/state.db",
      cacheDir: "/var/cache/paperbot",
    });
    expect(configError({ DAILY_CHANNEL: "#general", DAILY_TIME: "25:00" }).keys).toEqual([
      "DAILY_CHANNEL",
      "DAILY_TIME",
    ]);
  });

  it("uses Socket Mode with a bot and an app token, even when a signing secret is also set", () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, SLACK_SIGNING_SECRET: SECRET });
    expect(config.mode).toEqual({ kind: "socket", botToken: BOT, appToken: APP, healthPort: 3000 });
    expect(
      loadConfig({ SLACK_BOT_TOKEN: BOT, SLACK_APP_TOKEN: APP, HEALTH_PORT: "9091" }).mode,
    ).toMatchObject({
      healthPort: 9091,
    });
  });

  it("uses HTTP mode on PORT (3000 by default) with a bot token and a signing secret", () => {
    expect(loadConfig({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SECRET }).mode).toEqual({
      kind: "http",
      botToken: BOT,
      signingSecret: SECRET,
      port: 3000,
      limits: { requestTimeoutMs: 10_000, headersTimeoutMs: 5_000, maxConnections: 10_000 },
    });
    expect(
      loadConfig({ SLACK_BOT_TOKEN: BOT, SLACK_SIGNING_SECRET: SECRET, PORT: "8080" }).mode,
    ).toMatchObject({
      port: 8080,
    });
  });

  it("reads the optional settings", () => {
    const config = loadConfig({
      SLACK_API_URL: "https://slack-gov.com/api/",
      LOG_LEVEL: "DEBUG",
      CORPUS_DIR: "data/papers",
      ADMIN_USERS: "U012ABCDEF, W034GHIJKL",
      DAILY_TZ: "Europe/Berlin",
    });
    expect(config).toMatchObject({
      slackApiUrl: "https://slack-gov.com/api/",
      logLevel: "debug",
      corpusDir: "data/papers",
      adminUsers: ["U012ABCDEF", "W034GHIJKL"],
      dailyTimeZone: "Europe/Berlin",
    });
  });

  it("reads the Slack timeout and the HTTP server's limits in seconds, and refuses headers slower than the body", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: BOT,
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_TIMEOUT_SECONDS: "2.5",
      HTTP_REQUEST_TIMEOUT_SECONDS: "30",
      HTTP_HEADERS_TIMEOUT_SECONDS: "0.5",
      HTTP_MAX_CONNECTIONS: "64",
    });
    expect(config.slackTimeoutMs).toBe(2500);
    expect(config.mode).toMatchObject({
      limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 500, maxConnections: 64 },
    });
    expect(configError({ SLACK_TIMEOUT_SECONDS: "0", HTTP_MAX_CONNECTIONS: "-1" }).keys).toEqual([
      "SLACK_TIMEOUT_SECONDS",
      "HTTP_MAX_CONNECTIONS",
    ]);
    expect(
      configError({ HTTP_REQUEST_TIMEOUT_SECONDS: "5", HTTP_HEADERS_TIMEOUT_SECONDS: "10" }).keys,
    ).toEqual(["HTTP_HEADERS_TIMEOUT_SECONDS"]);
  });

  it("keeps the state in PostgreSQL with STATE_URL, and names a URL that is not one without showing it", () => {
    const url = "postgres://paperbot:s3cret@db:5432/paperbot";
    expect(loadConfig({ STATE_URL: url }).stateUrl).toBe(url);
    expect(loadConfig({ STATE_URL: "" }).stateUrl).toBeUndefined();
    const error = configError({ STATE_URL: "mysql://paperbot:s3cret@db/paperbot" });
    expect(error.keys).toEqual(["STATE_URL"]);
    expect(error.message).not.toContain("s3cret");
  });

  it("reads LOG_FORMAT (json or text, any case) and names a bad one", () => {
    expect(loadConfig({ LOG_FORMAT: "JSON" }).logFormat).toBe("json");
    expect(loadConfig({ LOG_FORMAT: "text" }).logFormat).toBe("text");
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(configError({ LOG_FORMAT: "yaml" }).keys).toEqual(["LOG_FORMAT"]);
  });

  it("treats empty values copied from .env.example as unset", () => {
    const config = loadConfig({
      SLACK_BOT_TOKEN: "",
      SLACK_APP_TOKEN: " ",
      PORT: "",
      LOG_LEVEL: "",
      ADMIN_USERS: "",
    });
    expect(config.mode).toEqual({ kind: "console" });
    expect(config.logLevel).toBe("info");
  });

  it("refuses a bot token without an app token or a signing secret, explaining both ways", () => {
    const error = configError({ SLACK_BOT_TOKEN: BOT });
    expect(error.keys).toEqual(["SLACK_BOT_TOKEN"]);
    expect(error.message).toContain("SLACK_APP_TOKEN");
    expect(error.message).toContain("SLACK_SIGNING_SECRET");
    expect(error.message).not.toContain(BOT);
  });

  it("refuses an app token or signing secret without a bot token", () => {
    expect(configError({ SLACK_APP_TOKEN: APP }).keys).toEqual(["SLACK_BOT_TOKEN"]);
    expect(configError({ SLACK_SIGNING_SECRET: SECRET }).keys).toEqual(["SLACK_BOT_TOKEN"]);
  });

  it("names every bad key in one error and never echoes a value", () => {
    const env = {
      SLACK_BOT_TOKEN: "xoxp-user-token-not-a-bot-9999",
      SLACK_APP_TOKEN: "app-token-missing-prefix-7777",
      SLACK_API_URL: "not a url secretish",
      PORT: "70000",
      LOG_LEVEL: "shouty",
      ADMIN_USERS: "alice,bob",
      DAILY_TZ: "Mars/Olympus_Mons",
    };
    const error = configError(env);
    expect(error.keys.sort()).toEqual(Object.keys(env).sort());
    for (const key of Object.keys(env)) expect(error.message).toContain(key);
    for (const value of Object.values(env)) expect(error.message).not.toContain(value);
    expect(error.message.split("\n")[0]).toBe("Invalid configuration:");
  });
});

describe("the paperbot CLI's settings", () => {
  it("waits on Slack as long as the bot does: SLACK_TIMEOUT_SECONDS, else its default", () => {
    expect(cliConfigOf({ SLACK_TIMEOUT_SECONDS: "20" }).slackTimeoutMs).toBe(20_000);
    expect(cliConfigOf({}).slackTimeoutMs).toBe(loadConfig({}).slackTimeoutMs);
    expect(cliConfigOf({ SLACK_TIMEOUT_SECONDS: "soon" }).slackTimeoutMs).toBe(loadConfig({}).slackTimeoutMs);
  });
});
