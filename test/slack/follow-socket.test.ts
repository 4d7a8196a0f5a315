import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import { DAILY_EDIT_CALLBACK } from "../../src/render/home.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import type { StateStore } from "../../src/state/store.js";
import { fixtureBot } from "../helpers/bot.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { storeBot, waitUntil } from "../helpers/follow-app.js";
import { capturedLogger } from "../helpers/logs.js";
import { socketAppOptions } from "../helpers/slack-app.js";
import {
  type SocketModeServer,
  slashCommandEnvelope,
  startSocketModeServer,
} from "../helpers/socket-server.js";
import { freshStates } from "../helpers/stores.js";

/** Follow, Home buttons and the daily-paper form over the loopback Socket Mode server. */
describe("follow and the Home tab in Socket Mode", () => {
  const freshState = freshStates("sqlite");
  let server: SocketModeServer;
  let slack: FakeSlackApi;
  let app: RunningSlackApp;
  let store: StateStore;

  beforeEach(async () => {
    server = await startSocketModeServer();
    slack = await startFakeSlackApi();
    slack.socketUrl = server.url;
    store = await (await freshState()).open();
    const { index } = await fixtureBot();
    const bot = storeBot(
      store,
      () => index,
      () => new Date(),
    );
    app = await startSlackApp(
      socketAppOptions(
        { botToken: "xoxb-1-2-socketbot", appToken: "xapp-1-A0-1-token" },
        {
          bot,
          ledger: store.deliveries,
          logger: capturedLogger().logger,
          slackApiUrl: slack.apiUrl,
          slackTimeoutMs: 2000,
          home: { state: store, ...(bot.daily ? { daily: bot.daily } : {}), timeZone: "UTC" },
        },
      ),
    );
    await server.connected();
  });
  afterEach(async () => {
    await app.stop();
    await server.close();
    await slack.close();
  });

  const ackOf = (envelopeId: string) => server.received.find((m) => m.envelope_id === envelopeId);

  it("follows by a slash command, unfollows from a Home button and answers the form with its errors", async () => {
    server.send(
      slashCommandEnvelope("env-follow", {
        text: "follow reward models",
        responseUrl: slack.responseUrl("/commands/follow"),
      }),
    );
    await waitUntil(() => expect(slack.responses("/commands/follow")).toHaveLength(1));
    expect(JSON.stringify(slack.responses("/commands/follow")[0])).toContain(
      "You now follow the topic *reward models*",
    );
    expect(await store.follows.count("U0ASKER")).toBe(1);

    server.send({
      envelope_id: "env-home",
      type: "interactive",
      accepts_response_payload: false,
      payload: {
        type: "block_actions",
        team: { id: "T0TEST" },
        user: { id: "U0ASKER" },
        api_app_id: "A0PAPERBOT",
        container: { type: "view", view_id: "V1" },
        trigger_id: "1.2.3",
        view: { id: "V1", type: "home", private_metadata: "", state: { values: {} } },
        actions: [
          {
            type: "button",
            action_id: "home_unfollow",
            block_id: "b1",
            value: encodeAction({ a: "unfollow", k: "t", t: "reward models" }),
            action_ts: "1700000001.000200",
          },
        ],
      },
    });
    await waitUntil(() => expect(slack.published).toHaveLength(1));
    expect(await store.follows.count("U0ASKER")).toBe(0);
    expect(JSON.stringify(slack.published[0]?.view)).toContain("You no longer follow *reward models*.");

    server.send({
      envelope_id: "env-form",
      type: "interactive",
      accepts_response_payload: true,
      payload: {
        type: "view_submission",
        team: { id: "T0TEST" },
        user: { id: "U0ASKER" },
        api_app_id: "A0PAPERBOT",
        view: {
          id: "V2",
          type: "modal",
          callback_id: DAILY_EDIT_CALLBACK,
          private_metadata: JSON.stringify({ c: "C0CHANNEL" }),
          state: {
            values: {
              time: { value: { type: "timepicker", selected_time: null } },
              days: { value: { type: "static_select", selected_option: { value: "weekdays" } } },
              zone: { value: { type: "plain_text_input", value: "UTC" } },
            },
          },
        },
      },
    });
    await waitUntil(() => expect(ackOf("env-form")).toBeDefined());
    expect(ackOf("env-form")?.payload).toMatchObject({
      response_action: "errors",
      errors: { time: "Pick a time." },
    });
  });
});
