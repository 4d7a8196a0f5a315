import { vi } from "vitest";
import type { BotDeps } from "../../src/bot/ports.js";
import { createFollowControl, createReadingList } from "../../src/follow/controls.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import type { SearchIndex } from "../../src/search/types.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import type { StateStore } from "../../src/state/store.js";
import type { FakeSlackApi } from "./fake-slack-api.js";
import { capturedLogger } from "./logs.js";
import { buttonClickBody, eventBody, postSigned, slashCommandBody } from "./signed-request.js";
import { httpAppOptions } from "./slack-app.js";

const FORM = "application/x-www-form-urlencoded";

export const waitUntil = (check: () => void, timeout = 8000) => vi.waitFor(check, { timeout, interval: 20 });

/** The bot core over a store: follows, the reading list and daily posts all kept there. */
export function storeBot(store: StateStore, index: () => SearchIndex, now: () => Date): BotDeps {
  return {
    index,
    random: () => 0.25,
    now,
    defaultTimeZone: "UTC",
    daily: createDailyControl(store, { now, defaultTimeZone: "UTC", index }),
    follows: createFollowControl(store, { now, whatsNewWindowMs: 24 * 3600_000 }),
    readingList: createReadingList(store),
  };
}

export interface FollowApp {
  app: RunningSlackApp;
  /** A signed `/paper …` from `userId`; resolves to what reached its response_url. */
  slash(text: string, userId?: string, channelId?: string): Promise<Record<string, unknown>[]>;
  /** A signed click of a button with this value in an ephemeral message; resolves to what its response_url got. */
  click(value: string, userId?: string, actionId?: string): Promise<Record<string, unknown>[]>;
  /** A signed click of a Home tab button (no response_url there). */
  homeClick(value: string, actionId: string, userId?: string, privateMetadata?: string): Promise<void>;
  /** A signed event envelope. */
  event(event: Record<string, unknown>): Promise<void>;
  /** A signed view_submission. */
  submit(
    view: Record<string, unknown>,
    userId?: string,
    extra?: Record<string, unknown>,
  ): Promise<{ status: number; text: string }>;
  logs: string[];
  stop(): Promise<void>;
}

let sequence = 0;

/** Who an interactive payload comes from: the person, their workspace and our app. */
const sentBy = (userId: string) => ({
  team: { id: "T0TEST", domain: "test" },
  user: { id: userId, username: "asker", team_id: "T0TEST" },
  api_app_id: "A0PAPERBOT",
  token: "verification-token-unused",
});

/** The real Bolt app in HTTP mode over a loopback Slack, with the store's ledger and the Home tab. */
export async function startFollowApp(
  slack: FakeSlackApi,
  store: StateStore,
  bot: BotDeps,
  options: { adminUsers?: string[] } = {},
): Promise<FollowApp> {
  const { logger, lines } = capturedLogger();
  const app = await startSlackApp(
    httpAppOptions("xoxb-7-7-followbot", {
      bot,
      adminUsers: options.adminUsers ?? [],
      ledger: store.deliveries,
      logger,
      slackApiUrl: slack.apiUrl,
      slackTimeoutMs: 2000,
      delivery: { backoffMs: () => 20 },
      home: { state: store, ...(bot.daily ? { daily: bot.daily } : {}), timeZone: "UTC" },
    }),
  );
  const eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
  const hookPath = () => `/hooks/${++sequence}`;
  const answered = async (path: string) => {
    await waitUntil(() => {
      if (slack.responses(path).length === 0) throw new Error("no answer yet");
    });
    return slack.responses(path);
  };
  return {
    app,
    logs: lines,
    async slash(text, userId = "U0ASKER", channelId = "C0CHANNEL") {
      const path = hookPath();
      const body = slashCommandBody({ text, userId, channelId, responseUrl: slack.responseUrl(path) });
      const ack = await postSigned(eventsUrl, body, FORM);
      if (ack.status !== 200) throw new Error(`slash command got ${ack.status}`);
      return answered(path);
    },
    async click(value, userId = "U0ASKER", actionId = "paper_menu") {
      const path = hookPath();
      const body = buttonClickBody({ value, userId, actionId, responseUrl: slack.responseUrl(path) });
      const ack = await postSigned(eventsUrl, body, FORM);
      if (ack.status !== 200) throw new Error(`click got ${ack.status}`);
      return answered(path);
    },
    async homeClick(value, actionId, userId = "U0ASKER", privateMetadata = "") {
      const payload = {
        type: "block_actions",
        ...sentBy(userId),
        container: { type: "view", view_id: "V1" },
        trigger_id: "1.2.3",
        view: {
          id: "V1",
          type: "home",
          private_metadata: privateMetadata,
          callback_id: "",
          state: { values: {} },
        },
        actions: [
          {
            type: "button",
            action_id: actionId,
            block_id: "b1",
            value,
            text: { type: "plain_text", text: "x" },
            action_ts: "1700000001.000200",
          },
        ],
      };
      const ack = await postSigned(
        eventsUrl,
        new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
        FORM,
      );
      if (ack.status !== 200) throw new Error(`home click got ${ack.status}`);
    },
    async event(event) {
      const ack = await postSigned(
        eventsUrl,
        eventBody({ eventId: `Ev${++sequence}`, event }),
        "application/json",
      );
      if (ack.status !== 200) throw new Error(`event got ${ack.status}`);
    },
    async submit(view, userId = "U0ASKER", extra = {}) {
      const payload = {
        type: "view_submission",
        ...sentBy(userId),
        trigger_id: "1.2.3",
        view: { id: "V2", type: "modal", ...view },
        ...extra,
      };
      return postSigned(
        eventsUrl,
        new URLSearchParams({ payload: JSON.stringify(payload) }).toString(),
        FORM,
      );
    },
    stop: () => app.stop(),
  };
}
