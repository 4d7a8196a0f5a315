import { describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { assistantPromptsFor } from "../../src/bot/assistant-prompts.js";
import { ASSISTANT_PROMPTS } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
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
    const deps: BotDeps = {
      index: () => index,
      random: () => 0.5,
      now: () => new Date("2026-12-07T09:00:00Z"),
      defaultTimeZone: "UTC",
    };
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

  it("are the fixed ones while the papers cannot be read", async () => {
    const prompts = await assistantPromptsFor(() => {
      throw new Error("loading");
    });
    expect(prompts).toEqual(ASSISTANT_PROMPTS);
  });
});
