import type { KnownBlock, Overflow, StaticSelect } from "@slack/types";
import { describe, expect, it } from "vitest";
import { decodeAction } from "../../src/bot/actions.js";
import type { Reply } from "../../src/bot/reply.js";
import { peopleLinesOf, peoplePageOf } from "../../src/bot/who-answer.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { controlsOf } from "./controls.js";
import { agentSurvey, enyuSummary, rewardExperts, rewardPaper, spaVlExperts } from "./sample-replies.js";

function overflowsOf(blocks: KnownBlock[]): Overflow[] {
  return blocks.flatMap((block) => {
    const elements =
      block.type === "actions"
        ? block.elements
        : block.type === "section" && block.accessory
          ? [block.accessory]
          : [];
    return elements.filter((element): element is Overflow => element.type === "overflow");
  });
}

function selectsOf(blocks: KnownBlock[]): StaticSelect[] {
  return blocks.flatMap((block) =>
    block.type === "actions"
      ? block.elements.filter((element): element is StaticSelect => element.type === "static_select")
      : [],
  );
}

const optionActions = (menu: Overflow | StaticSelect | undefined) => {
  const options =
    menu === undefined
      ? []
      : "option_groups" in menu && menu.option_groups
        ? menu.option_groups.flatMap((group) => group.options)
        : (menu.options ?? []);
  return options.map((option) => [option.text.text, decodeAction(option.value ?? "")]);
};

const textOf = (reply: Reply) => JSON.stringify(renderSlackMessage(reply).blocks);

describe("a paper card", () => {
  it("shows headline, the paper's authors with the group's member worked in once, the abstract, its id, Share and a menu", () => {
    const message = renderSlackMessage({
      kind: "card",
      card: { paper: agentSurvey, buttons: ["share", "similar", "moreBy", "full"] },
    });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "text": "*The Rise and Potential of Large Language Model Based Agents: A Survey*",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "Zhiheng Xi, *Wen-Xiang Chen*, Xin Guo et al. · with *Enyu Zhou*",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
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
                "text": "id 2f9k3xa",
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
                "action_id": "paper_menu",
                "options": [
                  {
                    "text": {
                      "emoji": true,
                      "text": "More like this",
                      "type": "plain_text",
                    },
                    "value": "{"a":"similar","id":"2f9k3xa"}",
                  },
                  {
                    "text": {
                      "emoji": true,
                      "text": "Full abstract",
                      "type": "plain_text",
                    },
                    "value": "{"a":"full","id":"2f9k3xa"}",
                  },
                  {
                    "text": {
                      "emoji": true,
                      "text": "Copy BibTeX",
                      "type": "plain_text",
                    },
                    "value": "{"a":"bib","id":"2f9k3xa"}",
                  },
                  {
                    "text": {
                      "emoji": true,
                      "text": "More by Wen-Xiang Chen",
                      "type": "plain_text",
                    },
                    "value": "{"a":"by","person":"wenxiangchen"}",
                  },
                ],
                "type": "overflow",
              },
            ],
            "type": "actions",
          },
        ],
        "text": "The Rise and Potential of Large Language Model Based Agents: A Survey (2f9k3xa)",
      }
    `);
  });

  it("bolds a run of matched words as one phrase, whole words only, in a list of results with Show more", () => {
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
            { text: "Reward", match: true },
            { text: " ", match: false },
            { text: "model", match: true },
            { text: "s are key to ", match: false },
            { text: "RLHF", match: true },
            { text: " & alignment with ", match: false },
            { text: "human", match: true },
            { text: " ", match: false },
            { text: "feedback", match: true },
            { text: ".", match: false },
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
              "text": "*7 papers* for “reward model” · 1–1",
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
            "accessory": {
              "action_id": "paper_menu",
              "options": [
                {
                  "text": {
                    "emoji": true,
                    "text": "More like this",
                    "type": "plain_text",
                  },
                  "value": "{"a":"similar","id":"7hq2m0c"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "Full abstract",
                    "type": "plain_text",
                  },
                  "value": "{"a":"full","id":"7hq2m0c"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "Copy BibTeX",
                    "type": "plain_text",
                  },
                  "value": "{"a":"bib","id":"7hq2m0c"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "More by Senjie Jin",
                    "type": "plain_text",
                  },
                  "value": "{"a":"by","person":"senjiejin"}",
                },
              ],
              "type": "overflow",
            },
            "text": {
              "text": "1. *Secrets of RLHF in Large Language Models Part II: Reward Modeling*",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "Binghai Wang, Rui Zheng · with *Senjie Jin*",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "accessory": {
              "action_id": "paper_share",
              "text": {
                "emoji": true,
                "text": "Share in channel",
                "type": "plain_text",
              },
              "type": "button",
              "value": "{"a":"share","id":"7hq2m0c"}",
            },
            "text": {
              "text": "*Reward models* are key to *RLHF* &amp; alignment with *human feedback*.",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "id 7hq2m0c",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
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
        "text": "7 papers for “reward model” (Also searched: RLHF = reinforcement learning from human feedback): 1. Secrets of RLHF in Large Language Models Part II: Reward Modeling",
      }
    `);
  });

  it("writes a count with thousands grouped, and with a + where more papers may match than were read", () => {
    const message = renderSlackMessage({
      kind: "results",
      query: "math reasoning",
      total: 1000,
      orMore: true,
      offset: 0,
      nextOffset: 1,
      cards: [{ paper: rewardPaper, buttons: ["share"] }],
    });
    expect(JSON.stringify(message.blocks)).toContain("*1,000+ papers* for “math reasoning” · 1–1");
    expect(message.text).toMatch(/^1,000\+ papers for “math reasoning”/);
    expect(textOf({ kind: "results", query: "x", total: 1234, offset: 0, cards: [] })).toContain(
      "*1,234 papers*",
    );
  });

  it("says which words results are for when the query was corrected", () => {
    const text = textOf({
      kind: "results",
      query: "rewrad modle",
      showingFor: "reward model",
      total: 3,
      offset: 0,
      cards: [{ paper: rewardPaper, buttons: ["share"] }],
    });
    expect(text).toContain("Showing results for *reward model* · 3 papers · 1–1");
    expect(text).not.toContain("rewrad");
  });

  it("keeps an underscore in a link's address: a Springer chapter's DOI and a code link open the right page", () => {
    // Springer chapter DOIs end in _NN (a real Better BibLaTeX export held 10.1007/978-1-4614-7254-4_16).
    const paper = {
      ...rewardPaper,
      doi: "10.1007/978-1-4614-7254-4_16",
      abstract: `${rewardPaper.abstract} Code: https://github.com/lab/reward_bench.`,
    };
    const text = textOf({ kind: "card", card: { paper, buttons: ["similar"] } });
    expect(text).toContain("<https://doi.org/10.1007/978-1-4614-7254-4_16|DOI>");
    expect(text).toContain("<https://github.com/lab/reward_bench|code>");
    // The title's link too, beside the bold marks of the title it carries.
    expect(text).toMatch(/<https:\/\/doi\.org\/10\.1007\/978-1-4614-7254-4_16\|\*[^*]+\*>/);
    // A code link the library gives (al-folio's `code` field) comes before one the abstract mentions.
    const given = { ...paper, code: "https://gitlab.com/lab/reward-bench" };
    const withCode = textOf({ kind: "card", card: { paper: given, buttons: ["similar"] } });
    expect(withCode).toContain("<https://gitlab.com/lab/reward-bench|code>");
    expect(withCode).not.toContain("github.com/lab/reward_bench|code");
  });

  it("puts the menu top right of a shared card, whose only live mention is the sharer, and drops a forged sharer", () => {
    const shared = renderSlackMessage({
      kind: "card",
      card: { paper: rewardPaper, sharedBy: "U123ABC", buttons: ["similar", "moreBy", "full"] },
    });
    expect(JSON.stringify(shared.blocks)).toContain("Shared by <@U123ABC>");
    const [top, byline] = shared.blocks;
    expect([top?.type, byline?.type]).toEqual(["section", "context"]);
    expect(top?.type === "section" && top.accessory?.type).toBe("overflow");
    expect(shared.blocks.some((block) => block.type === "actions")).toBe(false);
    const forged = renderSlackMessage({
      kind: "card",
      card: { paper: rewardPaper, sharedBy: "U1> <!channel", buttons: [] },
    });
    expect(JSON.stringify(forged.blocks)).not.toContain("Shared by");
    expect(JSON.stringify(forged.blocks)).not.toContain("<!channel");
  });

  it("offers Full abstract only while the abstract is shortened, and shows it all on full", () => {
    const long = { ...agentSurvey, abstract: `${"word ".repeat(2000)}END` };
    const menu = (full: boolean) =>
      optionActions(
        overflowsOf(
          renderSlackMessage({ kind: "card", card: { paper: long, full, buttons: ["similar", "full"] } })
            .blocks,
        )[0],
      );
    expect(menu(false).map(([label]) => label)).toEqual(["More like this", "Full abstract", "Copy BibTeX"]);
    const full = renderSlackMessage({
      kind: "card",
      card: { paper: long, full: true, buttons: ["similar", "full"] },
    });
    const sections = full.blocks.filter((b) => b.type === "section");
    expect(sections.map((b) => (b.type === "section" ? (b.text?.text ?? "") : "")).join(" ")).toContain(
      "END",
    );
    for (const b of sections)
      expect(b.type === "section" && (b.text?.text.length ?? 0)).toBeLessThanOrEqual(3000);
    expect(optionActions(overflowsOf(full.blocks)[0]).map(([label]) => label)).toEqual([
      "More like this",
      "Copy BibTeX",
    ]);
    // One option left is a button, not a menu of one.
    const bare = renderSlackMessage({ kind: "card", card: { paper: long, full: true, buttons: [] } });
    expect(controlsOf(bare.blocks)).toEqual([
      { type: "button", label: "Copy BibTeX", value: JSON.stringify({ a: "bib", id: long.id }) },
    ]);
  });

  it("carries the papers a thread has shown in Another one, within Slack's 2000 characters", () => {
    const seen = Array.from({ length: 600 }, (_, i) => `p${String(i).padStart(6, "0")}`);
    const message = renderSlackMessage({
      kind: "card",
      title: "Another paper",
      card: { paper: rewardPaper, seen, buttons: ["reroll", "share"] },
    });
    const [another, share] = controlsOf(message.blocks);
    expect([another?.label, share?.label]).toEqual(["Another one", "Share in channel"]);
    expect(another?.value?.length).toBeLessThanOrEqual(2000);
    const action = decodeAction(another?.value ?? "");
    expect(action?.a === "reroll" && action.seen.at(-1)).toBe(rewardPaper.id);
    expect(action?.a === "reroll" && action.seen.at(-2)).toBe(seen.at(-1));
  });

  it("leaves out a menu option whose value Slack would refuse (over 150 characters)", () => {
    const paper = { ...rewardPaper, owners: ["N".repeat(200)], ownerKeys: ["k".repeat(180)] };
    const labels = optionActions(
      overflowsOf(
        renderSlackMessage({ kind: "card", card: { paper, buttons: ["similar", "moreBy", "full"] } }).blocks,
      )[0],
    ).map(([label]) => label);
    expect(labels).not.toContainEqual(expect.stringMatching(/^More by/));
  });
});

describe("corpus text in mrkdwn", () => {
  it("escapes mentions and crafted links so they stay inert", () => {
    const evil = {
      ...rewardPaper,
      headline: "<!channel> wins & more",
      authors: ["<@U999>", "@here"],
      abstract: "Click <http://evil.example|here> now <!everyone> @channel",
    };
    const all = JSON.stringify(
      renderSlackMessage({ kind: "card", card: { paper: evil, buttons: ["share"] } }),
    );
    expect(all).not.toMatch(/<[!@#]|<http/);
    expect(all).toContain("&lt;!channel&gt; wins &amp; more");
    expect(all).toContain("&lt;http://evil.example|here&gt;");
    expect(all).not.toMatch(/@(here|channel|everyone)/);
  });

  it("never renders *bold*, _italic_, ~strike~ or `code` written in an abstract, nor turns a highlighted *x* into **x**", () => {
    const marked = {
      ...rewardPaper,
      headline: "*Bold* claims",
      authors: ["_Ann_ Lee"],
      abstract: "We show *bold* and _italic_ and ~struck~ and `code` text.",
    };
    const card = textOf({ kind: "card", card: { paper: marked, buttons: [] } });
    const sections = renderSlackMessage({
      kind: "card",
      card: { paper: marked, buttons: [] },
    }).blocks.flatMap((block) => (block.type === "section" && block.text ? [block.text.text] : []));
    // The title is bold in our marks; the corpus's own marks are look-alikes everywhere.
    expect(sections[0]).toBe("*∗Bold∗ claims*");
    expect(sections.slice(1).join("\n")).not.toMatch(/[*_~`]/);
    expect(card).toContain("We show ∗bold∗ and ˍitalicˍ and ∼struck∼ and ˋcodeˋ text.");
    const hit = textOf({
      kind: "results",
      query: "x",
      total: 1,
      offset: 0,
      cards: [{ paper: marked, snippet: [{ text: "*x*", match: true }], buttons: [] }],
    });
    expect(hit).not.toContain("**");
    expect(hit).toContain("*∗x∗*");
  });
});

describe("the people behind a topic", () => {
  it("names the topic and puts people whose evidence is the same single paper on one line", () => {
    const message = renderSlackMessage({
      kind: "people",
      topic: "safety",
      lines: peopleLinesOf(spaVlExperts),
      firstLine: 0,
      lineTotal: 8,
      nextOffset: 5,
    });
    expect(message).toMatchInlineSnapshot(`
      {
        "blocks": [
          {
            "text": {
              "text": "*People behind “safety”* · 1–3 of 8",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "text": "●●●●● the most work on this topic here · ●○○○○ the least",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
          {
            "accessory": {
              "action_id": "paper_by",
              "text": {
                "emoji": true,
                "text": "Papers by Senjie Jin",
                "type": "plain_text",
              },
              "type": "button",
              "value": "{"a":"by","person":"senjiejin"}",
            },
            "text": {
              "text": "1. *Senjie Jin* ●●●●● · 2 papers
      • SPA-VL: a Safety Preference Alignment dataset for Vision Language Models \`v35q3xk\`
      • Secrets of RLHF in Large Language Models Part II: Reward Modeling \`7hq2m0c\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "accessory": {
              "action_id": "paper_menu",
              "options": [
                {
                  "text": {
                    "emoji": true,
                    "text": "Papers by Yongting Zhang",
                    "type": "plain_text",
                  },
                  "value": "{"a":"by","person":"yongtingzhang"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "Papers by Lu Chen",
                    "type": "plain_text",
                  },
                  "value": "{"a":"by","person":"luchen"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "Papers by Guodong Zheng",
                    "type": "plain_text",
                  },
                  "value": "{"a":"by","person":"guodongzheng"}",
                },
              ],
              "type": "overflow",
            },
            "text": {
              "text": "2. *Yongting Zhang, Lu Chen, Guodong Zheng* ●●●○○ · SPA-VL \`v35q3xk\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "accessory": {
              "action_id": "paper_by",
              "text": {
                "emoji": true,
                "text": "Papers by Caishuang Huang",
                "type": "plain_text",
              },
              "type": "button",
              "value": "{"a":"by","person":"caishuanghuang"}",
            },
            "text": {
              "text": "3. *Caishuang Huang* ●●●○○ · SafeAligner \`gbvnya3\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "action_id": "paper_who",
                "text": {
                  "emoji": true,
                  "text": "Show more people",
                  "type": "plain_text",
                },
                "type": "button",
                "value": "{"a":"who","t":"safety","offset":5}",
              },
            ],
            "type": "actions",
          },
        ],
        "text": "People behind “safety”: 1. Senjie Jin; 2. Yongting Zhang, Lu Chen, Guodong Zheng; 3. Caishuang Huang",
      }
    `);
    const [menu] = overflowsOf(message.blocks);
    expect(optionActions(menu)).toEqual([
      ["Papers by Yongting Zhang", { a: "by", person: "yongtingzhang" }],
      ["Papers by Lu Chen", { a: "by", person: "luchen" }],
      ["Papers by Guodong Zheng", { a: "by", person: "guodongzheng" }],
    ]);
  });

  it("gives a person with several papers their evidence as bullets and a button", () => {
    const reply: Reply = {
      kind: "people",
      topic: "reward models",
      ...peoplePageOf(peopleLinesOf(rewardExperts), 0, 5),
    };
    const text = textOf(reply);
    expect(text).toContain("2. *Binghai Wang* ●●○○○ · 2 papers\\n• Secrets of RLHF");
    expect(text).not.toContain("Show more");
    expect(controlsOf(renderSlackMessage(reply).blocks).map((c) => c.label)).toEqual([
      "Papers by Senjie Jin",
      "Papers by Binghai Wang",
    ]);
  });

  it("numbers a later page on from the earlier ones, with the dots its lines were given", () => {
    const message = renderSlackMessage({
      kind: "people",
      topic: "safety",
      lines: peopleLinesOf(spaVlExperts),
      firstLine: 5,
      lineTotal: 8,
    });
    const texts = message.blocks.flatMap((block) =>
      block.type === "section" && block.text ? [block.text.text] : [],
    );
    expect(texts[0]).toBe("*People behind “safety”* · 6–8 of 8");
    expect(texts.slice(1).map((text) => text.split("\n")[0])).toEqual([
      "6. *Senjie Jin* ●●●●● · 2 papers",
      "7. *Yongting Zhang, Lu Chen, Guodong Zheng* ●●●○○ · SPA-VL `v35q3xk`",
      "8. *Caishuang Huang* ●●●○○ · SafeAligner `gbvnya3`",
    ]);
    expect(message.text).toBe(
      "People behind “safety”: 6. Senjie Jin; 7. Yongting Zhang, Lu Chen, Guodong Zheng; 8. Caishuang Huang",
    );
    expect(controlsOf(message.blocks).map((c) => c.label)).not.toContain("Show more people");
  });
});

describe("an author summary", () => {
  it("lists first-author papers first, each openable from a menu, with topics as phrases and co-authors", () => {
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
            "accessory": {
              "action_id": "paper_menu",
              "options": [
                {
                  "text": {
                    "emoji": true,
                    "text": "Follow Enyu Zhou",
                    "type": "plain_text",
                  },
                  "value": "{"a":"follow","k":"a","t":"enyuzhou"}",
                },
                {
                  "text": {
                    "emoji": true,
                    "text": "Follow the topic “reward model”",
                    "type": "plain_text",
                  },
                  "value": "{"a":"follow","k":"t","t":"reward model"}",
                },
              ],
              "type": "overflow",
            },
            "text": {
              "text": "2 papers · 1 as first author
      *Topics*  reward model · agents · alignment",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "text": {
              "text": "*As first author (1)*
      • Secrets of RLHF in Large Language Models Part II: Reward Modeling \`7hq2m0c\`

      *As co-author (1)*
      • The Rise and Potential of Large Language Model Based Agents: A Survey \`2f9k3xa\`",
              "type": "mrkdwn",
              "verbatim": true,
            },
            "type": "section",
          },
          {
            "elements": [
              {
                "action_id": "paper_select:0",
                "option_groups": [
                  {
                    "label": {
                      "emoji": true,
                      "text": "As first author",
                      "type": "plain_text",
                    },
                    "options": [
                      {
                        "text": {
                          "emoji": true,
                          "text": "Secrets of RLHF in Large Language Models Part II: Reward Modeling",
                          "type": "plain_text",
                        },
                        "value": "{"a":"open","id":"7hq2m0c"}",
                      },
                    ],
                  },
                  {
                    "label": {
                      "emoji": true,
                      "text": "As co-author",
                      "type": "plain_text",
                    },
                    "options": [
                      {
                        "text": {
                          "emoji": true,
                          "text": "The Rise and Potential of Large Language Model Based Agents: A Survey",
                          "type": "plain_text",
                        },
                        "value": "{"a":"open","id":"2f9k3xa"}",
                      },
                    ],
                  },
                ],
                "placeholder": {
                  "emoji": true,
                  "text": "Open a paper…",
                  "type": "plain_text",
                },
                "type": "static_select",
              },
              {
                "action_id": "paper_select:1",
                "options": [
                  {
                    "text": {
                      "emoji": true,
                      "text": "Zhiheng Xi (2)",
                      "type": "plain_text",
                    },
                    "value": "{"a":"by","person":"zhihengxi"}",
                  },
                  {
                    "text": {
                      "emoji": true,
                      "text": "Rui Zheng (1)",
                      "type": "plain_text",
                    },
                    "value": "{"a":"by","person":"ruizheng"}",
                  },
                ],
                "placeholder": {
                  "emoji": true,
                  "text": "A co-author's papers…",
                  "type": "plain_text",
                },
                "type": "static_select",
              },
            ],
            "type": "actions",
          },
          {
            "elements": [
              {
                "text": "*Often with*  Zhiheng Xi (2), Rui Zheng (1)",
                "type": "mrkdwn",
                "verbatim": true,
              },
            ],
            "type": "context",
          },
        ],
        "text": "Enyu Zhou: 2 papers",
      }
    `);
    const [papers, coauthors] = selectsOf(message.blocks);
    expect(optionActions(papers)).toEqual([
      [rewardPaper.headline, { a: "open", id: rewardPaper.id }],
      [agentSurvey.headline, { a: "open", id: agentSurvey.id }],
    ]);
    expect(optionActions(coauthors).map(([label]) => label)).toEqual(["Zhiheng Xi (2)", "Rui Zheng (1)"]);
  });

  it("keeps 150 papers inside one message, with at most 100 in the menu", () => {
    const papers = Array.from({ length: 150 }, (_, i) => ({
      paper: { ...rewardPaper, id: `p${i}`, headline: `Paper number ${i} on a topic` },
      firstAuthor: i % 3 === 0,
    }));
    const message = renderSlackMessage({ kind: "author", summary: { ...enyuSummary, papers } });
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    const [menu] = selectsOf(message.blocks);
    expect(optionActions(menu)).toHaveLength(100);
    expect(optionActions(menu)[0]?.[0]).toBe("Paper number 0 on a topic");
  });

  it("offers the closest names to a mistyped one as buttons", () => {
    const message = renderSlackMessage({
      kind: "notFound",
      what: "author",
      query: "senjie jn",
      suggestions: ["Senjie Jin"],
      people: [{ key: "senjiejin", name: "Senjie Jin", papers: 13 }],
    });
    expect(controlsOf(message.blocks)).toEqual([
      {
        type: "button",
        label: "Senjie Jin (13 papers)",
        value: JSON.stringify({ a: "author", person: "senjiejin" }),
      },
    ]);
    expect(message.text).toContain("Senjie Jin");
  });

  it("offers one button per candidate when a name is ambiguous, each decoding to that person", () => {
    const controls = controlsOf(
      renderSlackMessage({
        kind: "ambiguous",
        query: "Chen",
        candidates: [
          { key: "wenxiangchen", name: "Wen-Xiang Chen", papers: 6 },
          { key: "lichen", name: "Li Chen", papers: 1 },
        ],
      }).blocks,
    );
    expect(controls.map((c) => [c.label, decodeAction(c.value ?? "")])).toEqual([
      ["Wen-Xiang Chen (6 papers)", { a: "author", person: "wenxiangchen" }],
      ["Li Chen (1 paper)", { a: "author", person: "lichen" }],
    ]);
  });
});

describe("other replies", () => {
  it("offers did-you-mean searches as buttons when nothing matched", () => {
    const message = renderSlackMessage({
      kind: "notFound",
      what: "results",
      query: "rewrad",
      suggestions: ["checking the spelling"],
      didYouMean: ["reward"],
    });
    expect(controlsOf(message.blocks).map((c) => [c.label, decodeAction(c.value ?? "")])).toEqual([
      ["Search “reward”", { a: "page", q: "reward", offset: 0 }],
    ]);
  });

  it("offers a near query in which every word is found under the notice of results lacking a word", () => {
    const message = renderSlackMessage({
      kind: "results",
      query: "preference noise",
      total: 1,
      offset: 0,
      notice: "No paper mentions “noise”; these match the rest.",
      cards: [{ paper: rewardPaper, buttons: ["share"] }],
      didYouMean: ["preference noisy"],
    });
    const controls = controlsOf(message.blocks).map((c) => [c.label, decodeAction(c.value ?? "")]);
    expect(controls[0]).toEqual([
      "Search “preference noisy”",
      { a: "page", q: "preference noisy", offset: 0 },
    ]);
    const types = message.blocks.map((block) => block.type);
    // Above the cards: the heading, the notice, then the offer.
    expect(types.slice(0, 3)).toEqual(["section", "context", "actions"]);
  });

  it("shows the help card with a real id in its examples and commands as code", () => {
    const text = textOf({ kind: "help", exampleId: "v35q3xk" });
    expect(text).toContain("`/paper v35q3xk`");
    expect(text).toContain("`/paper similar v35q3xk`");
    expect(text).not.toContain("2f9k3xa");
  });

  it("gives the commands of one feature when asked about it", () => {
    expect(textOf({ kind: "help", topic: "follow" })).toContain("`/paper follow reward models`");
    expect(textOf({ kind: "help", topic: "saved" })).toContain("`/paper saved export`");
    expect(textOf({ kind: "help", topic: "share" })).toContain("Share in channel");
    expect(textOf({ kind: "help", topic: "daily" })).toContain("`/paper daily off`");
  });

  it("writes every help card in marks Slack reads, with none turned into look-alikes", () => {
    const topics = [undefined, "follow", "saved", "share", "daily"] as const;
    for (const topic of topics) {
      const text = textOf(topic === undefined ? { kind: "help" } : { kind: "help", topic });
      expect(text).not.toMatch(/[\u2217\u02cd\u223c\u02cb]/u);
    }
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
      buttons: ["share" as const, "similar" as const, "moreBy" as const, "full" as const],
    }));
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
    expect(
      controlsOf(
        renderSlackMessage({ kind: "results", query, total: 9, offset: 0, cards: [], nextOffset: 5 }).blocks,
      ),
    ).toHaveLength(0);
  });
});
