import { describe, expect, it } from "vitest";
import type { Reply, SavedItem } from "../../src/bot/reply.js";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { renderHomeView } from "../../src/render/home.js";
import { savedMarkdown } from "../../src/render/saved-markdown.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { enyuSummary, rewardPaper } from "./sample-replies.js";

// Right-to-left override, embeddings and isolates: each can make a line display reversed ("gnp.exe" as "exe.png").
const BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
const ANY_BIDI = /[\u202a-\u202e\u2066-\u2069]/;
// What Slack shows: every field but the button and option values, which carry actions back and are never displayed.
const shown = (payload: unknown) =>
  JSON.stringify(payload, (key, value) => (key === "value" ? undefined : value));
const hostile = (text: string, i = 0) =>
  `${text} ${BIDI[i % BIDI.length]}gnp.exe${BIDI[(i + 4) % BIDI.length]}`;

const paper: Paper = {
  ...rewardPaper,
  headline: hostile(rewardPaper.headline, 0),
  authors: rewardPaper.authors.map((name, i) => hostile(name, i + 1)),
  owners: [hostile("Senjie Jin", 3)],
  abstract: hostile(rewardPaper.abstract, 4),
};
const saved: SavedItem = {
  paperId: paper.id,
  savedAt: 1,
  headline: paper.headline,
  authors: hostile("Binghai Wang", 5),
  owners: paper.owners,
  abstract: paper.abstract,
  paper,
};

const replies: Record<string, Reply> = {
  search: {
    kind: "results",
    query: hostile("reward", 6),
    total: 1,
    offset: 0,
    cards: [
      {
        paper,
        snippet: [
          { text: hostile("Reward", 7), match: true },
          { text: hostile(" models", 8), match: false },
        ],
        buttons: ["share", "similar", "moreBy", "full", "save", "follow"],
      },
    ],
  },
  "author view": {
    kind: "author",
    summary: {
      ...enyuSummary,
      name: hostile("Enyu Zhou", 2),
      papers: [{ paper, firstAuthor: true }],
      coauthors: [{ key: "ruizheng", name: hostile("Rui Zheng", 4), papers: 1 }],
      topics: [hostile("reward model", 1)],
    },
  },
  "saved list": { kind: "saved", items: [saved], total: 1, offset: 0 },
};

describe("bidi control characters in corpus and user text", () => {
  for (const [name, reply] of Object.entries(replies)) {
    it(`never reach Slack or the terminal in the ${name}`, () => {
      const message = shown(renderSlackMessage(reply));
      expect(message).not.toMatch(ANY_BIDI);
      expect(message).toContain("gnp.exe");
      expect(renderTerminal(reply).text).not.toMatch(ANY_BIDI);
    });
  }

  it("never reach the App Home tab or the exported reading list", () => {
    const home = renderHomeView({
      today: { date: "2026-01-15", paper, channelId: "C0ONE" },
      channels: [],
      saved: { available: true, items: [saved], total: 1, offset: 0 },
      follows: {
        available: true,
        items: [{ kind: "topic", target: "x", label: hostile("reward models", 2) }],
        total: 1,
        offset: 0,
        dailyCap: 3,
      },
      corpus: { papers: 1, people: 1 },
    });
    expect(shown(home)).not.toMatch(ANY_BIDI);
    expect(shown(home)).toContain("gnp.exe");
    const file = savedMarkdown({ kind: "export", userId: "U123ABC", items: [saved], at: 0 });
    expect(file.content).not.toMatch(ANY_BIDI);
  });
});
