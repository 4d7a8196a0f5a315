import { createHmac } from "node:crypto";
import { createServer } from "node:net";
import { App, HTTPReceiver } from "@slack/bolt";
import type { HomeView } from "@slack/types";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Paper } from "../../src/corpus/types.js";
import { HOME_MAX_BLOCKS, renderHomeView } from "../../src/render/home.js";
import { LIMITS } from "../../src/render/limits.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { registerHome } from "../../src/slack/home.js";
import { freshStates } from "../helpers/stores.js";
import { corpusOf, indexOf, recordingLogger, recordPosted } from "../schedule/helpers.js";

const signingSecret = "test-signing-secret";

beforeEach(() => {
  nock.disableNetConnect();
  nock.enableNetConnect("127.0.0.1");
});
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

function textsOf(view: HomeView): string[] {
  return view.blocks.flatMap((block) => {
    const b = block as { text?: { text: string }; elements?: { text?: string }[] };
    return [b.text?.text ?? "", ...(b.elements ?? []).map((e) => e.text ?? "")];
  });
}

describe("renderHomeView", () => {
  const paper = corpusOf(["p1"]).papers[0] as Paper;

  it("shows today's paper, the viewer's channels, the corpus size and the help", () => {
    const view = renderHomeView({
      today: { date: "2026-01-15", paper, channelId: "C0ONE" },
      channels: [
        { channelId: "C0ONE", time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5] },
        {
          channelId: "C0TWO",
          time: "17:30",
          timeZone: "UTC",
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          paused: "not_in_channel",
        },
      ],
      corpus: { papers: 27, people: 80 },
    });
    const text = textsOf(view).join("\n");
    expect(view.type).toBe("home");
    expect(text).toContain(paper.headline);
    expect(text).toContain("<#C0ONE> on weekdays at 09:00 (Europe/Berlin)");
    expect(text).toContain("<#C0TWO> every day at 17:30 (UTC) · paused: `not_in_channel`");
    expect(text).toContain("27 papers by 80 people");
    expect(text).toContain("/paper daily on");
  });

  it("says so when the viewer has no subscribed channel, and when they could not be listed", () => {
    const none = textsOf(renderHomeView({ channels: [], corpus: { papers: 1, people: 1 } })).join("\n");
    expect(none).toContain("None of your channels get one yet");
    const unknown = textsOf(
      renderHomeView({ channels: [], channelsUnknown: true, corpus: { papers: 1, people: 1 } }),
    ).join("\n");
    expect(unknown).toContain("couldn't list your channels");
  });

  it("stays within Block Kit limits with a huge corpus paper and hundreds of channels, and escapes corpus text", () => {
    const huge: Paper = {
      ...paper,
      headline: `<!channel> ${"Very long headline ".repeat(40)}`,
      abstract: "word ".repeat(5000),
      authors: Array.from({ length: 300 }, (_, i) => `Author Number ${i}`),
    };
    const view = renderHomeView({
      today: { date: "2026-01-15", paper: huge },
      channels: Array.from({ length: 800 }, (_, i) => ({
        channelId: `C${String(i).padStart(8, "0")}`,
        time: "09:00",
        timeZone: "America/Argentina/ComodRivadavia",
        weekdays: [1, 3, 5],
      })),
      corpus: { papers: 100_000, people: 50_000 },
    });
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_MAX_BLOCKS);
    for (const block of view.blocks) {
      const b = block as { type: string; text?: { text: string }; elements?: { text?: string }[] };
      const limit = b.type === "header" ? LIMITS.headerText : LIMITS.sectionText;
      expect(b.text?.text.length ?? 0).toBeLessThanOrEqual(limit);
      for (const e of b.elements ?? []) expect(e.text?.length ?? 0).toBeLessThanOrEqual(LIMITS.contextText);
    }
    const text = textsOf(view).join("\n");
    expect(text).not.toContain("<!channel>");
    expect(text).toContain("more channels not shown");
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function sendSignedEvent(port: number, event: Record<string, unknown>): Promise<number> {
  const body = JSON.stringify({
    token: "legacy",
    team_id: "T1",
    api_app_id: "A1",
    type: "event_callback",
    event_id: `Ev${Math.random().toString(36).slice(2)}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = `v0=${createHmac("sha256", signingSecret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
  const response = await fetch(`http://127.0.0.1:${port}/slack/events`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": signature,
    },
    body,
  });
  return response.status;
}

function parsedBody(raw: unknown): Record<string, unknown> {
  return typeof raw === "string"
    ? Object.fromEntries(new URLSearchParams(raw))
    : (raw as Record<string, unknown>);
}

describe("registerHome", () => {
  const freshState = freshStates("sqlite");
  async function startApp(usersConversations: () => [number, object]) {
    const now = new Date("2026-01-15T12:00:00Z");
    const db = await (await freshState()).open();
    const index = indexOf(["p1", "p2", "p3"]);
    const control = createDailyControl(db, { now: () => now, defaultTimeZone: "UTC", index: () => index });
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    for (const channel of ["CMINE", "CSECRET", "CPAUSED"]) {
      await control.subscribe(
        channel,
        { time: "09:00", timeZone: "Europe/Berlin", weekdays: everyDay },
        "U1",
      );
    }
    await db.subscriptions.pause("CPAUSED", "not_in_channel", now.getTime());
    await recordPosted(db, "CMINE", "2026-01-15", "p2", now.getTime());

    let published: (body: Record<string, unknown>) => void = () => {};
    const publishedBody = new Promise<Record<string, unknown>>((resolve) => {
      published = resolve;
    });
    const conversationsCalls: Record<string, unknown>[] = [];
    nock("https://slack.com")
      .post("/api/users.conversations")
      .reply((_uri, raw) => {
        conversationsCalls.push(parsedBody(raw));
        return usersConversations();
      })
      .post("/api/views.publish")
      .reply((_uri, raw) => {
        published(parsedBody(raw));
        return [200, { ok: true, view: { id: "V1" } }];
      });

    const receiver = new HTTPReceiver({ signingSecret });
    const app = new App({
      token: "xoxb-test",
      receiver,
      botId: "B1",
      botUserId: "UBOT",
      clientOptions: { retryConfig: { retries: 0 } },
    });
    registerHome(app, {
      state: db,
      index: () => index,
      now: () => now,
      timeZone: "UTC",
      logger: recordingLogger().logger,
    });
    const port = await freePort();
    await app.start(port);
    return { app, port, publishedBody, conversationsCalls };
  }

  it("publishes the Home tab with today's paper from the viewer's channel and only the channels they are in", async () => {
    const { app, port, publishedBody, conversationsCalls } = await startApp(() => [
      200,
      { ok: true, channels: [{ id: "CMINE" }, { id: "CPAUSED" }, { id: "COTHER" }] },
    ]);
    try {
      expect(
        await sendSignedEvent(port, { type: "app_home_opened", user: "U1", channel: "D1", tab: "home" }),
      ).toBe(200);
      const body = await publishedBody;
      expect(body.user_id).toBe("U1");
      expect(conversationsCalls[0]).toMatchObject({ user: "U1", types: "public_channel,private_channel" });
      const view = JSON.parse(String(body.view)) as HomeView;
      const text = textsOf(view).join("\n");
      expect(text).toContain("Paper p2 on topic 1");
      expect(text).toContain("posted in <#CMINE>");
      expect(text).toContain("<#CMINE> every day at 09:00");
      expect(text).toContain("<#CPAUSED>");
      expect(text).toContain("paused: `not_in_channel`");
      expect(text).not.toContain("CSECRET");
      expect(text).toContain("3 papers by 3 people");
    } finally {
      await app.stop();
    }
  });

  it("still publishes a useful tab when the viewer's channels cannot be listed", async () => {
    const { app, port, publishedBody } = await startApp(() => [200, { ok: false, error: "missing_scope" }]);
    try {
      await sendSignedEvent(port, { type: "app_home_opened", user: "U1", channel: "D1", tab: "home" });
      const text = textsOf(JSON.parse(String((await publishedBody).view)) as HomeView).join("\n");
      expect(text).toContain("couldn't list your channels");
      expect(text).not.toContain("CMINE");
      expect(text).toContain("Paper of the day");
    } finally {
      await app.stop();
    }
  });
});
