import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { HttpLimits } from "../../src/config.js";
import { createMetrics, type Metrics, watchIndex } from "../../src/ops/metrics.js";
import { BODY_BYTES_IN_FLIGHT, BODY_LIMIT_BYTES } from "../../src/slack/receivers.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import {
  eventBody,
  nowSeconds,
  postSigned,
  slackSignature,
  slashCommandBody,
} from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { holdSockets, rawRequest, release } from "./raw-sockets.js";

const REQUEST_TIMEOUT_MS = 800;
const HEADERS_TIMEOUT_MS = 400;
const FORM = "application/x-www-form-urlencoded";

let slack: FakeSlackApi;
let app: RunningSlackApp;
/** An app whose timeouts outlast each test, so that the connections a test holds stay open throughout. */
let patient: RunningSlackApp;
let metrics: Metrics;
let base: string;
let corpusOpen = true;
const logs = capturedLogger();
const waitUntil = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

async function start(limits: HttpLimits) {
  const { bot, index } = await fixtureBot();
  const appMetrics = createMetrics({ processMetrics: false });
  const loadedAt = Date.parse("2026-11-30T09:00:00Z");
  watchIndex(appMetrics, { index: () => index, loadedAt: () => loadedAt, now: () => loadedAt + 90_000 });
  const running = await startSlackApp(
    httpAppOptions(
      "xoxb-7-8-serverbot",
      {
        bot,
        logger: logs.logger,
        corpusLoaded: () => corpusOpen,
        slackApiUrl: slack.apiUrl,
        slackTimeoutMs: 1000,
        metrics: appMetrics,
        delivery: { backoffMs: () => 50 },
      },
      limits,
    ),
  );
  return { running, appMetrics };
}

beforeAll(async () => {
  slack = await startFakeSlackApi();
  const main = await start({
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    maxConnections: 64,
  });
  app = main.running;
  metrics = main.appMetrics;
  base = `http://127.0.0.1:${app.port}`;
  patient = (await start({ requestTimeoutMs: 60_000, headersTimeoutMs: 30_000, maxConnections: 10_000 }))
    .running;
});

afterAll(async () => {
  await app.stop();
  await patient.stop();
  await slack.close();
});

describe("signed requests dated in the future", () => {
  it("are refused with 401 more than five minutes ahead, and answered within them", async () => {
    const ahead = (seconds: number, path: string) =>
      postSigned(
        `${base}/slack/events`,
        slashCommandBody({ text: "RLHF", responseUrl: slack.responseUrl(path) }),
        FORM,
        {
          timestamp: nowSeconds() + seconds,
        },
      );
    expect((await ahead(10 * 60, "/commands/future")).status).toBe(401);
    expect((await ahead(4 * 60, "/commands/near-future")).status).toBe(200);
    await waitUntil(() => expect(slack.responses("/commands/near-future")).toHaveLength(1));
    expect(slack.responses("/commands/future")).toEqual([]);
  });
});

describe("slow clients", () => {
  it("a body that never finishes is cut off with 408 after the request timeout", async () => {
    const head = `${postHead(500, signedLooking())}payload=%7B`;
    const { reply, closedAfterMs } = await rawRequest(app.port ?? 0, head);
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  });

  it("headers that never finish are cut off with 408 after the headers timeout", async () => {
    const { reply, closedAfterMs } = await rawRequest(
      app.port ?? 0,
      "POST /slack/events HTTP/1.1\r\nHost: x\r\n",
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2500);
  });

  it("a body over the limit is refused with 413 and answers nothing, and the next request is served", async () => {
    const body = slashCommandBody({
      text: "x".repeat(BODY_LIMIT_BYTES),
      responseUrl: slack.responseUrl("/commands/huge"),
    });
    expect((await postSigned(`${base}/slack/events`, body, FORM)).status).toBe(413);
    expect(slack.responses("/commands/huge")).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

/** The headers of a POST to the events path; `signed` gives it a fresh timestamp and a signature of the right shape. */
function postHead(contentLength: number, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nContent-Length: ${contentLength}\r\n${lines.join("")}\r\n`;
}
const signedLooking = () => ({
  "X-Slack-Request-Timestamp": String(nowSeconds()),
  "X-Slack-Signature": slackSignature("not-the-secret", nowSeconds(), "whatever"),
});

describe("connections that cannot be hoarded", () => {
  let rounds = 0;
  async function servedWhileHeld(port: number) {
    const patientBase = `http://127.0.0.1:${port}`;
    const round = ++rounds;
    for (let i = 0; i < 10; i++) {
      const path = `/commands/held-${round}-${i}`;
      const body = slashCommandBody({ text: "RLHF", responseUrl: slack.responseUrl(path) });
      expect((await postSigned(`${patientBase}/slack/events`, body, FORM)).status).toBe(200);
      expect((await fetch(`${patientBase}/readyz`)).status).toBe(200);
    }
    await waitUntil(() => expect(slack.responses(`/commands/held-${round}-9`)).toHaveLength(1));
  }

  it("300 connections that send nothing, 300 with unfinished headers and 300 with unfinished bodies leave signed requests and /readyz served", async () => {
    const port = patient.port ?? 0;
    const held = [
      ...(await holdSockets(port, 300, "")),
      ...(await holdSockets(port, 300, "POST /slack/events HTTP/1.1\r\nHost: x\r\nX-Slow: ")),
      ...(await holdSockets(port, 300, `${postHead(2000, signedLooking())}payload=%7B`)),
    ];
    try {
      await servedWhileHeld(port);
      // They were all held while the bot answered: none was closed to make room.
      expect(held.filter((h) => h.closed())).toEqual([]);
    } finally {
      release(held);
    }
  });

  it("refuses from its headers alone, before reading its body, a request that cannot be Slack's", async () => {
    const port = patient.port ?? 0;
    const fourMegabytes = 4 * 1024 * 1024;
    const stale = String(nowSeconds() - 10 * 60);
    const cases = [
      { head: postHead(fourMegabytes, {}), status: 401 },
      {
        head: postHead(fourMegabytes, { ...signedLooking(), "X-Slack-Signature": "v0=forged" }),
        status: 401,
      },
      {
        head: postHead(fourMegabytes, { ...signedLooking(), "X-Slack-Request-Timestamp": stale }),
        status: 401,
      },
      { head: postHead(fourMegabytes, signedLooking()), status: 413 },
    ];
    for (const { head, status } of cases) {
      // Only the headers are sent: the answer comes without the body, and the connection is closed.
      const { reply } = await rawRequest(port, head);
      expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
      expect(reply.toLowerCase()).toContain("connection: close");
    }
  });

  it("reads at most BODY_BYTES_IN_FLIGHT of bodies at once: the body that would pass it is dropped, signed requests go on", async () => {
    const port = patient.port ?? 0;
    const sent = BODY_LIMIT_BYTES - 1024;
    const bodies = Math.floor(BODY_BYTES_IN_FLIGHT / sent) + 1;
    const head = Buffer.from(postHead(BODY_LIMIT_BYTES, signedLooking()));
    const held = await holdSockets(port, bodies, Buffer.concat([head, Buffer.alloc(sent, "a")]));
    try {
      await waitUntil(() => expect(held.filter((h) => h.closed())).toHaveLength(1));
      await servedWhileHeld(port);
      expect(held.filter((h) => h.closed())).toHaveLength(1);
    } finally {
      release(held);
    }
  });
});

describe("health and metrics on the HTTP port", () => {
  it("/readyz is answered from what the bot already knows: no Slack call per probe", async () => {
    const before = slack.callsOf("auth.test").length;
    for (let i = 0; i < 5; i++) {
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ok: true, corpus: true, slack: true });
    }
    expect(slack.callsOf("auth.test").length).toBe(before);
  });

  it("/readyz says not ready when no index is open", async () => {
    corpusOpen = false;
    const ready = await fetch(`${base}/readyz`);
    corpusOpen = true;
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, corpus: false, slack: true });
  });

  it("/readyz says not ready once Slack rejects the token, and ready again when it accepts it", async () => {
    const mention = (ts: string) => ({
      type: "app_mention",
      user: "U0ASKER",
      text: "<@U0BOT> help",
      ts,
      channel: "C0READY",
    });
    slack.fail("chat.postMessage", { error: "invalid_auth" });
    await postSigned(
      `${base}/slack/events`,
      eventBody({ eventId: "EvAuth1", event: mention("1700003000.000100") }),
      "application/json",
    );
    await waitUntil(async () => expect((await fetch(`${base}/readyz`)).status).toBe(503));
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({ ok: false, corpus: true, slack: false });
    await postSigned(
      `${base}/slack/events`,
      eventBody({ eventId: "EvAuth2", event: mention("1700003001.000100") }),
      "application/json",
    );
    await waitUntil(async () => expect((await fetch(`${base}/readyz`)).status).toBe(200));
  });

  it("/metrics serves the bot's metrics in Prometheus' text format", async () => {
    await postSigned(
      `${base}/slack/events`,
      slashCommandBody({ text: "reward models", responseUrl: slack.responseUrl("/commands/metrics") }),
      FORM,
    );
    await waitUntil(() => expect(slack.responses("/commands/metrics")).toHaveLength(1));
    const response = await fetch(`${base}/metrics`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/paperbot_search_seconds_count\{operation="search"\} [1-9]/);
    expect(text).toMatch(/paperbot_index_papers 4\b/);
    expect(text).toMatch(/^paperbot_index_age_seconds 90$/m);
    expect(text).toMatch(/paperbot_ack_seconds_bucket\{le="0\.5",kind="slash"\} [1-9]/);
    expect(text).toMatch(/paperbot_answer_seconds_count\{kind="slash"\} [1-9]/);
    expect(text).toMatch(/paperbot_requests_total\{kind="slash",outcome="answered"\} [1-9]/);
    expect(text).toMatch(
      /paperbot_slack_api_errors_total\{method="chat.postMessage",code="invalid_auth"\} 1/,
    );
    // Each app has its own registry: the other app's metrics are not in this one.
    expect(metrics.registry).not.toBe(patient.metrics.registry);
  });
});
