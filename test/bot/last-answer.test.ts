import { beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import type { Reply } from "../../src/bot/reply.js";
import type { BotRequest } from "../../src/bot/request.js";
import type { SearchIndex } from "../../src/search/types.js";
import { memoryRecentAnswers } from "../../src/state/recent-answers.js";
import { servedIndex } from "../helpers/served-index.js";

let index: SearchIndex;
beforeAll(async () => {
  index = await servedIndex("seeds");
});

/** A DM conversation with the bot, its clock moved by hand. */
function conversation() {
  let now = Date.parse("2025-03-03T08:00:00Z");
  const deps: BotDeps = {
    index: () => index,
    random: () => 0.42,
    now: () => new Date(now),
    defaultTimeZone: "UTC",
    recentAnswers: memoryRecentAnswers(),
  };
  const say = async (text: string, channelId = "D0DM", source: "dm" | "slash" = "dm"): Promise<Reply> => {
    const request: BotRequest = { source, text, userId: "U0ME", channelId };
    return (await answer(deps, request)).reply;
  };
  return { say, later: (ms: number) => (now += ms) };
}

const idsOf = (reply: Reply) =>
  reply.kind === "results" || reply.kind === "similar" ? reply.cards.map((card) => card.paper.id) : [];
const cardId = (reply: Reply) => (reply.kind === "card" ? reply.card.paper.id : undefined);

describe("a DM remembers the last answer", () => {
  it("says so plainly when there is nothing to act on", async () => {
    const { say } = conversation();
    for (const text of ["more", "the first one", "more like the second", "open the third"])
      expect(await say(text)).toEqual({ kind: "info", message: MESSAGES.nothingToFollowUp });
  });

  it("goes on with more, opens the n-th, finds more like it, and says who wrote the one opened", async () => {
    const { say } = conversation();
    const first = await say("reward");
    const shown = idsOf(first);
    expect(shown).toHaveLength(5);
    const more = await say("show more");
    expect(more.kind).toBe("results");
    expect(more.kind === "results" && more.offset).toBe(5);
    expect(idsOf(more).some((id) => shown.includes(id))).toBe(false);
    // "the first one" counts in the answer just shown; so does "the sixth", by the number it was shown with.
    expect(cardId(await say("the first one"))).toBe(idsOf(more)[0]);
    expect(cardId(await say("open the sixth"))).toBe(idsOf(more)[0]);
    expect(cardId(await say("the second one"))).toBe(idsOf(more)[1]);
    const writers = await say("who wrote that?");
    expect(writers.kind === "card" && writers.title).toBe(MESSAGES.writtenBy);
    expect(cardId(writers)).toBe(idsOf(more)[1]);
    // The same answer as asking for papers like the third by its id (papers, or that none is close).
    const like = await say("more like the third");
    expect(like).toEqual(await say(`similar ${idsOf(more)[2]}`));
  });

  it("asks which paper when “that” could be any of several, and says how many there were", async () => {
    const { say } = conversation();
    const results = await say("papers on agents");
    const count = idsOf(results).length;
    expect(await say("who wrote that?")).toEqual({ kind: "info", message: MESSAGES.whichOfThem(count) });
    const far = await say("open the ninth");
    expect(far.kind === "info" && far.message).toContain(`showed ${count} papers`);
  });

  it("pages people with more and opens the n-th person's papers", async () => {
    const { say } = conversation();
    const people = await say("who works on reward models?");
    if (people.kind !== "people") throw new Error(`expected people, got ${people.kind}`);
    const next = await say("more");
    expect(next.kind === "people" && next.firstLine).toBe(people.lines.length);
    if (next.kind !== "people") throw new Error("expected people");
    const person = await say("the first one");
    expect(person.kind === "author" && person.summary.key).toBe(next.lines[0]?.people[0]?.key);
  });

  it("forgets after a day, keeps each conversation apart, and leaves channel commands as they were", async () => {
    const { say, later } = conversation();
    await say("reward");
    expect(idsOf(await say("papers on agents", "D0OTHER")).length).toBeGreaterThan(0);
    expect((await say("more", "D0DM")).kind).toBe("results");
    // In a channel, "/paper more" is a search for "more", as before.
    const slash = await say("more", "C0CHANNEL", "slash");
    expect(slash.kind === "info" && slash.message).not.toBe(MESSAGES.nothingToFollowUp);
    later(24 * 60 * 60 * 1000);
    expect(await say("the first one")).toEqual({ kind: "info", message: MESSAGES.nothingToFollowUp });
  });
});

describe("the assistant panel's threads", () => {
  it("keeps each thread's last answer its own, and reads “who wrote this?” as the card the thread is under", async () => {
    const cardOfThread = new Map<string, string>();
    const deps: BotDeps = {
      index: () => index,
      random: () => 0.42,
      now: () => new Date("2025-03-03T08:00:00Z"),
      defaultTimeZone: "UTC",
      recentAnswers: memoryRecentAnswers(),
      threads: { latestCard: async (_channel, ts) => cardOfThread.get(ts) },
    };
    const inThread = async (ts: string, text: string) =>
      (
        await answer(deps, {
          source: "dm",
          text,
          userId: "U0ME",
          channelId: "D0DM",
          thread: { channelId: "D0DM", ts },
        })
      ).reply;
    const first = await inThread("1.1", "large language models");
    expect(idsOf(first).length).toBeGreaterThan(1);
    // Another thread of the panel is another conversation: nothing to go on there.
    expect(await inThread("2.2", "more")).toEqual({ kind: "info", message: MESSAGES.nothingToFollowUp });
    expect((await inThread("1.1", "more")).kind).toBe("results");
    // Under a card (a surprise paper), then a list of papers like it: "this" is the card.
    const [paper] = idsOf(first);
    cardOfThread.set("3.3", paper ?? "");
    await inThread("3.3", "more like this");
    const writers = await inThread("3.3", "who wrote this?");
    expect(writers.kind === "card" && writers.card.paper.id).toBe(paper);
  });
});
