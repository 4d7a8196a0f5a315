import { describe, expect, it } from "vitest";
import { mineAcronyms } from "../../src/corpus/acronyms.js";
import { loadCorpus } from "../../src/corpus/load.js";

describe("mineAcronyms", () => {
  it("finds 'Long Form (LF)' where the letters are the words' initials", () => {
    expect(mineAcronyms(["We use Reinforcement Learning from Human Feedback (RLHF) here."])).toEqual([
      { short: "RLHF", long: "Reinforcement Learning from Human Feedback" },
    ]);
  });

  it("makes plural acronyms singular along with their long form", () => {
    expect(mineAcronyms(["Today large language models (LLMs) and reward models (RMs) abound."])).toEqual([
      { short: "LLM", long: "large language model" },
      { short: "RM", long: "reward model" },
    ]);
  });

  it("finds 'LF (Long Form)', hyphenated words and letters inside a word", () => {
    expect(
      mineAcronyms([
        "We introduce DVPO (Distributional Value Modeling with Risk-aware Policy Optimization), a framework.",
        "It uses supervised fine-tuning (SFT), Rotary Position Embedding (RoPE) and Chain-of-Thought (CoT).",
      ]),
    ).toEqual([
      { short: "CoT", long: "Chain-of-Thought" },
      { short: "DVPO", long: "Distributional Value Modeling with Risk-aware Policy Optimization" },
      { short: "RoPE", long: "Rotary Position Embedding" },
      { short: "SFT", long: "supervised fine-tuning" },
    ]);
  });

  it("rejects parentheses whose letters are not the initials", () => {
    expect(
      mineAcronyms([
        "We propose Policy Discriminative Learning (POLAR) for rewards.",
        "Scores improve (e.g., RFQI, CQL) and (ii) nothing else (NX) changes here (ABC).",
      ]),
    ).toEqual([]);
  });

  it("keeps one entry per long form, counting case variants together", () => {
    expect(
      mineAcronyms(["Speculative decoding (SD) is fast.", "Recent speculative decoding (SD) is faster."]),
    ).toEqual([{ short: "SD", long: "Speculative decoding" }]);
  });

  it("mines the seeds' well-known acronyms", async () => {
    const corpus = await loadCorpus(new URL("../../seeds/", import.meta.url).pathname);
    const longOf = (short: string) =>
      corpus.acronyms.filter((a) => a.short === short).map((a) => a.long.toLowerCase());

    expect(longOf("RLHF")).toContain("reinforcement learning from human feedback");
    expect(longOf("LLM")).toEqual(["large language model"]);
    expect(longOf("GRPO")).toEqual(["group relative policy optimization"]);
    expect(longOf("PPO")).toEqual(["proximal policy optimization"]);
    expect(longOf("SOTA")).toEqual(["state-of-the-art"]);
    expect(longOf("POLAR")).toEqual([]);
  });
});
