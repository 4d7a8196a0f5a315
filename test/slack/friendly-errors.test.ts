import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FRIENDLY_ERROR } from "../../src/bot/messages.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { eventBody, postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, capturePosts, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

const INTERNAL = "index file vanished at /srv/paperbot/index.bin";

let app: RunningSlackApp;
let eventsUrl: string;
const logs = capturedLogger();

beforeAll(async () => {
  blockNetwork();
  const { bot } = await fixtureBot();
  app = await startSlackApp(
    httpAppOptions("xoxb-1-2-brokenbot", {
      bot: {
        ...bot,
        index: () => {
          throw new Error(INTERNAL);
        },
      },
      logger: logs.logger,
    }),
  );
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

describe("when answering fails inside the bot", () => {
  it("a slash command gets the friendly message privately, never the internal error", async () => {
    const hook = captureResponseUrl("/commands/broken");
    const body = slashCommandBody({ text: "RLHF", responseUrl: hook.url });
    const ack = await postSigned(eventsUrl, body, "application/x-www-form-urlencoded");
    expect(ack.status).toBe(200);
    await vi.waitFor(() => expect(hook.bodies).toHaveLength(1), { timeout: 5000 });
    expect(hook.bodies[0]).toEqual({
      text: FRIENDLY_ERROR,
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(JSON.stringify(hook.bodies)).not.toContain("vanished");
  });

  it("a mention gets the friendly message in its thread, once however often Slack retries the event", async () => {
    const posts = capturePosts();
    const event = {
      type: "app_mention",
      user: "U0ASKER",
      text: "<@U0BOT> RLHF",
      ts: "1700000500.000100",
      channel: "C0CHANNEL",
    };
    const ack = await postSigned(eventsUrl, eventBody({ eventId: "EvBroken", event }), "application/json");
    expect(ack.status).toBe(200);
    await vi.waitFor(() => expect(posts.calls).toHaveLength(1), { timeout: 5000 });
    for (const retry of ["1", "2"]) {
      const again = await postSigned(
        eventsUrl,
        eventBody({ eventId: "EvBroken", event }),
        "application/json",
        {
          headers: { "x-slack-retry-num": retry, "x-slack-retry-reason": "http_timeout" },
        },
      );
      expect(again.status).toBe(200);
    }
    // A later, different mention is answered: by then a second "Sorry" for the first would have arrived.
    const other = { ...event, ts: "1700000501.000100" };
    await postSigned(eventsUrl, eventBody({ eventId: "EvBroken2", event: other }), "application/json");
    await vi.waitFor(() => expect(posts.calls).toHaveLength(2), { timeout: 5000 });
    expect(posts.calls.filter((c) => c.thread_ts === "1700000500.000100")).toHaveLength(1);
    expect(posts.calls[0]).toMatchObject({
      channel: "C0CHANNEL",
      thread_ts: "1700000500.000100",
      text: FRIENDLY_ERROR,
    });
  });

  it("the cause is logged for the operator", () => {
    expect(logs.lines.join("")).toContain("vanished");
  });
});
