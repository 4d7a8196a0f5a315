import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import { createMetrics } from "../../src/ops/metrics.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { socketAppOptions } from "../helpers/slack-app.js";
import { slashCommandEnvelope } from "../helpers/socket-server.js";

/*
 * Socket Mode against a loopback Slack (apps.connections.open on the fake Web API, a ws server for the socket)
 * that drops the connection, refuses the app token, then refuses new sockets, and at last comes back.
 */

/** Slack's socket endpoint: hello on each connection; `accepting` false refuses the handshake. */
async function startSocketEndpoint() {
  const http = createServer();
  let accepting = true;
  const wss = new WebSocketServer({ server: http, verifyClient: () => accepting });
  const clients = new Set<WebSocket>();
  const received: Record<string, unknown>[] = [];
  let connections = 0;
  wss.on("connection", (ws) => {
    connections += 1;
    clients.add(ws);
    ws.on("close", () => clients.delete(ws));
    ws.on("message", (data) => received.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: "hello", num_connections: 1, connection_info: { app_id: "A0PAPERBOT" } }));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/link/?ticket=test`,
    received,
    connections: () => connections,
    send(envelope: Record<string, unknown>) {
      for (const ws of clients) ws.send(JSON.stringify(envelope));
    },
    /** Ends every open socket and refuses new ones until `accept()`. */
    refuse() {
      accepting = false;
      for (const ws of clients) ws.terminate();
    },
    accept() {
      accepting = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of clients) ws.terminate();
        wss.close();
        http.close(() => resolve());
      }),
  };
}

const DEAF_LIMIT_MS = 300;
const waitUntil = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 8000, interval: 25 });

let endpoint: Awaited<ReturnType<typeof startSocketEndpoint>>;
let slack: FakeSlackApi;
let app: RunningSlackApp;
let health: string;
const logs = capturedLogger();

beforeAll(async () => {
  endpoint = await startSocketEndpoint();
  slack = await startFakeSlackApi();
  slack.socketUrl = endpoint.url;
  const { bot } = await fixtureBot();
  app = await startSlackApp(
    socketAppOptions(
      { botToken: "xoxb-1-2-reconnectbot", appToken: "xapp-1-A0-1-reconnect" },
      {
        bot,
        logger: logs.logger,
        slackApiUrl: slack.apiUrl,
        slackTimeoutMs: 2000,
        metrics: createMetrics({ processMetrics: false }),
        autoReconnect: true,
        reconnectBackoffMs: () => 50,
        deafLimitMs: DEAF_LIMIT_MS,
      },
    ),
  );
  health = `http://127.0.0.1:${app.healthPort}`;
});

afterAll(async () => {
  await app.stop();
  await endpoint.close();
  await slack.close();
});

const status = async (path: string) => (await fetch(`${health}${path}`)).status;

describe("Socket Mode that loses its connection", () => {
  it("keeps trying through invalid_auth and refused sockets, fails /healthz past the limit, and answers again once Slack is back", async () => {
    expect(await status("/readyz")).toBe(200);
    expect(await status("/healthz")).toBe(200);
    const opensBefore = slack.callsOf("apps.connections.open").length;

    slack.fail(
      "apps.connections.open",
      { error: "invalid_auth" },
      { error: "invalid_auth" },
      { status: 500 },
    );
    endpoint.refuse();
    // No socket is open: not ready at once, and dead once the limit has passed without one.
    await waitUntil(async () => expect(await status("/readyz")).toBe(503));
    await waitUntil(async () => expect(await status("/healthz")).toBe(503));
    // It went on after invalid_auth and the 500, and after the refused sockets that followed them.
    await waitUntil(() =>
      expect(slack.callsOf("apps.connections.open").length).toBeGreaterThan(opensBefore + 4),
    );

    const connections = endpoint.connections();
    endpoint.accept();
    await waitUntil(() => expect(endpoint.connections()).toBeGreaterThan(connections));
    await waitUntil(async () => {
      expect(await status("/readyz")).toBe(200);
      expect(await status("/healthz")).toBe(200);
    });

    endpoint.send(
      slashCommandEnvelope("env-back", { text: "RLHF", responseUrl: slack.responseUrl("/commands/back") }),
    );
    await waitUntil(() => expect(slack.responses("/commands/back")).toHaveLength(1));
    expect(endpoint.received.some((m) => m.envelope_id === "env-back")).toBe(true);
  });
});
