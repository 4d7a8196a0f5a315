import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMetrics } from "../../src/ops/metrics.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { socketAppOptions } from "../helpers/slack-app.js";
import {
  type SocketModeServer,
  slashCommandEnvelope,
  startSocketModeServer,
} from "../helpers/socket-server.js";
import { holdSockets, release } from "./raw-sockets.js";

const APP_TOKEN = "xapp-1-A0PAPERBOT-1-socketapptoken";

let server: SocketModeServer;
let slack: FakeSlackApi;
let app: RunningSlackApp;
let health: string;
const logs = capturedLogger();
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

function mentionEnvelope(envelopeId: string, ts: string, retryAttempt = 0) {
  return {
    envelope_id: envelopeId,
    type: "events_api",
    accepts_response_payload: false,
    retry_attempt: retryAttempt,
    retry_reason: retryAttempt === 0 ? "" : "timeout",
    payload: {
      token: "unused",
      team_id: "T0TEST",
      api_app_id: "A0PAPERBOT",
      type: "event_callback",
      event_id: `Ev${ts.replace(".", "")}`,
      event_time: 1700000000,
      authorizations: [{ team_id: "T0TEST", user_id: "U0BOT", is_bot: true }],
      event: { type: "app_mention", user: "U0ASKER", text: "<@U0BOT> RLHF", ts, channel: "C0CHANNEL" },
    },
  };
}

const acked = (envelopeId: string) => server.received.filter((m) => m.envelope_id === envelopeId).length;
const answersIn = (threadTs: string) => slack.messages.filter((m) => m.thread_ts === threadTs);

beforeAll(async () => {
  server = await startSocketModeServer();
  slack = await startFakeSlackApi();
  slack.socketUrl = server.url;
  const { bot } = await fixtureBot();
  app = await startSlackApp(
    socketAppOptions(
      { botToken: "xoxb-1-2-socketbot", appToken: APP_TOKEN },
      { bot, logger: logs.logger, slackApiUrl: slack.apiUrl, slackTimeoutMs: 2000, metrics: createMetrics() },
    ),
  );
  await server.connected();
  health = `http://127.0.0.1:${app.healthPort}`;
});

afterAll(async () => {
  await app.stop();
  await server.close();
  await slack.close();
});

describe("Socket Mode", () => {
  it("opens the connection with the app-level token", () => {
    expect(slack.callsOf("apps.connections.open").map((c) => c.authorization)).toEqual([
      `Bearer ${APP_TOKEN}`,
    ]);
  });

  it("acks a slash command envelope by its envelope_id and answers through the response_url", async () => {
    const url = slack.responseUrl("/commands/socket");
    server.send(slashCommandEnvelope("env-slash-1", { text: "who reward models", responseUrl: url }));
    await waitUntil(() => expect(slack.responses("/commands/socket")).toHaveLength(1));
    await waitUntil(() => expect(acked("env-slash-1")).toBe(1));
    expect(slack.responses("/commands/socket")[0]).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(slack.responses("/commands/socket")[0])).toContain("Ada Lovelace");
  });

  it("answers a mention once although Slack delivers the envelope again", async () => {
    server.send(mentionEnvelope("env-mention-1", "1700000600.000100"));
    await waitUntil(() => expect(answersIn("1700000600.000100")).toHaveLength(1));
    server.send(mentionEnvelope("env-mention-1b", "1700000600.000100", 1));
    await waitUntil(() => expect(acked("env-mention-1b")).toBe(1));
    // A later envelope answered marks the time by which a second answer would have arrived.
    server.send(mentionEnvelope("env-mention-2", "1700000601.000100"));
    await waitUntil(() => expect(answersIn("1700000601.000100")).toHaveLength(1));
    expect(answersIn("1700000600.000100")).toHaveLength(1);
  });

  it("survives an events_api frame with no payload, losing neither the envelope before it nor the one after", async () => {
    const url = slack.responseUrl("/commands/before-bad-frame");
    server.send(slashCommandEnvelope("env-before", { text: "RLHF", responseUrl: url }));
    server.send({ type: "events_api", envelope_id: "env-bad" });
    server.send({ type: "events_api", envelope_id: "env-bad-2", payload: { event: null } });
    server.send(mentionEnvelope("env-after", "1700000700.000100"));
    await waitUntil(() => expect(slack.responses("/commands/before-bad-frame")).toHaveLength(1));
    await waitUntil(() => expect(answersIn("1700000700.000100")).toHaveLength(1));
    expect(acked("env-before")).toBe(1);
    expect(acked("env-after")).toBe(1);
    // Left unacknowledged, so Slack delivers it again (whole, one hopes).
    expect(acked("env-bad")).toBe(0);
    expect(logs.lines.join("")).toContain("dropped a malformed Socket Mode frame");
    const metrics = await (await fetch(`${health}/metrics`)).text();
    expect(metrics).toMatch(/paperbot_process_errors_total\{kind="malformed_frame"\} 2/);
  });

  it("serves /healthz, /readyz and /metrics on the health port without calling Slack", async () => {
    const before = slack.calls.length;
    expect((await fetch(`${health}/healthz`)).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const ready = await fetch(`${health}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ok: true, corpus: true, slack: true, socket: true });
    }
    const metrics = await (await fetch(`${health}/metrics`)).text();
    expect(metrics).toMatch(/paperbot_requests_total\{kind="slash",outcome="answered"\} [1-9]/);
    expect(metrics).toMatch(/paperbot_requests_total\{kind="mention",outcome="duplicate"\} 1/);
    expect(metrics).toMatch(/paperbot_ack_seconds_count\{kind="slash"\} [1-9]/);
    expect(metrics).toMatch(/paperbot_ack_seconds_count\{kind="app_mention"\} [1-9]/);
    expect(metrics).toContain("nodejs_eventloop_lag_seconds");
    expect(metrics).toContain("process_resident_memory_bytes");
    expect(slack.calls.length).toBe(before);
    expect((await fetch(`${health}/nowhere`)).status).toBe(404);
  });

  it("serves /healthz and /readyz while 600 idle or slow connections are held on the health port", async () => {
    const port = app.healthPort ?? 0;
    const held = [
      ...(await holdSockets(port, 300, "")),
      ...(await holdSockets(port, 300, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")),
    ];
    try {
      for (let i = 0; i < 20; i++) {
        expect((await fetch(`${health}/healthz`)).status).toBe(200);
        expect((await fetch(`${health}/readyz`)).status).toBe(200);
      }
    } finally {
      release(held);
    }
  });

  it("keeps the app token out of the logs", () => {
    expect(logs.lines.join("")).not.toContain(APP_TOKEN);
  });

  it("reports not ready once the socket connection is gone", async () => {
    await server.close();
    await waitUntil(async () => {
      const ready = await fetch(`${health}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, socket: false });
    });
  });
});
