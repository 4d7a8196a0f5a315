import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { fixtureBot } from "../helpers/bot.js";
import { paperWith } from "../helpers/papers.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

// "@paperbot more like this" in a thread under a card: the card's paper, read from the thread itself.

const CHANNEL = "C0CHANNEL";

/** The answer to "more like this" about a paper of this corpus, whose four papers share no topic: it names the paper. */
const noneLike = (paper: Paper) => `No paper is close to this one, “${paper.headline.slice(0, 30)}`;

/** The blocks of a card as the bot posts it: a paper of the day (titled), or a card shared from a search. */
const cardBlocks = (paper: Paper, title?: string) =>
  renderSlackMessage({
    kind: "card",
    ...(title === undefined ? {} : { title }),
    card: { paper, buttons: ["similar", "moreBy", "full", "save", "follow", "reroll"] },
  }).blocks;

describe.each(SLACK_MODES)("in a thread under a card, over %s", (mode) => {
  let surface: SurfaceApp;
  let index: SearchIndex;
  let threads = 0;
  let events = 0;

  beforeAll(async () => {
    const fixture = await fixtureBot();
    index = fixture.index;
    surface = await startSurfaceApp(mode, fixture.bot);
  });
  afterAll(async () => {
    await surface.stop();
  });

  /** A thread Slack keeps, its messages' blocks in order (the first is the parent): the thread's ts. */
  function threadOf(...messages: unknown[][]): string {
    const thread = `1700000${String(++threads).padStart(3, "0")}.000100`;
    messages.forEach((blocks, at) => {
      const ts = at === 0 ? thread : `${thread.slice(0, -1)}${at}`;
      surface.slack.messages.push({ channel: CHANNEL, ts, thread_ts: thread, blocks });
    });
    return thread;
  }

  /** Mentions the bot in the thread and waits for its one answer there. */
  async function askIn(thread: string, text: string) {
    const ts = `1700009${String(++events).padStart(3, "0")}.000100`;
    const event = {
      type: "app_mention",
      user: "U0ASKER",
      text,
      ts,
      event_ts: ts,
      thread_ts: thread,
      channel: CHANNEL,
    };
    await surface.event(`Ev0T${mode}${events}`, event);
    const answers = () =>
      surface.slack.callsOf("chat.postMessage").filter((c) => c.args.thread_ts === thread);
    await waitUntil(() => expect(answers()).toHaveLength(1));
    const [answer] = answers();
    return { text: String(answer?.args.text), blocks: JSON.stringify(answer?.args.blocks) };
  }

  it("answers with papers like the paper of the day the thread is under", async () => {
    const paper = paperWith(index, "imitation game");
    const thread = threadOf(cardBlocks(paper, "Paper of the day"), []);
    const answer = await askIn(thread, "<@U0BOT> more like this one");
    const read = surface.slack.callsOf("conversations.replies").at(-1);
    expect(read?.args).toMatchObject({ channel: CHANNEL, ts: thread });
    expect(answer.blocks).toContain(noneLike(paper));
    expect(answer.blocks).not.toContain(`"value":"{\\"a\\":\\"similar\\",\\"id\\":\\"${paper.id}\\"}"`);
    // "similar" alone, as /paper takes it, means the same there.
    const bare = await askIn(threadOf(cardBlocks(paper, "Paper of the day")), "<@U0BOT> similar");
    expect(bare.blocks).toContain(noneLike(paper));
  });

  it("takes the latest card in the thread, and asks which when that message shows several", async () => {
    const first = paperWith(index, "imitation game");
    const second = paperWith(index, "analytical engine");
    const later = threadOf(cardBlocks(first, "Paper of the day"), cardBlocks(second));
    const answer = await askIn(later, "<@U0BOT> similar papers to this");
    expect(answer.blocks).toContain(noneLike(second));

    const results = renderSlackMessage({
      kind: "results",
      query: "agents",
      total: 2,
      offset: 0,
      cards: [first, second].map((paper) => ({ paper, buttons: ["similar" as const] })),
    });
    const several = threadOf(results.blocks);
    expect((await askIn(several, "<@U0BOT> more like this")).text).toContain(
      MESSAGES.whichPaperLike.slice(0, 40),
    );
  });

  it("still answers about the card the thread is under after a list of papers was answered in it", async () => {
    const paper = paperWith(index, "imitation game");
    const other = paperWith(index, "analytical engine");
    // The thread as "more like this" leaves it: the card, then a list of papers like it.
    const list = renderSlackMessage({
      kind: "results",
      query: "agents",
      total: 2,
      offset: 0,
      cards: [other, paper].map((card) => ({ paper: card, buttons: ["similar" as const] })),
    });
    const thread = threadOf(cardBlocks(paper, "Paper of the day"), list.blocks);
    const writers = await askIn(thread, "<@U0BOT> who wrote this?");
    expect(writers.blocks).toContain(MESSAGES.writtenBy);
    for (const author of paper.authors) expect(writers.blocks).toContain(author);
  });

  it("answers who else works on the topic of the card the thread is under, leaving its authors out: nobody, when no paper is close", async () => {
    const paper = paperWith(index, "imitation game");
    const thread = threadOf(cardBlocks(paper, "Paper of the day"));
    const answer = await askIn(thread, "<@U0BOT> who else works on this?");
    // No paper of this corpus is close to it: nobody else, rather than the authors of unrelated papers.
    expect(answer.text).toBe(MESSAGES.nobodyElse);
    for (const author of paper.authors) expect(answer.blocks).not.toContain(`*${author}*`);
  });

  it("answers who wrote the card's paper, and more by its authors, from the card the thread is under", async () => {
    const paper = paperWith(index, "imitation game");
    const thread = threadOf(cardBlocks(paper, "Paper of the day"));
    const writers = await askIn(thread, "<@U0BOT> who wrote this?");
    expect(writers.blocks).toContain(MESSAGES.writtenBy);
    for (const author of paper.authors) expect(writers.blocks).toContain(author);

    const other = threadOf(cardBlocks(paper));
    const more = await askIn(other, "<@U0BOT> more by these authors");
    const person = paper.owners[0] ?? paper.authors[0] ?? "";
    expect(more.text).toContain(person);
    expect(more.blocks).toContain(paper.headline.slice(0, 30));
  });

  it("answers “cite this” with the card's BibTeX and “send me the link” with its card, from the card the thread is under", async () => {
    const paper = paperWith(index, "imitation game");
    const cited = await askIn(threadOf(cardBlocks(paper, "Paper of the day")), "<@U0BOT> cite this");
    expect(cited.blocks).toContain("BibTeX for");
    expect(cited.blocks).toContain(paper.authors[0]?.split(" ").at(-1) ?? "");
    const linked = await askIn(threadOf(cardBlocks(paper)), "<@U0BOT> send me the link");
    expect(linked.blocks).toContain(paper.id);
    expect(linked.blocks).not.toContain("BibTeX for");
  });

  it("reads a long thread to its end for the latest card", async () => {
    const first = paperWith(index, "imitation game");
    const latest = paperWith(index, "analytical engine");
    const chatter = Array.from({ length: 300 }, () => []);
    const thread = threadOf(cardBlocks(first, "Paper of the day"), ...chatter, cardBlocks(latest), []);
    const answer = await askIn(thread, "<@U0BOT> more like this");
    expect(answer.blocks).toContain(noneLike(latest));
  });

  it("asks which paper when the thread cannot be read, and says why in the log", async () => {
    const thread = threadOf(cardBlocks(paperWith(index, "imitation game")));
    surface.slack.fail("conversations.replies", { error: "missing_scope" });
    expect((await askIn(thread, "<@U0BOT> more like this")).text).toContain(
      MESSAGES.whichPaperLike.slice(0, 40),
    );
    expect(surface.logs.entries.map((entry) => entry.msg)).toContain(
      "could not read the thread to see which paper it is about",
    );
  });
});
