import nock from "nock";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { paperWith } from "../helpers/papers.js";
import { eventBody, postSigned } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, captureApi, capturePosts, resetNock } from "../helpers/slack-nock.js";

// "@paperbot more like this" in a thread under a card: the card's paper, read from the thread itself.

const THREAD = "1700000500.000100";
let app: RunningSlackApp;
let eventsUrl: string;
let index: SearchIndex;
const logs = capturedLogger();
const waitUntil = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** A message as Slack keeps it: the blocks of a real paper of the day, or of a card shared from a search. */
const cardMessage = (paper: Paper, title?: string) => ({
  type: "message",
  ts: THREAD,
  bot_id: "B0BOT",
  blocks: renderSlackMessage({
    kind: "card",
    ...(title === undefined ? {} : { title }),
    card: { paper, buttons: ["similar", "moreBy", "full", "save", "follow", "reroll"] },
  }).blocks,
});

async function mentionInThread(eventId: string, text: string) {
  const ts = `17000006${eventId.slice(-2)}.000100`;
  const event = {
    type: "app_mention",
    user: "U0ASKER",
    text,
    ts,
    event_ts: ts,
    thread_ts: THREAD,
    channel: "C0CHANNEL",
  };
  const ack = await postSigned(eventsUrl, eventBody({ eventId, event }), "application/json");
  expect(ack.status).toBe(200);
}

beforeAll(async () => {
  blockNetwork();
  const fixture = await fixtureBot();
  index = fixture.index;
  app = await startSlackApp(
    httpAppOptions("xoxb-4242-4343-testbottokenvalue", { bot: fixture.bot, logger: logs.logger }),
  );
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterEach(() => {
  nock.cleanAll();
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

describe("more like this, in a thread under a card", () => {
  it("answers with papers like the paper of the day the thread is under", async () => {
    const paper = paperWith(index, "imitation game");
    const thread = captureApi("conversations.replies", {
      ok: true,
      messages: [
        cardMessage(paper, "Paper of the day"),
        { type: "message", ts: "1700000501.000100", text: "nice" },
      ],
    });
    const posts = capturePosts();
    await mentionInThread("Ev0T01", "<@U0BOT> more like this one");
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    expect(thread.calls[0]).toMatchObject({ channel: "C0CHANNEL", ts: THREAD });
    expect(posts.calls[0]).toMatchObject({ thread_ts: THREAD });
    const blocks = JSON.stringify(posts.calls[0]?.blocks);
    expect(blocks).toContain(`Papers like *${paper.headline.slice(0, 30)}`);
    expect(blocks).not.toContain(`"value":"{\\"a\\":\\"similar\\",\\"id\\":\\"${paper.id}\\"}"`);
  });

  it("takes the latest card in the thread, and asks which when that message shows several", async () => {
    const first = paperWith(index, "imitation game");
    const second = paperWith(index, "analytical engine");
    captureApi("conversations.replies", {
      ok: true,
      messages: [cardMessage(first, "Paper of the day"), cardMessage(second)],
    });
    const posts = capturePosts();
    await mentionInThread("Ev0T02", "<@U0BOT> similar papers to this");
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    expect(JSON.stringify(posts.calls[0]?.blocks)).toContain(`Papers like *${second.headline.slice(0, 30)}`);

    nock.cleanAll();
    const results = renderSlackMessage({
      kind: "results",
      query: "agents",
      total: 2,
      offset: 0,
      cards: [first, second].map((paper) => ({ paper, buttons: ["similar" as const] })),
    });
    captureApi("conversations.replies", { ok: true, messages: [{ ts: THREAD, blocks: results.blocks }] });
    const asked = capturePosts();
    await mentionInThread("Ev0T03", "<@U0BOT> more like this");
    await waitUntil(() => expect(asked.calls).toHaveLength(1));
    expect(asked.calls[0]?.text).toContain(MESSAGES.whichPaperLike.slice(0, 40));
  });

  it("answers who else works on the topic of the card the thread is under, leaving its authors out", async () => {
    const paper = paperWith(index, "imitation game");
    captureApi("conversations.replies", { ok: true, messages: [cardMessage(paper, "Paper of the day")] });
    const posts = capturePosts();
    await mentionInThread("Ev0T05", "<@U0BOT> who else works on this?");
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    const shown = JSON.stringify(posts.calls[0]?.blocks);
    expect(shown).toContain(`Others who work on papers like *${paper.headline.slice(0, 30)}`);
    for (const author of paper.authors) expect(shown).not.toContain(`*${author}*`);
    expect(posts.calls[0]?.text).toMatch(/^People behind papers like/);
  });

  it("asks which paper when the thread cannot be read, and says why in the log", async () => {
    captureApi("conversations.replies", { ok: false, error: "missing_scope" });
    const posts = capturePosts();
    await mentionInThread("Ev0T04", "<@U0BOT> more like this");
    await waitUntil(() => expect(posts.calls).toHaveLength(1));
    expect(posts.calls[0]?.text).toContain(MESSAGES.whichPaperLike.slice(0, 40));
    expect(logs.entries.map((entry) => entry.msg)).toContain(
      "could not read the thread to see which paper it is about",
    );
  });
});
