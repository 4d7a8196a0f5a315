import { describe, expect, it } from "vitest";
import { isBlankQuery, parseQuery } from "../../src/search/query.js";

describe("parseQuery", () => {
  it("keeps free words in order", () => {
    expect(parseQuery("speculative  decoding").words).toEqual(["speculative", "decoding"]);
  });

  it("reads quoted phrases, also with Slack's curly quotes and a missing closing quote", () => {
    expect(parseQuery('"human feedback" reward').phrases).toEqual(["human feedback"]);
    expect(parseQuery("“human feedback” reward").phrases).toEqual(["human feedback"]);
    expect(parseQuery('reward "human feedback').phrases).toEqual(["human feedback"]);
  });

  it("reads author filters, quoted or as one word, in any case", () => {
    const parsed = parseQuery('jailbreak author:"Shihan Dou" Author:zheng');
    expect(parsed.authors).toEqual(["Shihan Dou", "zheng"]);
    expect(parsed.words).toEqual(["jailbreak"]);
  });

  it("reads exclusions of words and phrases, but not hyphens inside words", () => {
    const parsed = parseQuery('models -vision -"human feedback" vision-language');
    expect(parsed.excluded).toEqual(["vision", "human feedback"]);
    expect(parsed.words).toEqual(["models", "vision-language"]);
  });

  it("ignores empty syntax and knows a blank query", () => {
    expect(isBlankQuery(parseQuery('  "" - author:"" '))).toBe(true);
    expect(isBlankQuery(parseQuery("the"))).toBe(false);
  });

  it("reads NOT and OR in capitals as search boxes do, never inside quotes or in lower case", () => {
    expect(parseQuery('reward NOT vision NOT "human feedback"').excluded).toEqual([
      "vision",
      "human feedback",
    ]);
    expect(parseQuery("why do reward models not generalize").excluded).toEqual([]);
    const either = parseQuery('RLHF OR "reward model" -survey');
    expect(either.alternatives?.map((side) => [side.words, side.phrases, side.excluded])).toEqual([
      [["RLHF"], [], ["survey"]],
      [[], ["reward model"], ["survey"]],
    ]);
    expect(either.words).toEqual(["RLHF"]);
    expect(parseQuery('"RLHF OR DPO"').alternatives).toBeUndefined();
    expect(parseQuery("PPO or DPO").alternatives).toBeUndefined();
    expect(parseQuery("RLHF OR").alternatives).toBeUndefined();
  });

  it("leaves out a citation's et al.", () => {
    expect(parseQuery("Zhou et al. reward models").words).toEqual(["Zhou", "reward", "models"]);
  });
});
