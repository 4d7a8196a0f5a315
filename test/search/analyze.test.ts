import { describe, expect, it } from "vitest";
import {
  acronymTableOf,
  foldedWordsOf,
  isUnambiguous,
  longFormsAt,
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

  it("splits hyphenated words into their words, as the index does", () => {
    expect(foldedWordsOf("PPO-max and Q-Ponder, Zoë")).toEqual(["ppo", "max", "and", "q", "ponder", "zoe"]);
  });
});

describe("acronym table", () => {
  const table = acronymTableOf([
    { short: "RLHF", long: "Reinforcement Learning from Human Feedback" },
    { short: "RLHF", long: "reinforcement learning with human feedback" },
    { short: "SD", long: "speculative decoding" },
    { short: "SD", long: "stable diffusion" },
  ]);

  it("takes spellings of one long form that differ only in small words as one meaning", () => {
    expect(isUnambiguous(table, "rlhf")).toBe(true);
    expect(isUnambiguous(table, "sd")).toBe(false);
  });

  it("finds a long form where a query spells it out, longest first", () => {
    const terms = termSequenceOf("tricks for reinforcement learning from human feedback");
    expect(longFormsAt(terms, 0, table)).toEqual([]);
    expect(longFormsAt(terms, 1, table).map((entry) => entry.short)).toEqual(["RLHF", "RLHF"]);
  });
});
