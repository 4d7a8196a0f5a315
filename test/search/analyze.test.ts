import { describe, expect, it } from "vitest";
import {
  acronymsSpelledOutIn,
  acronymTableOf,
  createVocabulary,
  expandAcronyms,
  holdsWholeWord,
  indexOfRun,
  termOf,
  termSequenceOf,
} from "../../src/search/analyze.js";

describe("analysis", () => {
  it("stems words so inflections meet", () => {
    expect(termOf("Models")).toBe(termOf("modeling"));
    expect(termOf("agents")).toBe(termOf("agent"));
    expect(termOf("speculative")).toBe("specul");
  });

  it("drops stop words and folds accents", () => {
    expect(termSequenceOf("The role of the Café in a reward")).toEqual(["role", "cafe", "reward"]);
    expect(termOf("the")).toBeUndefined();
  });

  it("splits hyphenated words and also offers them joined", () => {
    expect(termSequenceOf("PPO-max")).toEqual(["ppo", "max"]);
    expect(createVocabulary().analyze("we use PPO-max and Q-Ponder, not AgentGym-RL-v2").compounds).toEqual([
      "ppomax",
      "qponder",
      "agentgymrlv2",
    ]);
  });

  it("tells a whole word from a piece of a longer one", () => {
    const text = "the reasonableness of reasoning, a reason-based view";
    expect(holdsWholeWord(text, "reasonableness")).toBe(true);
    expect(holdsWholeWord(text, "reason")).toBe(true);
    expect(holdsWholeWord("the reasonableness of reasoning", "reason")).toBe(false);
    expect(holdsWholeWord("reasoning", "reasoning")).toBe(true);
    expect(holdsWholeWord("café au lait", "caf")).toBe(false);
    expect(holdsWholeWord("any text", "")).toBe(false);
  });

  it("finds runs of terms", () => {
    expect(indexOfRun(["a", "b", "c"], ["b", "c"])).toBe(1);
    expect(indexOfRun(["a", "b", "c"], ["c", "b"])).toBe(-1);
  });
});

describe("acronym expansion", () => {
  const table = acronymTableOf([
    { short: "RLHF", long: "Reinforcement Learning from Human Feedback" },
    { short: "SD", long: "speculative decoding" },
    { short: "SD", long: "stable diffusion" },
  ]);

  it("reads an acronym as itself: the index adds it wherever its long form is spelt out", () => {
    const [group] = expandAcronyms(termSequenceOf("RLHF"), table);
    expect(group?.alternatives).toEqual([["rlhf"]]);
    expect(group?.expansions.map((e) => e.long)).toEqual(["Reinforcement Learning from Human Feedback"]);
    expect(
      acronymsSpelledOutIn(termSequenceOf("we use reinforcement learning from human feedback"), table),
    ).toEqual(["rlhf"]);
  });

  it("reads a long form as its acronym and keeps the other words", () => {
    const groups = expandAcronyms(termSequenceOf("reinforcement learning from human feedback tricks"), table);
    expect(groups.map((g) => g.alternatives)).toEqual([[["rlhf"]], [["trick"]]]);
  });

  it("keeps the long form of an ambiguous acronym, and does not index the acronym for it", () => {
    const [group] = expandAcronyms(termSequenceOf("speculative decoding"), table);
    expect(group?.alternatives).toEqual([termSequenceOf("speculative decoding")]);
    expect(acronymsSpelledOutIn(termSequenceOf("stable diffusion models"), table)).toEqual([]);
  });

  it("offers every meaning of an acronym that has several", () => {
    const [group] = expandAcronyms(["sd"], table);
    expect(group?.alternatives).toHaveLength(3);
  });

  it("leaves other words alone", () => {
    expect(expandAcronyms(["jailbreak"], table)).toEqual([{ alternatives: [["jailbreak"]], expansions: [] }]);
  });
});
