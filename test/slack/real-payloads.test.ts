import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { fixtureBot } from "../helpers/bot.js";
import { paperWith } from "../helpers/papers.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

/*
 * Events in the shapes Slack sends them (the fields of the Events API documentation and the official SDKs'
 * fixtures), where the bot once went wrong: another bot's mention, a DM carrying a file, a thread question
 * in a group DM.
 */

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(SLACK_MODES)("events as Slack sends them, over %s", (mode) => {
  let surface: SurfaceApp;
  let index: SearchIndex;
  let sequence = 0;
  const nextTs = () => `1700100${String(++sequence).padStart(3, "0")}.000200`;
  const postsIn = (channel: string) =>
    surface.slack.callsOf("chat.postMessage").filter((c) => c.args.channel === channel);

  beforeAll(async () => {
    const fixture = await fixtureBot();
    index = fixture.index;
    surface = await startSurfaceApp(mode, fixture.bot);
  });
  afterAll(async () => {
    await surface.stop();
  });

  it("ignores mentions written by other bots (bot_id, bot_message), and answers a person's after them", async () => {
    const channel = `C0BOTS${mode.toUpperCase()}`;
    // A bot posting with its bot token: a user id, with bot_id and bot_profile beside it.
    const byAppBot = nextTs();
    await surface.event(`Ev0BOT${mode}1`, {
      type: "app_mention",
      user: "U0OTHERBOT",
      bot_id: "B0OTHERBOT",
      app_id: "A0OTHERAPP",
      bot_profile: { id: "B0OTHERBOT", app_id: "A0OTHERAPP", name: "otherbot", deleted: false },
      text: "<@U0BOT> RLHF",
      ts: byAppBot,
      event_ts: byAppBot,
      channel,
      team: "T0TEST",
    });
    // A legacy bot (an incoming webhook): subtype bot_message, a username, no user.
    const byWebhook = nextTs();
    await surface.event(`Ev0BOT${mode}2`, {
      type: "app_mention",
      subtype: "bot_message",
      bot_id: "B0HOOK",
      username: "ci-notifier",
      text: "<@U0BOT> RLHF",
      ts: byWebhook,
      event_ts: byWebhook,
      channel,
    });
    const byPerson = nextTs();
    await surface.event(`Ev0BOT${mode}3`, {
      type: "app_mention",
      user: "U0ASKER",
      client_msg_id: "5b6f0a55-8d1e-4c5b-9a57-1c2d3e4f5a6b",
      text: "<@U0BOT> RLHF",
      ts: byPerson,
      event_ts: byPerson,
      channel,
      team: "T0TEST",
    });
    await waitUntil(() => expect(postsIn(channel)).toHaveLength(1));
    await settle(200);
    expect(postsIn(channel).map((c) => c.args.thread_ts)).toEqual([byPerson]);
  });

  it("answers a direct message that carries a file (subtype file_share) by its text", async () => {
    const channel = `D0FILE${mode.toUpperCase()}`;
    const ts = nextTs();
    const paper = paperWith(index, "RLHF");
    await surface.event(`Ev0FILE${mode}`, {
      type: "message",
      subtype: "file_share",
      text: "RLHF",
      files: [
        {
          id: "F0NOTES",
          created: 1700100000,
          name: "notes.pdf",
          title: "notes.pdf",
          mimetype: "application/pdf",
          filetype: "pdf",
          user: "U0ASKER",
          size: 48213,
          mode: "hosted",
          is_external: false,
        },
      ],
      upload: false,
      user: "U0ASKER",
      display_as_bot: false,
      ts,
      event_ts: ts,
      channel,
      channel_type: "im",
    });
    await waitUntil(() => expect(postsIn(channel)).toHaveLength(1));
    expect(JSON.stringify(postsIn(channel)[0]?.args.blocks)).toContain(paper.headline.slice(0, 30));
  });

  it("answers a DM thread reply also sent to the conversation (subtype thread_broadcast)", async () => {
    const channel = `D0CAST${mode.toUpperCase()}`;
    const root = nextTs();
    const ts = nextTs();
    const paper = paperWith(index, "RLHF");
    await surface.event(`Ev0CAST${mode}`, {
      type: "message",
      subtype: "thread_broadcast",
      text: "RLHF",
      user: "U0ASKER",
      ts,
      thread_ts: root,
      root: { type: "message", user: "U0ASKER", text: "papers", ts: root, thread_ts: root, reply_count: 1 },
      client_msg_id: "0c8f4a1e-5b7d-4e2a-9c3f-7d6e5b4a3c2d",
      event_ts: ts,
      channel,
      channel_type: "im",
    });
    await waitUntil(() => expect(postsIn(channel)).toHaveLength(1));
    expect(JSON.stringify(postsIn(channel)[0]?.args.blocks)).toContain(paper.headline.slice(0, 30));
  });

  it("answers a thread question in a group DM from the card the thread is under", async () => {
    const scopes: string[] = parse(readFileSync("manifest.yml", "utf8")).oauth_config.scopes.bot;
    // Slack refuses to read a group DM's threads without mpim:history (missing_scope).
    if (!scopes.includes("mpim:history")) {
      surface.slack.fail("conversations.replies", { error: "missing_scope" });
    }
    const channel = `G0MPIM${mode.toUpperCase()}`;
    const paper: Paper = paperWith(index, "imitation game");
    const thread = nextTs();
    const card = renderSlackMessage({
      kind: "card",
      card: { paper, buttons: ["similar", "moreBy", "full", "save", "follow", "reroll"] },
    }).blocks;
    surface.slack.messages.push({ channel, ts: thread, thread_ts: thread, blocks: card });
    const ts = nextTs();
    await surface.event(`Ev0MPIM${mode}`, {
      type: "app_mention",
      user: "U0ASKER",
      text: "<@U0BOT> more like this",
      ts,
      event_ts: ts,
      thread_ts: thread,
      channel,
      team: "T0TEST",
    });
    await waitUntil(() => expect(postsIn(channel)).toHaveLength(1));
    expect(JSON.stringify(postsIn(channel)[0]?.args.blocks)).toContain(
      // The fixture's four papers share no topic: the answer names the paper no other is close to.
      `No paper is close to this one, “${paper.headline.slice(0, 30)}`,
    );
  });
});
