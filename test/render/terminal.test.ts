import { describe, expect, it } from "vitest";
import { peopleLinesOf } from "../../src/bot/who-answer.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { renderAnswerText, renderTerminal } from "../../src/render/terminal.js";
import { agentSurvey, enyuSummary, rewardPaper, spaVlExperts } from "./sample-replies.js";

describe("renderTerminal", () => {
  it("shows a card as Slack would, its buttons and menu options numbered", () => {
    const shown = renderTerminal({
      kind: "card",
      title: "Another paper",
      card: { paper: rewardPaper, sharedBy: "U123ABC", buttons: ["share", "similar", "moreBy", "reroll"] },
    });
    expect(shown.text).toMatchInlineSnapshot(`
      "*Another paper*
      *Secrets of RLHF in Large Language Models Part II: Reward Modeling*
      Binghai Wang, Rui Zheng · with *Senjie Jin*
      Reward models are key to RLHF & alignment. We study incorrect and ambiguous preference pairs.
      id 7hq2m0c · Shared by @U123ABC
      [1] Another one   [2] Share in channel   ⋯ [3] More like this  [4] Copy BibTeX  [5] More by Senjie Jin"
    `);
    expect(shown.buttons).toEqual([
      { label: "Another one", action: { a: "reroll", seen: ["7hq2m0c"] } },
      { label: "Share in channel", action: { a: "share", id: "7hq2m0c" } },
      { label: "More like this", action: { a: "similar", id: "7hq2m0c" } },
      { label: "Copy BibTeX", action: { a: "bib", id: "7hq2m0c" } },
      { label: "More by Senjie Jin", action: { a: "by", person: "senjiejin" } },
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
          snippet: [
            { text: "LLM-based", match: true },
            { text: " ", match: false },
            { text: "agents", match: true },
          ],
          buttons: ["share", "full"],
        },
        { paper: rewardPaper, buttons: ["share"] },
      ],
    });
    expect(shown.text).toMatchInlineSnapshot(`
      "*12 papers* for “agents” · 6–7

      6. *The Rise and Potential of Large Language Model Based Agents: A Survey*
      Zhiheng Xi, *Wen-Xiang Chen*, Xin Guo et al. · with *Enyu Zhou*
      *LLM-based agents*
      id 2f9k3xa
         [1] Share in channel   ⋯ [2] Full abstract  [3] Copy BibTeX

      7. *Secrets of RLHF in Large Language Models Part II: Reward Modeling*   [4] Copy BibTeX
      Binghai Wang, Rui Zheng · with *Senjie Jin*
      Reward models are key to RLHF & alignment. We study incorrect and ambiguous preference pairs.   [5] Share in channel
      id 7hq2m0c
      [6] Show more"
    `);
    expect(shown.buttons.map((b) => b.action.a)).toEqual(["share", "full", "bib", "bib", "share", "page"]);
    expect(shown.buttons[5]?.action).toEqual({ a: "page", q: "agents", offset: 10 });
  });

  it("puts co-authors of one shared paper on one line and numbers who can be opened", () => {
    const people = renderTerminal({
      kind: "people",
      topic: "safety",
      lines: peopleLinesOf(spaVlExperts),
      firstLine: 0,
      lineTotal: 7,
      nextOffset: 5,
    });
    expect(people.text).toContain("2. *Yongting Zhang, Lu Chen, Guodong Zheng* ●●●○○ · SPA-VL v35q3xk");
    expect(people.text).toContain(
      "⋯ [2] Papers by Yongting Zhang  [3] Papers by Lu Chen  [4] Papers by Guodong Zheng",
    );
    expect(people.buttons.at(-1)).toEqual({
      label: "Show more people",
      action: { a: "who", t: "safety", offset: 5 },
    });
  });

  it("says under the heading whose papers a who answer read", () => {
    const people = renderTerminal({
      kind: "people",
      topic: "safety zheng",
      notice: "Who worked on it with anyone named “Zheng” (2 people).",
      lines: peopleLinesOf(spaVlExperts),
      firstLine: 0,
      lineTotal: 3,
    });
    expect(people.text.split("\n").slice(0, 2)).toEqual([
      "*People behind “safety zheng”*",
      "Who worked on it with anyone named “Zheng” (2 people).",
    ]);
  });

  it("says under a summary found by a near name that nobody has the name typed", () => {
    const author = renderTerminal({ kind: "author", summary: enyuSummary, nearOf: "enyu zhuo" });
    expect(author.text.split("\n").slice(0, 2)).toEqual([
      "*Enyu Zhou*",
      "Nobody is called “enyu zhuo”; this is the nearest name.",
    ]);
    expect(renderTerminal({ kind: "author", summary: enyuSummary }).text).not.toContain("Nobody is called");
  });

  it("makes every paper of an author summary openable, first-author ones first", () => {
    const author = renderTerminal({ kind: "author", summary: enyuSummary });
    expect(author.text).toContain("*As first author (1)*\n[1] Secrets of RLHF");
    expect(author.buttons.slice(0, 2).map((b) => b.action)).toEqual([
      { a: "open", id: rewardPaper.id },
      { a: "open", id: agentSurvey.id },
    ]);
    const plain = renderTerminal({ kind: "author", summary: enyuSummary }, { buttons: false });
    expect(plain.buttons).toEqual([]);
    expect(plain.text).toContain(`• ${rewardPaper.headline} ${rewardPaper.id}`);
    expect(plain.text).not.toMatch(/\[\d+\]/);
  });

  it("draws the Slack message itself: every numbered control presses what its Slack button or option carries", () => {
    const reply = { kind: "author", summary: enyuSummary } as const;
    const values =
      JSON.stringify(renderSlackMessage(reply).blocks).match(/"value":"((?:[^"\\]|\\.)*)"/g) ?? [];
    const carried = values.map((value) => JSON.parse(JSON.parse(`{${value}}`).value));
    const pressed = renderTerminal(reply).buttons.map((button) => button.action);
    expect(pressed).toHaveLength(carried.length);
    expect(new Set(pressed.map((action) => JSON.stringify(action)))).toEqual(
      new Set(carried.map((action) => JSON.stringify(action))),
    );
  });

  it("says where an answer would go", () => {
    const shared = renderAnswerText({
      reply: { kind: "card", card: { paper: rewardPaper, buttons: [] } },
      audience: "channel",
    });
    expect(shared.text.split("\n")[0]).toBe("(posted in the channel, shared by you)");
  });

  it("prints a BibTeX entry as it came in, braces, backslashes and backticks included, to copy from the console", () => {
    const bibtex = "@misc{zhou2024,\n  title = {{RMB}: ``Reward'' \\& <!channel> 50\\%},\n}";
    const shown = renderTerminal({ kind: "bibtex", paper: { ...rewardPaper, bibtex } });
    expect(shown.text.split("\n").slice(1).join("\n")).toBe(bibtex);
    expect(shown.text.split("\n")[0]).toContain("BibTeX for *Secrets of RLHF");
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
