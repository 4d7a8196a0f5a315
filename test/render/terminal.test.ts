import { describe, expect, it } from "vitest";
import { renderTerminal } from "../../src/render/terminal.js";
import { agentSurvey, enyuSummary, rewardExperts, rewardPaper } from "./sample-replies.js";

describe("renderTerminal", () => {
  it("shows a card as Slack would and lists its buttons as numbered actions", () => {
    const shown = renderTerminal({
      kind: "card",
      title: "Another paper",
      card: { paper: rewardPaper, sharedBy: "U123ABC", buttons: ["share", "similar", "moreBy", "reroll"] },
    });
    expect(shown.text).toMatchInlineSnapshot(`
      "*Another paper*
      *Secrets of RLHF in Large Language Models Part II: Reward Modeling*
      Binghai Wang, Rui Zheng · profiled: Senjie Jin
      Reward models are key to RLHF & alignment. We study incorrect and ambiguous preference pairs.
      id 7hq2m0c · listed under Senjie Jin
      Shared by @U123ABC
      [1] Share in channel · 7hq2m0c   [2] More like this · 7hq2m0c   [3] More by Senjie Jin   [4] Another one"
    `);
    expect(shown.buttons).toEqual([
      { label: "Share in channel", action: { a: "share", id: "7hq2m0c" } },
      { label: "More like this", action: { a: "similar", id: "7hq2m0c" } },
      { label: "More by Senjie Jin", action: { a: "by", person: "senjiejin" } },
      { label: "Another one", action: { a: "reroll" } },
    ]);
  });

  it("numbers buttons across every card of a result page, ending with Show more", () => {
    const shown = renderTerminal({
      kind: "results",
      query: "agents",
      total: 12,
      offset: 5,
      nextOffset: 10,
      cards: [
        {
          paper: agentSurvey,
          snippet: [{ text: "LLM-based agents", match: true }],
          buttons: ["share", "full"],
        },
        { paper: rewardPaper, buttons: ["share"] },
      ],
    });
    expect(shown.text).toMatchInlineSnapshot(`
      "*12 papers* for “agents” · showing 6–7

      6. *The Rise and Potential of Large Language Model Based Agents: A Survey*
      Zhiheng Xi, Wen-Xiang Chen, Xin Guo et al. · profiled: Enyu Zhou
      *LLM-based agents*
      id 2f9k3xa · listed under Wen-Xiang Chen, Enyu Zhou
      [1] Share in channel · 2f9k3xa   [2] Read full abstract · 2f9k3xa

      7. *Secrets of RLHF in Large Language Models Part II: Reward Modeling*
      Binghai Wang, Rui Zheng · profiled: Senjie Jin
      Reward models are key to RLHF & alignment. We study incorrect and ambiguous preference pairs.
      id 7hq2m0c · listed under Senjie Jin
      [3] Share in channel · 7hq2m0c

      [4] Show more"
    `);
    expect(shown.buttons.map((b) => b.action.a)).toEqual(["share", "full", "share", "page"]);
    expect(shown.buttons[3]?.action).toEqual({ a: "page", q: "agents", offset: 10 });
  });

  it("shows people with markers and a button each, and an author summary", () => {
    const people = renderTerminal({ kind: "people", topic: "reward models", people: rewardExperts });
    expect(people.text).toContain("1. *Senjie Jin* · profiled · ●●●●●");
    expect(people.text).toContain("2. *Binghai Wang* · visible only");
    expect(people.text).toContain("[2] Papers by Binghai Wang");
    const author = renderTerminal({ kind: "author", summary: enyuSummary });
    expect(author.text).toContain(
      "Secrets of RLHF in Large Language Models Part II: Reward Modeling 7hq2m0c · _first author_",
    );
    expect(author.buttons).toEqual([]);
  });

  it("strips control characters so corpus text cannot drive the terminal", () => {
    const evil = { ...rewardPaper, headline: "Title\u001b[2J\u001b]0;pwned\u0007 end" };
    const shown = renderTerminal({ kind: "card", card: { paper: evil, buttons: [] } });
    const controls = [...shown.text].filter(
      (c) => c !== "\n" && (c < " " || (c >= "\u007f" && c <= "\u009f")),
    );
    expect(controls).toEqual([]);
    expect(shown.text).toContain("Title[2J]0;pwned end");
  });

  it("uses ANSI bold only when asked", () => {
    expect(renderTerminal({ kind: "author", summary: enyuSummary }, { ansi: true }).text).toContain(
      "\u001b[1mEnyu Zhou\u001b[22m",
    );
  });
});
