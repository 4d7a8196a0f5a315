import type { Button } from "@slack/types";
import { describe, expect, it } from "vitest";
import { decodeAction } from "../../src/bot/actions.js";
import type { Reply } from "../../src/bot/reply.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { agentSurvey, enyuSummary, rewardExperts, rewardPaper } from "./sample-replies.js";

function buttonsOf(reply: Reply): Button[] {
  const buttons: Button[] = [];
  for (const block of renderSlackMessage(reply).blocks) {
    const elements =
      block.type === "actions"
        ? block.elements
        : block.type === "section" && block.accessory
          ? [block.accessory]
          : [];
    for (const element of elements) if (element.type === "button") buttons.push(element);
  }
  return buttons;
}

describe("renderSlackMessage", () => {
  it("renders a paper card with its headline, authors, shortened abstract, id and buttons", () => {
    const message = renderSlackMessage({
      kind: "card",
      card: { paper: agentSurvey, buttons: ["share", "similar", "moreBy", "full"] },
    });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "emoji": true,
              "text": "The Rise and Potential of Large Language Model Based Agents: A Survey",
              "type": "plain_text",
            },
            "type": "header",
          },
          {
            "text": {
              "text": "Zhiheng Xi, Wen-Xiang Chen, Xin Guo et al. · profiled: Enyu Zhou",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "text": {
              "text": "For a long time, humanity has pursued artificial intelligence (AI) equivalent to or surpassing the human level, with AI agents considered a promising vehicle for this pursuit. AI agents are artificial entities that sense their environment, make decisions, and take actions. In this paper, we perform…",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "id \`2f9k3xa\` · listed under Wen-Xiang Chen, Enyu Zhou",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "elements": [
              {
                "action_id": "paper_share",
                "text": {
                  "emoji": true,
                  "text": "Share in channel",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"share","id":"2f9k3xa"}",
              },
              {
                "action_id": "paper_similar",
                "text": {
                  "emoji": true,
                  "text": "More like this",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"similar","id":"2f9k3xa"}",
              },
              {
                "action_id": "paper_more_by",
                "text": {
                  "emoji": true,
                  "text": "More by Wen-Xiang Chen",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"by","person":"wenxiangchen"}",
              },
              {
                "action_id": "paper_full",
                "text": {
                  "emoji": true,
                  "text": "Read full abstract",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"full","id":"2f9k3xa"}",
              },
            ],
            "type": "actions",
          },
        ],
        "text": "The Rise and Potential of Large Language Model Based Agents: A Survey (2f9k3xa)",
      }
    `);
  });

  it("renders search results with total, notice, bold matched words and a Show more button for the next page", () => {
    const message = renderSlackMessage({
      kind: "results",
      query: "reward model",
      total: 7,
      offset: 0,
      nextOffset: 5,
      notice: "Also searched: RLHF = reinforcement learning from human feedback",
      cards: [
        {
          paper: rewardPaper,
          snippet: [
            { text: "Reward models", match: true },
            { text: " are key to RLHF & alignment.", match: false },
          ],
          buttons: ["share", "similar", "moreBy", "full"],
        },
      ],
    });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "text": "*7 papers* for “reward model” · showing 1–1",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "Also searched: RLHF = reinforcement learning from human feedback",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "type": "divider",
          },
          {
            "text": {
              "text": "*Secrets of RLHF in Large Language Models Part II: Reward Modeling*
      Binghai Wang, Rui Zheng · profiled: Senjie Jin
      *Reward models* are key to RLHF &amp; alignment.",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "id \`7hq2m0c\` · listed under Senjie Jin",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "elements": [
              {
                "action_id": "paper_share",
                "text": {
                  "emoji": true,
                  "text": "Share in channel",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"share","id":"7hq2m0c"}",
              },
              {
                "action_id": "paper_similar",
                "text": {
                  "emoji": true,
                  "text": "More like this",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"similar","id":"7hq2m0c"}",
              },
              {
                "action_id": "paper_more_by",
                "text": {
                  "emoji": true,
                  "text": "More by Senjie Jin",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"by","person":"senjiejin"}",
              },
              {
                "action_id": "paper_full",
                "text": {
                  "emoji": true,
                  "text": "Read full abstract",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"full","id":"7hq2m0c"}",
              },
            ],
            "type": "actions",
          },
          {
            "elements": [
              {
                "action_id": "paper_page",
                "text": {
                  "emoji": true,
                  "text": "Show more",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"page","q":"reward model","offset":5}",
              },
            ],
            "type": "actions",
          },
        ],
        "text": "7 papers for “reward model”: 1. Secrets of RLHF in Large Language Models Part II: Reward Modeling",
      }
    `);
  });

  it("renders the people behind a topic with profiled markers, score bars, evidence and a button each", () => {
    const message = renderSlackMessage({ kind: "people", topic: "reward models", people: rewardExperts });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "text": "People behind “reward models”",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "Profiled people have a file of their own, so all their papers are known; the others are counted only where an author line names them.",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "accessory": {
              "action_id": "paper_more_by",
              "text": {
                "emoji": true,
                "text": "Papers by Senjie Jin",
                "type": "plain_text",
              },
              "type": "button",
              "value": "{"a":"by","person":"senjiejin"}",
            },
            "text": {
              "text": "1. *Senjie Jin* · profiled · ●●●●●
      • Secrets of RLHF in Large Language Models Part II: Reward Modeling \`7hq2m0c\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "accessory": {
              "action_id": "paper_more_by",
              "text": {
                "emoji": true,
                "text": "Papers by Binghai Wang",
                "type": "plain_text",
              },
              "type": "button",
              "value": "{"a":"by","person":"binghaiwang"}",
            },
            "text": {
              "text": "2. *Binghai Wang* · visible only · ●●○○○
      • Secrets of RLHF in Large Language Models Part II: Reward Modeling \`7hq2m0c\`
      • The Rise and Potential of Large Language Model Based Agents: A Survey \`2f9k3xa\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
        ],
        "text": "People behind “reward models”: Senjie Jin, Binghai Wang",
      }
    `);
  });

  it("renders an author summary with first-author papers marked, topics and co-authors", () => {
    const message = renderSlackMessage({ kind: "author", summary: enyuSummary });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "emoji": true,
              "text": "Enyu Zhou",
              "type": "plain_text",
            },
            "type": "header",
          },
          {
            "text": {
              "text": "2 papers, 1 as first author · profiled (has a file of their own)
      Topics: reward model, agents, alignment",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "text": {
              "text": "• Secrets of RLHF in Large Language Models Part II: Reward Modeling \`7hq2m0c\` · _first author_
      • The Rise and Potential of Large Language Model Based Agents: A Survey \`2f9k3xa\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "text": {
              "text": "*Co-authors*: Zhiheng Xi (2), Rui Zheng (1)",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
        ],
        "text": "Enyu Zhou: 2 papers",
      }
    `);
  });

  it("renders the usage card with examples", () => {
    expect(renderSlackMessage({ kind: "help" })).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "text": "Find the group's papers from chat:
      • \`/paper reward models\` — search (quotes for phrases, \`-word\` to exclude)
      • \`/paper who RLHF\` — the people behind a topic
      • \`/paper author Enyu Zhou\` — someone's papers, co-authors and topics
      • \`/paper id 2f9k3xa\` · \`/paper similar 2f9k3xa\` — one paper, or papers like it
      • \`/paper random\` — a paper to read · \`/paper stats\` — what is loaded
      • \`/paper daily on 09:00 Europe/Berlin weekdays\` — a paper of the day in this channel
      You can also mention me or DM me: “who works on agents?”, “papers about reward models”, “tell me about Senjie Jin”.",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
        ],
        "text": "Find the group's papers from chat:
      • \`/paper reward models\` — search (quotes for phrases, \`-word\` to exclude)
      • \`/paper who RLHF\` — the people behind a topic
      • \`/paper author Enyu Zhou\` — someone's papers, co-authors and topics
      • \`/paper id 2f9k3xa\` · \`/paper similar 2f9k3xa\` — one paper, or papers like it
      • \`/paper random\` — a paper to read · \`/paper stats\` — what is loaded
      • \`/paper daily on 09:00 Europe/Berlin weekdays\` — a paper of the day in this channel
      You can also mention me or DM me: “who works on agents?”, “papers about reward models”, “tell me about Senjie Jin”.",
      }
    `);
  });

  it("offers one button per candidate when a name is ambiguous, each decoding to that person", () => {
    const buttons = buttonsOf({
      kind: "ambiguous",
      query: "Chen",
      candidates: [
        { key: "wenxiangchen", name: "Wen-Xiang Chen", papers: 6 },
        { key: "lichen", name: "Li Chen", papers: 1 },
      ],
    });
    expect(buttons.map((b) => [b.text.text, decodeAction(b.value ?? "")])).toEqual([
      ["Wen-Xiang Chen (6 papers)", { a: "author", person: "wenxiangchen" }],
      ["Li Chen (1 paper)", { a: "author", person: "lichen" }],
    ]);
    const ids = buttons.map((b) => b.action_id);
    expect(new Set(ids).size).toBe(2);
  });

  it("adds the sharer as the only live mention on a shared card, and drops a sharer id that is not a user id", () => {
    const shared = renderSlackMessage({
      kind: "card",
      card: { paper: rewardPaper, sharedBy: "U123ABC", buttons: [] },
    });
    expect(JSON.stringify(shared.blocks)).toContain("Shared by <@U123ABC>");
    const forged = renderSlackMessage({
      kind: "card",
      card: { paper: rewardPaper, sharedBy: "U1> <!channel", buttons: [] },
    });
    expect(JSON.stringify(forged.blocks)).not.toContain("Shared by");
    expect(JSON.stringify(forged.blocks)).not.toContain("<!channel");
  });

  it("shows a Read full abstract button only while the abstract is shortened, and the whole abstract on full", () => {
    const long = { ...agentSurvey, abstract: `${"word ".repeat(2000)}END` };
    const short = renderSlackMessage({ kind: "card", card: { paper: long, buttons: ["full"] } });
    expect(JSON.stringify(short.blocks)).not.toContain("END");
    expect(buttonsOf({ kind: "card", card: { paper: long, buttons: ["full"] } })).toHaveLength(1);
    const full = renderSlackMessage({ kind: "card", card: { paper: long, full: true, buttons: ["full"] } });
    const sections = full.blocks.filter((b) => b.type === "section");
    expect(sections.map((b) => (b.type === "section" ? (b.text?.text ?? "") : "")).join(" ")).toContain(
      "END",
    );
    for (const b of sections)
      expect(b.type === "section" && (b.text?.text.length ?? 0)).toBeLessThanOrEqual(3000);
    expect(buttonsOf({ kind: "card", card: { paper: long, full: true, buttons: ["full"] } })).toHaveLength(0);
    expect(buttonsOf({ kind: "card", card: { paper: rewardPaper, buttons: ["full"] } })).toHaveLength(0);
  });

  it("escapes corpus text so mentions and crafted links stay inert", () => {
    const evil = {
      ...rewardPaper,
      headline: "<!channel> wins & more",
      authors: ["<@U999>", "@here"],
      abstract: "Click <http://evil.example|here> now <!everyone> @channel",
    };
    const message = renderSlackMessage({ kind: "card", card: { paper: evil, buttons: ["share"] } });
    const all = JSON.stringify(message);
    expect(all).not.toMatch(/<[!@#]|<http/);
    expect(all).toContain("&lt;!channel&gt; wins &amp; more");
    expect(all).toContain("&lt;http://evil.example|here&gt;");
    expect(all).not.toMatch(/@(here|channel|everyone)/);
  });

  it("keeps a card with a 20,000-character abstract inside 50 blocks of at most 3000 characters, whole", () => {
    const huge = { ...rewardPaper, abstract: `${"<&> ".repeat(5000)}END` };
    const message = renderSlackMessage({
      kind: "card",
      card: { paper: huge, full: true, buttons: ["share"] },
    });
    const texts = message.blocks.map((block) => (block.type === "section" ? (block.text?.text ?? "") : ""));
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(texts.every((text) => text.length <= 3000)).toBe(true);
    expect(texts.some((text) => text.endsWith("END"))).toBe(true);
    expect(message.blocks.at(-1)?.type).toBe("actions");
  });

  it("shortens an abstract too long for one message and says so, keeping the buttons", () => {
    const huge = { ...rewardPaper, abstract: "<&> ".repeat(50_000) };
    const message = renderSlackMessage({
      kind: "card",
      card: { paper: huge, full: true, buttons: ["share"] },
    });
    const texts = message.blocks.map((block) => (block.type === "section" ? (block.text?.text ?? "") : ""));
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(texts.every((text) => text.length <= 3000)).toBe(true);
    expect(texts.some((text) => text.includes("abstract shortened to fit"))).toBe(true);
    expect(message.blocks.at(-1)?.type).toBe("actions");
  });

  it("lists as many of 100 results as fit and says how many were left out", () => {
    const cards = Array.from({ length: 100 }, (_, i) => ({
      paper: { ...rewardPaper, id: `p${i}` },
      buttons: ["share", "similar", "moreBy", "full"] as const,
    })).map((card) => ({ ...card, buttons: [...card.buttons] }));
    const message = renderSlackMessage({
      kind: "results",
      query: "x",
      total: 100,
      offset: 0,
      cards,
      nextOffset: 100,
    });
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(message.blocks)).toMatch(/…and \d+ more not shown here/);
    expect(message.blocks.at(-1)?.type).toBe("actions");
    expect(message.text.length).toBeLessThanOrEqual(3000);
  });

  it("drops the Show more button rather than send a value Slack would refuse", () => {
    const query = '"'.repeat(1500);
    const buttons = buttonsOf({ kind: "results", query, total: 9, offset: 0, cards: [], nextOffset: 5 });
    expect(buttons).toHaveLength(0);
  });

  it("cuts a long author name on a More by button to 75 characters", () => {
    const name = "N".repeat(200);
    const paper = { ...rewardPaper, owners: [name], ownerKeys: ["n"] };
    const [button] = buttonsOf({ kind: "card", card: { paper, buttons: ["moreBy"] } });
    expect(button?.text.text.length).toBe(75);
  });
});
