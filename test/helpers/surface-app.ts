import { vi } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import { createMetrics, type Metrics } from "../../src/ops/metrics.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { type FakeSlackApi, startFakeSlackApi } from "./fake-slack-api.js";
import { capturedLogger } from "./logs.js";
import { eventBody, postSigned, slashCommandBody } from "./signed-request.js";
import { httpAppOptions, socketAppOptions } from "./slack-app.js";
import { type SocketModeServer, startSocketModeServer } from "./socket-server.js";

export type SlackMode = "http" | "socket";
export const SLACK_MODES: readonly SlackMode[] = ["http", "socket"];

/**
 * The real Bolt app over a loopback Slack (Web API and response_urls in one fake server), reached the way
 * Slack reaches it in each mode: signed HTTP requests, or envelopes over a loopback Socket Mode connection.
 */
export interface SurfaceApp {
  mode: SlackMode;
  slack: FakeSlackApi;
  metrics: Metrics;
  logs: ReturnType<typeof capturedLogger>;
  /** An interactive payload (shortcut, button, form), delivered and acknowledged: what the ack carried, if anything. */
  interactive(payload: Record<string, unknown>): Promise<unknown>;
  /** `/paper <text>` typed in a channel, answered through `responseUrl`. */
  slash(text: string, channelId: string, responseUrl: string): Promise<void>;
  /** An Events API event, delivered and acknowledged; `retryNum` > 0 is Slack delivering it again. */
  event(eventId: string, event: Record<string, unknown>, retryNum?: number): Promise<void>;
  stop(): Promise<void>;
}

export const waitUntil = (check: () => void | Promise<void>, timeout = 5000) =>
  vi.waitFor(check, { timeout, interval: 20 });

export async function startSurfaceApp(
  mode: SlackMode,
  bot: BotDeps,
  { slackTimeoutMs = 2000 }: { slackTimeoutMs?: number } = {},
): Promise<SurfaceApp> {
  const slack = await startFakeSlackApi();
  const logs = capturedLogger();
  const metrics = createMetrics({ processMetrics: false });
  const common = {
    bot,
    logger: logs.logger,
    slackApiUrl: slack.apiUrl,
    slackTimeoutMs,
    metrics,
  };
  let app: RunningSlackApp;
  let server: SocketModeServer | undefined;
  let envelopes = 0;
  if (mode === "socket") {
    server = await startSocketModeServer();
    slack.socketUrl = server.url;
    app = await startSlackApp(
      socketAppOptions({ botToken: "xoxb-1-2-surfaces", appToken: "xapp-1-A0-1-surfaces" }, common),
    );
    await server.connected();
  } else {
    app = await startSlackApp(httpAppOptions("xoxb-1-2-surfaces", common));
  }
  const eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;

  const overSocket = async (envelope: Record<string, unknown>) => {
    const socket = server;
    if (socket === undefined) throw new Error("not in Socket Mode");
    const id = `env-${++envelopes}`;
    socket.send({ envelope_id: id, ...envelope });
    await waitUntil(() => {
      if (!socket.received.some((m) => m.envelope_id === id)) throw new Error(`${id} not acknowledged`);
    });
    return socket.received.find((m) => m.envelope_id === id)?.payload;
  };

  return {
    mode,
    slack,
    metrics,
    logs,
    async interactive(payload) {
      if (server) return overSocket({ type: "interactive", accepts_response_payload: false, payload });
      const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
      const ack = await postSigned(eventsUrl, body, "application/x-www-form-urlencoded");
      if (ack.status !== 200) throw new Error(`interactive payload answered ${ack.status}`);
      return ack.text === "" ? undefined : JSON.parse(ack.text);
    },
    async slash(text, channelId, responseUrl) {
      const body = slashCommandBody({ text, channelId, responseUrl });
      if (server) {
        const payload = Object.fromEntries(new URLSearchParams(body));
        await overSocket({ type: "slash_commands", accepts_response_payload: true, payload });
        return;
      }
      const ack = await postSigned(eventsUrl, body, "application/x-www-form-urlencoded");
      if (ack.status !== 200) throw new Error(`slash command answered ${ack.status}`);
    },
    async event(eventId, event, retryNum = 0) {
      const body = eventBody({ eventId, event });
      if (server) {
        await overSocket({
          type: "events_api",
          accepts_response_payload: false,
          retry_attempt: retryNum,
          retry_reason: retryNum === 0 ? "" : "timeout",
          payload: JSON.parse(body),
        });
        return;
      }
      const headers: Record<string, string> =
        retryNum === 0
          ? {}
          : { "x-slack-retry-num": String(retryNum), "x-slack-retry-reason": "http_timeout" };
      const ack = await postSigned(eventsUrl, body, "application/json", { headers });
      if (ack.status !== 200) throw new Error(`event answered ${ack.status}`);
    },
    async stop() {
      await app.stop();
      await server?.close();
      await slack.close();
    },
  };
}
