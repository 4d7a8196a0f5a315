// Cards as a user sees them, drawn from real exports: the seeds' author files beside the library fixtures
// (a Zotero/Better BibTeX .bib, a Google Scholar .bib without abstracts, CSL-JSON, arXiv JSONL, members.yml).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContextBlock, KnownBlock, SectionBlock } from "@slack/types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import type { BotDeps } from "../../src/bot/ports.js";
import type { CardButton, Reply } from "../../src/bot/reply.js";
import { savedEntryOf } from "../../src/bot/saved-answers.js";
import type { Paper } from "../../src/corpus/types.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { CARD_LINES, LINE_CHARS, SNIPPET_LINE_CHARS } from "../../src/render/card-blocks.js";
import { cardBodyText, NO_ABSTRACT } from "../../src/render/lines.js";
import { errorPayload, postPayload, responsePayload } from "../../src/render/payloads.js";
import type { SearchIndex } from "../../src/search/types.js";
import { papersOf } from "../helpers/papers.js";
import { servedIndex } from "../helpers/served-index.js";
import { agentSurvey } from "./sample-replies.js";

const LIBRARY = "test/fixtures/corpus/library";
let folder: string;
let index: SearchIndex;
let deps: BotDeps;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "paperbot-cards-"));
  for (const name of readdirSync("seeds")) cpSync(join("seeds", name), join(folder, name));
  for (const name of readdirSync(LIBRARY)) cpSync(join(LIBRARY, name), join(folder, name));
  index = await servedIndex(folder);
  deps = {
    index: () => index,
    random: () => 0.25,
    now: () => new Date("2026-12-05T09:00:00Z"),
    defaultTimeZone: "UTC",
  };
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const ask = async (text: string) =>
  renderSlackMessage(
    (await answer(deps, { source: "slash", text, userId: "U0ASKER", channelId: "C0PAPERS" })).reply,
  );

const paperTitled = (start: string): Paper => {
  const paper = papersOf(index).find((p) => p.title?.startsWith(start));
  if (paper === undefined) throw new Error(`no paper titled ${start}`);
  return paper;
};

const sectionText = (block: KnownBlock | undefined) =>
  block?.type === "section" ? ((block as SectionBlock).text?.text ?? "") : "";
const contextText = (block: KnownBlock | undefined) =>
  block?.type === "context"
    ? (block as ContextBlock).elements.map((element) => ("text" in element ? element.text : "")).join(" ")
    : "";
/** Every link target a mrkdwn text holds. */
const linksIn = (text: string) =>
  [...text.matchAll(/<(https?:[^|>]+)\|([^>]*)>/g)].map((m) => ({ href: m[1], label: m[2] }));

/** A card of a result list: the four blocks from its numbered title. */
function cardAt(blocks: KnownBlock[], rank: number): KnownBlock[] {
  const at = blocks.findIndex((block) => new RegExp(`^${rank}\\. `).test(sectionText(block)));
  expect(at, `card ${rank}`).toBeGreaterThanOrEqual(0);
  return blocks.slice(at, at + 4);
}

/** Lines a text takes at `width` characters a line, its marks and link addresses not shown. */
const linesOf = (text: string, width = LINE_CHARS) =>
  Math.max(
    1,
    Math.ceil(text.replace(/<https?:[^|>]+\|([^>]*)>/g, "$1").replace(/[*_]|&[a-z]+;/g, "").length / width),
  );

describe("a search's cards", () => {
  it.each(["models", "agents", "reward models", "alignment", "reasoning", "benchmark", 'author:"Enyu Zhou"'])(
    "fits a page of five for “%s” in 25 blocks, each card four blocks and at most five lines before Full abstract",
    async (query) => {
      const message = await ask(query);
      expect(message.blocks.length).toBeLessThanOrEqual(25);
      for (const rank of [1, 2, 3, 4, 5]) {
        const [title, byline, body, links] = cardAt(message.blocks, rank);
        expect([title?.type, byline?.type, body?.type, links?.type]).toEqual([
          "section",
          "context",
          "section",
          "context",
        ]);
        const lines =
          linesOf(sectionText(title)) +
          linesOf(contextText(byline)) +
          linesOf(sectionText(body), SNIPPET_LINE_CHARS) +
          linesOf(contextText(links));
        expect(lines, `card ${rank}`).toBeLessThanOrEqual(CARD_LINES);
      }
    },
  );

  it("bolds whole words only: a matched word that does not fit is left out, not cut", () => {
    // The survey's snippet for "agents" ran out inside "multi-agent" and showed "multi-*age*…".
    const snippet = [
      { text: "applications of LLM-based ", match: false },
      { text: "agents", match: true },
      { text: " in three aspects: single-", match: false },
      { text: "agent", match: true },
      { text: " scenarios, multi-", match: false },
      { text: "agent", match: true },
      { text: " scenarios, and human-agent cooperation.", match: false },
    ];
    const card = { paper: agentSurvey, snippet, buttons: [] };
    const room =
      "applications of LLM-based agents in three aspects: single-agent scenarios, multi-age".length + 1;
    expect(cardBodyText(card, room)).toBe(
      "applications of LLM-based *agents* in three aspects: single-*agent* scenarios, multi-…",
    );
  });

  it("ends a snippet at a word: the word after a match that does not fit is left out, not cut to its first letter", () => {
    // POLAR's snippet for "RLHF" showed "… capabilities in *RLHF* u…".
    const snippet = [
      { text: "POLAR also shows robust generalization capabilities in ", match: false },
      { text: "RLHF", match: true },
      { text: " using a reward model trained from policy pairs.", match: false },
    ];
    const card = { paper: agentSurvey, snippet, buttons: [] };
    const room = "POLAR also shows robust generalization capabilities in RLHF us".length;
    expect(cardBodyText(card, room)).toBe("POLAR also shows robust generalization capabilities in *RLHF*…");
    const oneLongWord = [{ text: "Pneumonoultramicroscopicsilicovolcanoconiosis", match: false }];
    expect(cardBodyText({ ...card, snippet: oneLongWord }, 12)).toBe("Pneumonoult…");
  });

  it("links the real title to its DOI, greys authors with members in bold, venue and year, and links arXiv, DOI and PDF", async () => {
    const message = await ask("AgentGym evolving environments");
    const agentGym = paperTitled("AgentGym");
    const rank = message.blocks.findIndex((block) => sectionText(block).includes("AgentGym: Evolving"));
    const [title, byline, , links] = message.blocks.slice(rank, rank + 4);
    expect(linksIn(sectionText(title))).toEqual([
      {
        href: "https://doi.org/10.48550/arXiv.2406.04151",
        label: "*AgentGym: Evolving Large Language Model-based Agents across Diverse Environments*",
      },
    ]);
    // members.yml lists Zhiheng Xi and Wen-Xiang Chen; venue and year follow in the same grey line.
    expect(contextText(byline)).toMatch(
      /^\*Zhiheng Xi\*, Yiwen Ding, \*Wen-Xiang Chen\* et al\. · .+ · 2024$/,
    );
    expect(linksIn(contextText(links))).toEqual([
      { href: "https://arxiv.org/abs/2406.04151", label: "arXiv" },
      { href: "https://doi.org/10.48550/arXiv.2406.04151", label: "DOI" },
      { href: "https://arxiv.org/pdf/2406.04151", label: "PDF" },
      { href: "https://github.com/WooooDyy/AgentGym", label: "code" },
    ]);
    // The id is small print at the end of the links line, no longer a code span of its own.
    expect(contextText(links)).toMatch(new RegExp(`· id ${agentGym.id}$`));
    expect(JSON.stringify(message.blocks)).not.toContain(`\`${agentGym.id}\``);
  });

  it("links the GitHub repository a seeds abstract names, with no headline link where the paper has no address", async () => {
    // RMB's abstract is in an author file, its title in the Scholar export, which gives no address.
    const message = await ask("RMB reward model benchmark real-world scenarios");
    const rank = message.blocks.findIndex((block) =>
      sectionText(block).includes("RMB: Comprehensively benchmarking reward models in LLM alignment"),
    );
    const [title, , , links] = message.blocks.slice(rank, rank + 4);
    expect(linksIn(sectionText(title))).toEqual([]);
    expect(linksIn(contextText(links))).toEqual([
      { href: "https://github.com/Zhou-Zoey/RMB-Reward-Model-Benchmark", label: "code" },
    ]);
  });

  it("says an entry without an abstract has none, and offers no Full abstract for it", async () => {
    // scholar.bib's crossref child has no abstract (its survey is now one paper with the author file's).
    const child = paperTitled("Quoted Titles");
    const message = renderSlackMessage({
      kind: "card",
      card: { paper: child, buttons: ["share", "full", "similar"] },
    });
    const text = JSON.stringify(message.blocks);
    expect(text).toContain(NO_ABSTRACT);
    expect(text).not.toContain("Full abstract");
  });

  it("gives the Scholar entry of a paper in an author file its abstract, and a card on its own the whole venue", () => {
    const rmb = paperTitled("RMB: Comprehensively");
    expect(rmb.abstract).toContain("we propose RMB, a comprehensive RM benchmark");
    const message = renderSlackMessage({ kind: "card", card: { paper: rmb, buttons: ["share", "full"] } });
    expect(JSON.stringify(message.blocks)).toContain("Full abstract");
    expect(contextText(message.blocks[1])).toBe(
      "*Enyu Zhou*, Guodong Zheng, Binghai Wang et al. · Proceedings of the Annual Meeting of the Association for Computational Linguistics (Findings) · 2024",
    );
  });

  it("keeps of a long venue in a list what tells it apart: no 'Proceedings of the 61st', its acronym when it has one", () => {
    const reward = paperTitled("Reward Models Are");
    const bylineIn = (paper: Paper) => {
      const message = renderSlackMessage({
        kind: "results",
        query: "q",
        total: 1,
        offset: 0,
        cards: [{ paper, buttons: ["share"] }],
      });
      return contextText(cardAt(message.blocks, 1)[1]);
    };
    expect(reward.venue).toMatch(/^Proceedings of the 61st Annual Meeting/);
    expect(bylineIn(reward)).toContain(" · Annual Meeting of the Association");
    const cvpr = "Proceedings of the IEEE/CVF Conference on Computer Vision and Pattern Recognition (CVPR)";
    expect(bylineIn({ ...reward, venue: cvpr })).toMatch(/ · CVPR · 2023$/);
    expect(bylineIn({ ...reward, venue: "NeurIPS" })).toMatch(/ · NeurIPS · 2023$/);
    // As DBLP and the ACL Anthology write Findings and workshop volumes.
    const findings = "Findings of the Association for Computational Linguistics: EMNLP 2024";
    expect(bylineIn({ ...reward, venue: findings })).toMatch(/ · Findings of EMNLP · 2023$/);
    const workshop =
      "Proceedings of the Third Workshop on Natural Language Generation, Evaluation, and Metrics: GEM";
    expect(bylineIn({ ...reward, venue: workshop })).toMatch(/ · GEM · 2023$/);
    const dblp =
      "The Twelfth International Conference on Learning Representations, ICLR 2024, Vienna, Austria, May 7-11, 2024";
    expect(bylineIn({ ...reward, venue: dblp })).toMatch(/ · ICLR · 2023$/);
    const neurips =
      "Advances in Neural Information Processing Systems 36: Annual Conference on Neural Information Processing Systems 2023, NeurIPS 2023, New Orleans, LA, USA, December 10 - 16, 2023";
    expect(bylineIn({ ...reward, venue: neurips })).toMatch(/ · NeurIPS · 2023$/);
  });

  it("never links a javascript: URL and gives the fallback text the real title", () => {
    const broken = paperTitled("A Paper Whose Link");
    expect(broken.url).toBeUndefined();
    const hostile: Paper = { ...broken, url: "javascript:alert(1)", doi: "10.1000/ has spaces" };
    const message = renderSlackMessage({ kind: "card", card: { paper: hostile, buttons: ["share"] } });
    expect(JSON.stringify(message.blocks)).not.toContain("javascript");
    expect(linksIn(sectionText(message.blocks[0]))).toEqual([]);
    expect(message.text).toBe(`A Paper Whose Link Is Not a Link (${broken.id})`);
  });
});

describe("a paper named by what people paste", () => {
  it("answers an arXiv link or id, a DOI or doi.org link, the paper's link or its citation key with its card", async () => {
    const agentGym = paperTitled("AgentGym");
    const reward = paperTitled("Reward Models Are");
    const titled = async (text: string) => sectionText((await ask(text)).blocks[0]);
    const pastes: [string[], Paper][] = [
      [
        [
          "<https://arxiv.org/pdf/2406.04151v2.pdf>",
          "arXiv:2406.04151",
          "what is 2406.04151 about?",
          "xiAgentGymEvolvingLarge2024",
        ],
        agentGym,
      ],
      [
        [
          "10.18653/V1/2023.ACL-LONG.7",
          // An ACL Anthology page or PDF is its DOI.
          "https://aclanthology.org/2023.acl-long.7.pdf",
          "<https://aclanthology.org/2023.acl-long.7/>",
          "<https://doi.org/10.18653/v1/2023.acl-long.7|doi.org/10.18653/v1/2023.acl-long.7>",
        ],
        reward,
      ],
    ];
    for (const [pasted, paper] of pastes.flatMap(([texts, paper]) =>
      texts.map((text) => [text, paper] as const),
    ))
      expect(await titled(pasted), pasted).toContain(paper.title);
  });

  it("finds a reference pasted whole, reading its authors as names and no word of its title as a group's", async () => {
    const survey = paperTitled("The rise and potential");
    const reference =
      "Xi, Z., Chen, W., Guo, X., et al. (2023). The rise and potential of large language model based agents: A survey. Science China Information Sciences.";
    const message = await ask(reference);
    expect(sectionText(message.blocks.find((block) => /^1\. /.test(sectionText(block))))).toContain(
      survey.title,
    );
    // "The" of the title is no part of "The Agent Consortium", an author of another paper.
    expect(message.text).not.toContain("Agent Consortium");
    // Initials beside surnames, either way round ("E. L. Berger" has an "E" too), and the year of another version.
    const rmb = paperTitled("RMB");
    for (const pasted of [
      "Zhou, E., Zheng, G., Wang, B., et al. RMB: Comprehensively benchmarking reward models in LLM alignment. ICLR 2025.",
      "E. Zhou, G. Zheng, B. Wang, “RMB: Comprehensively benchmarking reward models in LLM alignment,” in ICLR, 2025.",
      // GB/T 7714, as Google Scholar gives it, with an arXiv id the library's entries do not have.
      "Zhou E, Zheng G, Wang B, et al. RMB: Comprehensively benchmarking reward models in LLM alignment[J]. arXiv preprint arXiv:2410.09893, 2024.",
    ]) {
      const pastedMessage = await ask(pasted);
      const first = sectionText(pastedMessage.blocks.find((block) => /^1\. /.test(sectionText(block))));
      expect(first, pasted).toContain(rmb.title);
      expect(pastedMessage.text, pasted).toContain("Papers by Enyu Zhou and Guodong Zheng and Binghai Wang.");
      // A letter alone ("[J]") is no word the papers lack.
      expect(pastedMessage.text, pasted).not.toMatch(/mentions[^.]*“J”/);
    }
  });

  it("says the library lacks a DOI or arXiv id no paper has, not that its digits are in no abstract", async () => {
    const message = await ask("https://arxiv.org/abs/2501.99999");
    expect(message.text).toContain("No paper in the library is “https://arxiv.org/abs/2501.99999”.");
    expect(message.text).toContain("The library has no paper with this DOI, arXiv id or link");
    // A word with digits no paper is named by is searched as words.
    expect((await ask("gpt4")).text).toContain("Nothing matched");
  });
});

describe("a paper's name in lists", () => {
  it("is its real title in the reading list, a digest and what's new; the made-up headline only without one", () => {
    // A headline made up before the paper had a title (a saved entry keeps it) is not its name once it has one.
    const agentGym = {
      ...paperTitled("AgentGym"),
      headline: "AgentGym, a framework with diverse environments",
    };
    const saved = savedEntryOf(agentGym, 0);
    expect(saved.headline).toBe(agentGym.title);
    const replies: Reply[] = [
      { kind: "saved", items: [{ ...saved, paper: agentGym }], total: 1, offset: 0 },
      { kind: "whatsNew", papers: [agentGym], total: 1, offset: 0, changedAt: 0 },
    ];
    for (const reply of replies) {
      const message = renderSlackMessage(reply);
      expect(JSON.stringify(message)).toContain("AgentGym: Evolving Large Language Model-based Agents");
      expect(JSON.stringify(message)).not.toContain(agentGym.headline);
    }
    expect(savedEntryOf(agentSurvey, 0).headline).toBe(agentSurvey.headline);
  });
});

describe("a card from hostile fields", () => {
  const hostile: Paper = {
    ...agentSurvey,
    title: `<!channel> ${"Very long title ".repeat(625)}`,
    url: "<!channel>",
    venue: "<@U123> & <http://evil.example|click>",
    authors: Array.from({ length: 500 }, (_, i) => `Author ${i} <!here>`),
    authorKeys: Array.from({ length: 500 }, (_, i) => `author${i}`),
    abstract: "See https://github.com/org/repo|<!channel> and javascript:alert(1).",
  };

  it("keeps a 10,000-character title, 500 authors and markup in every field inert and inside Block Kit's limits", () => {
    const card = renderSlackMessage({
      kind: "card",
      card: { paper: hostile, buttons: ["share", "save", "similar"] },
    });
    const results = renderSlackMessage({
      kind: "results",
      query: "x",
      total: 5,
      offset: 0,
      cards: Array.from({ length: 5 }, () => ({
        paper: hostile,
        buttons: ["share", "similar", "save", "full"] as CardButton[],
      })),
    });
    for (const message of [card, results]) {
      const text = JSON.stringify(message.blocks);
      expect(text).not.toMatch(/<[!@#]|<http:\/\/evil/);
      for (const block of message.blocks) {
        expect(sectionText(block).length).toBeLessThanOrEqual(3000);
        expect(contextText(block).length).toBeLessThanOrEqual(3000);
        if (block.type === "context") expect(block.elements.length).toBeLessThanOrEqual(10);
      }
      for (const { href } of linksIn(text.replaceAll('\\"', '"'))) expect(href).toMatch(/^https:\/\//);
      expect(message.text.length).toBeGreaterThan(0);
      expect(message.text).not.toMatch(/<[!@#]/);
    }
    expect(results.blocks.length).toBeLessThanOrEqual(25);
    // Three authors and "et al.": 500 names never make the grey line.
    expect(
      contextText(card.blocks[1]).startsWith(
        "Author 0 &lt;!here&gt;, Author 1 &lt;!here&gt;, Author 2 &lt;!here&gt; et al.",
      ),
    ).toBe(true);
  });
});

describe("a card's links", () => {
  it("leaves out an address that Slack would get longer than 500 characters (each & written &amp;)", () => {
    const ampersands: Paper = {
      ...agentSurvey,
      doi: `10.1000/${"&".repeat(120)}`,
      abstract: `Code at https://github.com/org/${"&".repeat(300)} and https://github.com/org/repo.`,
    };
    const card = renderSlackMessage({ kind: "card", card: { paper: ampersands, buttons: ["share"] } });
    const links = linksIn(contextText(card.blocks[3]));
    expect(links).toEqual([{ href: "https://github.com/org/repo", label: "code" }]);
    for (const block of card.blocks) expect(contextText(block).length).toBeLessThanOrEqual(3000);
  });
});

describe("where a message goes", () => {
  it("never unfurls: answers, posts and error lines all carry unfurl_links and unfurl_media false", () => {
    const reply = { kind: "info", message: "See https://example.org" } as const;
    for (const payload of [
      responsePayload({ reply, audience: "asker" }),
      postPayload({ reply, audience: "channel" }, "C0PAPERS", undefined),
      errorPayload("Something went wrong."),
    ]) {
      expect(payload).toMatchObject({ unfurl_links: false, unfurl_media: false });
    }
  });
});
