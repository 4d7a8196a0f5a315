import nock from "nock";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMemoryLedger } from "../../src/slack/once.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { blockNetwork, captureApi, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";
import { type SocketModeServer, startSocketModeServer } from "../helpers/socket-server.js";

const APP_TOKEN = "xapp-1-A0PAPERBOT-1-socketapptoken";

let server: SocketModeServer;
let app: RunningSlackApp;
let opened: { calls: Record<string, unknown>[] };
const logs = capturedLogger();

beforeAll(async () => {
  blockNetwork();
  server = await startSocketModeServer();
  opened = captureApi("apps.connections.open", { ok: true, url: server.url });
  const { bot } = await fixtureBot();
  app = await startSlackApp({
    mode: { kind: "socket", botToken: "xoxb-1-2-socketbot", appToken: APP_TOKEN },
    bot,
    adminUsers: [],
    ledger: createMemoryLedger(Date.now, 60_000),
    logger: logs.logger,
    corpusLoaded: () => true,
    retries: 0,
    identity: { botId: "B0BOT", botUserId: "U0BOT" },
    autoReconnect: false,
  });
  await server.connected();
});

afterAll(async () => {
  await app.stop();
  await server.close();
  nock.cleanAll();
  resetNock();
});

describe("Socket Mode", () => {
  it("opens the connection with the app-level token", () => {
    expect(opened.calls).toHaveLength(1);
  });

  it("acks a slash command envelope by its envelope_id and answers through respond()", async () => {
    const hook = captureResponseUrl("/commands/socket");
    server.send({
      envelope_id: "env-slash-1",
      type: "slash_commands",
      accepts_response_payload: true,
      payload: {
        token: "unused",
        team_id: "T0TEST",
        channel_id: "C0CHANNEL",
        user_id: "U0ASKER",
        command: "/paper",
        text: "who reward models",
        api_app_id: "A0PAPERBOT",
        response_url: hook.url,
        trigger_id: "1.2.3",
      },
    });
    await vi.waitFor(() => expect(hook.bodies).toHaveLength(1), { timeout: 5000 });
    await vi.waitFor(
      () => expect(server.received).toContainEqual(expect.objectContaining({ envelope_id: "env-slash-1" })),
      { timeout: 5000 },
    );
    expect(hook.bodies[0]).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(hook.bodies[0])).toContain("Ada Lovelace");
  });

  it("keeps the app token out of the logs", () => {
    expect(logs.lines.join("")).not.toContain(APP_TOKEN);
  });
});
