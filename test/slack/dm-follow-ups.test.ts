import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import type { SearchIndex } from "../../src/search/types.js";
import type { StateStore } from "../../src/state/store.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { type FollowApp, startFollowApp, storeBot, waitUntil } from "../helpers/follow-app.js";
import { servedIndex } from "../helpers/served-index.js";
import { freshStates } from "../helpers/stores.js";

let seeds: SearchIndex;
beforeAll(async () => {
  seeds = await servedIndex("seeds");
});

describe("follow-ups in a DM through the Bolt app, remembered in the store", () => {
  const freshState = freshStates("sqlite");
  let slack: FakeSlackApi;
  let app: FollowApp;
  let store: StateStore;
  let sequence = 0;

  beforeEach(async () => {
    slack = await startFakeSlackApi();
    store = await (await freshState()).open();
    const bot = {
      ...storeBot(
        store,
        () => seeds,
        () => new Date(1_767_000_000_000),
      ),
      recentAnswers: store.recentAnswers,
    };
    app = await startFollowApp(slack, store, bot);
  });
  afterEach(async () => {
    await app.stop();
    await slack.close();
  });

  const postsIn = (channel: string) =>
    slack.callsOf("chat.postMessage").filter((call) => call.args.channel === channel);
  /** A signed DM event; resolves to the text and blocks of the answer posted in the DM. */
  async function dm(text: string, channel = "D0ASKER"): Promise<string> {
    const before = postsIn(channel).length;
    const ts = `1767000${String(++sequence).padStart(3, "0")}.000100`;
    await app.event({ type: "message", channel_type: "im", channel, user: "U0ASKER", text, ts });
    await waitUntil(() => expect(postsIn(channel).length).toBe(before + 1));
    const posted = postsIn(channel)[before]?.args ?? {};
    return `${String(posted.text)}\n${JSON.stringify(posted.blocks)}`;
  }

  it("says there is nothing to act on, then opens the second paper of a search and says who wrote it", async () => {
    expect(await dm("the first one")).toContain(MESSAGES.nothingToFollowUp.slice(0, 40));
    const results = await dm("papers on reward models");
    const ids = [...results.matchAll(/"value":"\{\\"a\\":\\"share\\",\\"id\\":\\"(\w+)\\"/g)].map(
      (m) => m[1],
    );
    expect(ids.length).toBeGreaterThan(1);
    const second = await dm("the second one");
    expect(second).toContain(`"id\\":\\"${ids[1]}\\"`);
    expect(second).not.toContain(`"id\\":\\"${ids[0]}\\"`);
    const writers = await dm("who wrote that?");
    expect(writers).toContain("Who wrote it");
    expect(writers).toContain(`"id\\":\\"${ids[1]}\\"`);
    // Its BibTeX, as the card's Copy BibTeX shows it.
    const cited = await dm("cite that");
    expect(cited).toContain("BibTeX for");
    expect(cited).toContain("@");
    // "This" is the paper opened, as under a card in a thread.
    const others = await dm("who else works on this?");
    expect(others).not.toContain(MESSAGES.whichPaperWho.slice(0, 30));
    expect(others).toContain("papers like");

    // The store keeps it for this person and DM only.
    expect(await store.recentAnswers.get("U0ASKER", "D0ASKER", 1_767_000_000_001)).toBeDefined();
    expect(await dm("more", "D0ELSEWHERE")).toContain(MESSAGES.nothingToFollowUp.slice(0, 40));
  });
});
