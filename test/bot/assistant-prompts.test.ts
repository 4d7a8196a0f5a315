import { describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { assistantPromptsFor } from "../../src/bot/assistant-prompts.js";
import { ASSISTANT_PROMPTS } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { servedIndex, servedIndexOf } from "../helpers/served-index.js";
import { corpusOf } from "../search/fixture-corpus.js";

const stereo = corpusOf(
  [
    "Stereo matching estimates disparity from two views; we learn stereo matching costs with cost volumes.",
    "Cost volumes for stereo matching at high resolution, with a disparity refinement network.",
    "Optical flow and stereo matching share a correlation layer; we train both on synthetic scenes.",
    "Depth completion from sparse lidar points guided by images.",
    "Monocular depth estimation with transformers.",
  ].map((abstract, at) => ({
    id: `stereo${at}0001`,
    authors: at < 3 ? ["Ada Lin", "Bo Chen"] : ["Cy Dube"],
    owners: at < 3 ? ["Ada Lin"] : ["Cy Dube"],
    abstract,
  })),
);

/** The bot over one library, as a test asks it. */
const depsOver = (index: SearchIndex): BotDeps => ({
  index: () => index,
  random: () => 0.5,
  now: () => new Date("2026-12-07T09:00:00Z"),
  defaultTimeZone: "UTC",
});

describe("the assistant panel's suggested prompts", () => {
  it("are the fixed ones where the library writes of reward models and RLHF", async () => {
    const seeds = await servedIndex("seeds");
    expect(await assistantPromptsFor(() => seeds)).toEqual(ASSISTANT_PROMPTS);
  });

  it("ask about a topic of the library itself where it does not, and each finds something", async () => {
    const index = await servedIndexOf(stereo);
    const prompts = await assistantPromptsFor(() => index);
    expect(prompts.map((prompt) => prompt.message)).not.toContain("Papers on RLHF");
    expect(prompts.slice(2)).toEqual(ASSISTANT_PROMPTS.slice(2));
    const deps = depsOver(index);
    for (const { message } of prompts.slice(0, 2)) {
      expect(message).toMatch(/stereo|matching|cost|disparity/i);
      const { reply } = await answer(deps, {
        source: "dm",
        text: message,
        userId: "U0ASKER",
        channelId: "D0ASKER",
      });
      expect(["people", "results", "card"], message).toContain(reply.kind);
    }
  });

  it("are the help card's examples too, and each example there finds something in this library", async () => {
    const index = await servedIndexOf(stereo);
    const deps = depsOver(index);
    const ask = (text: string) =>
      answer(deps, { source: "slash", text, userId: "U0ASKER", channelId: "C0PAPERS" });
    const help = renderSlackMessage((await ask("help")).reply).text;
    expect(help).not.toMatch(/RLHF|Enyu Zhou|reward models/);
    for (const topic of ["who", "author", "search", "follow"]) {
      const lines = renderSlackMessage((await ask(`help ${topic}`)).reply).text;
      expect(lines, topic).not.toMatch(/RLHF|Enyu Zhou|reward models/);
    }
    const commands = [...help.matchAll(/`\/paper ((?:who|author) [^`]+)`/g)].map((match) => match[1] ?? "");
    expect(commands).toHaveLength(2);
    for (const command of commands) {
      const { reply } = await ask(command);
      expect(["people", "author"], command).toContain(reply.kind);
    }
  });

  it("answers how-to questions with the card of that feature, and a request to search with the search", async () => {
    const index = await servedIndexOf(stereo);
    const deps = depsOver(index);
    const ask = async (text: string) =>
      (await answer(deps, { source: "dm", text, userId: "U0ASKER", channelId: "D0ASKER" })).reply;
    expect(await ask("how do I find who works on something?")).toMatchObject({ kind: "help", topic: "who" });
    expect(await ask("how can I see someone's papers?")).toMatchObject({ kind: "help", topic: "author" });
    expect(await ask("how do I search?")).toMatchObject({ kind: "help", topic: "search" });
    expect(await ask("can you search for stereo matching")).toMatchObject({
      kind: "results",
      query: "stereo matching",
    });
  });

  it("are the fixed ones while the papers cannot be read", async () => {
    const prompts = await assistantPromptsFor(() => {
      throw new Error("loading");
    });
    expect(prompts).toEqual(ASSISTANT_PROMPTS);
  });
});
