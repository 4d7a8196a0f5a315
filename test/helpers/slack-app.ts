import type { ListenOptions } from "node:net";
import type { HttpLimits } from "../../src/config.js";
import { createMetrics } from "../../src/ops/metrics.js";
import { type SlackStartOptions, startSlackApp } from "../../src/slack/start.js";
import { createMemoryDeliveryLedger } from "../../src/state/once.js";
import { fixtureBot } from "./bot.js";
import { SIGNING_SECRET } from "./signed-request.js";

/** HTTP limits as in production, for tests that are not about them. */
export const TEST_HTTP_LIMITS: HttpLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  maxConnections: 10_000,
};

/** A port the system picks, on loopback only. */
export const LOOPBACK: ListenOptions = { port: 0, host: "127.0.0.1" };

/** What a test sets itself (at least the bot and the logger); the rest of the options may be overridden too. */
export type TestAppParts = Pick<SlackStartOptions, "bot" | "logger"> &
  Partial<Omit<SlackStartOptions, "mode">>;

/** What every test app shares: no admins, a memory ledger, the bot's identity given (no auth.test), no retries. */
function sharedOptions(): Omit<SlackStartOptions, "mode" | "bot" | "logger"> {
  return {
    adminUsers: [],
    ledger: createMemoryDeliveryLedger(Date.now, 60_000),
    corpusLoaded: () => true,
    retries: 0,
    identity: { botId: "B0BOT", botUserId: "U0BOT" },
  };
}

/** Options for the real Bolt app in HTTP mode on loopback, checking signatures made with SIGNING_SECRET. */
export function httpAppOptions(
  botToken: string,
  parts: TestAppParts,
  limits: HttpLimits = TEST_HTTP_LIMITS,
): SlackStartOptions {
  return {
    mode: { kind: "http", botToken, signingSecret: SIGNING_SECRET, port: 0, limits },
    ...sharedOptions(),
    listen: LOOPBACK,
    ...parts,
  };
}

/** Options for the real Bolt app in Socket Mode (no reconnecting), its health server on loopback. */
export function socketAppOptions(
  tokens: { botToken: string; appToken: string },
  parts: TestAppParts,
): SlackStartOptions {
  return {
    mode: { kind: "socket", ...tokens, healthPort: 0 },
    ...sharedOptions(),
    autoReconnect: false,
    healthListen: LOOPBACK,
    ...parts,
  };
}

/**
 * The fixture corpus's bot in the real Bolt app over HTTP (`parts` as httpAppOptions takes them, the bot aside),
 * with metrics of its own: the app, the URL Slack posts to, the index and the metrics.
 */
export async function startFixtureHttpApp(botToken: string, parts: Omit<TestAppParts, "bot">) {
  const { bot, index } = await fixtureBot();
  const metrics = createMetrics({ processMetrics: false });
  const app = await startSlackApp(httpAppOptions(botToken, { bot, metrics, ...parts }));
  return { app, eventsUrl: `http://127.0.0.1:${app.port}/slack/events`, index, metrics };
}
