import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import {
  distinctiveWordsOf,
  RELATED_CANDIDATES,
  RELATED_TERMS,
  relatedAnswer,
} from "../../src/bot/related.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { papersOf } from "../helpers/papers.js";
import { servedIndex } from "../helpers/served-index.js";

let index: SearchIndex;
beforeAll(async () => {
  index = await servedIndex("seeds");
});

const asker = { userId: "U0ASKER", channelId: "C0PAPERS" };
const deps = (over: Partial<BotDeps> = {}): BotDeps => ({
  index: () => index,
  random: () => 0.5,
  now: () => new Date("2025-03-03T08:00:00Z"),
  defaultTimeZone: "UTC",
  ...over,
});

/** The index, counting the queries made through it and the words weighed. */
function countingIndex(): { index: SearchIndex; queries: () => number; words: () => number } {
  let queries = 0;
  let words = 0;
  const counting: SearchIndex = {
    ...index,
    search: (query, options) => {
      queries += 1;
      return index.search(query, options);
    },
    papersWithWords: (asked) => {
      queries += 1;
      words += asked.length;
      return index.papersWithWords(asked);
    },
  };
  return { index: counting, queries: () => queries, words: () => words };
}

const queryOf = async (text: string) => {
  const words = await distinctiveWordsOf(index, text);
  if (words.kind !== "terms") throw new Error(`no terms in ${text}: ${words.kind}`);
  return words.query;
};

describe("the distinctive words of a message", () => {
  it("keeps the topic's words and drops stop words, chat words and words no paper uses", async () => {
    const query = (
      await queryOf(
        "Hey folks, has anyone looked at jailbreak attacks on vision language models lately? Pizza at noon, thanks!",
      )
    ).toLowerCase();
    expect(query.split(" ")).toEqual(expect.arrayContaining(["jailbreak", "attacks"]));
    for (const filler of ["hey", "folks", "has", "anyone", "looked", "at", "on", "lately", "pizza", "thanks"])
      expect(query.split(" ")).not.toContain(filler);
  });

  it("finds the paper itself first from any paper's headline (a shared card or daily post)", async () => {
    for (const paper of papersOf(index)) {
      const [top] = (await index.search(await queryOf(paper.headline), { limit: 1 })).hits;
      expect(top?.paper.id, paper.headline).toBe(paper.id);
    }
  });

  it("ranks reward-model papers first for a chatty question about reward models", async () => {
    const answer = await relatedAnswer(
      deps(),
      asker,
      "Has anyone looked at reward model overoptimization in RLHF? I think our preference data might be noisy.",
    );
    expect(answer.audience).toBe("asker");
    if (answer.reply.kind !== "results") throw new Error(answer.reply.kind);
    const top = answer.reply.cards.slice(0, 3).map((card) => card.paper.abstract.toLowerCase());
    expect(top).toHaveLength(3);
    // The first two on reward models; the third may be the one paper on RL from noisy supervision.
    for (const abstract of top.slice(0, 2)) expect(abstract).toMatch(/reward model/);
    for (const abstract of top) expect(abstract).toMatch(/reward model|noisy/);
    expect(answer.reply.notice?.startsWith(MESSAGES.relatedNotice)).toBe(true);
  });

  it("makes a long message a short query, looking up a bounded number of words", async () => {
    const long = `${"We tried tool use with agents in interactive environments over many turns. ".repeat(300)} Also CARD.`;
    const { index: counting, queries, words: weighed } = countingIndex();
    const words = await distinctiveWordsOf(counting, long);
    expect(words.kind).toBe("terms");
    if (words.kind !== "terms") return;
    expect(words.terms.length).toBeLessThanOrEqual(RELATED_TERMS);
    expect(words.query.split(" ").length).toBeLessThanOrEqual(RELATED_TERMS);
    // Every word is weighed in one call to the index, and no more words than that are weighed.
    expect(queries()).toBe(1);
    expect(weighed()).toBeLessThanOrEqual(RELATED_CANDIDATES);
    expect(words.query.toLowerCase()).toContain("agents");
  });

  it("reads mentions, broadcasts, links and emoji as Slack sends them, and none reaches the reply", async () => {
    const hostile =
      "<!channel> <!here|here> <@U0ABCDEF> @everyone <https://evil.example/x|speculative decoding> :tada: &lt;script&gt;";
    expect((await queryOf(hostile)).toLowerCase()).toBe("speculative decoding");
    const answer = await relatedAnswer(deps(), asker, hostile);
    const shown = JSON.stringify(renderSlackMessage(answer.reply));
    for (const bad of ["<!channel>", "<!here", "<@U0ABCDEF>", "@everyone", "evil.example", "<script"])
      expect(shown).not.toContain(bad);
  });

  it.each([
    ["", MESSAGES.relatedNoText],
    ["   :tada: :+1:   ", MESSAGES.relatedNoText],
    ["<https://example.com/only-a-link>", MESSAGES.relatedNoText],
    ["and the of it is, thanks!", MESSAGES.relatedOnlyCommon],
    ["lunch at noon tomorrow in the kitchen", MESSAGES.relatedUnknown],
  ])("answers %j kindly instead of searching", async (text, message) => {
    expect((await relatedAnswer(deps(), asker, text)).reply).toEqual({ kind: "info", message });
  });

  it("says so when the answer had to go to a DM", async () => {
    const answer = await relatedAnswer(deps(), asker, "speculative decoding", { sentToDm: true });
    expect(answer.reply.kind === "results" && answer.reply.notice).toContain(MESSAGES.relatedInDm);
  });
});
