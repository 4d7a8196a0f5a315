import { describe, expect, it } from "vitest";
import { foldedWordsOf, searchedWordsOf, termOf } from "../../src/search/analyze.js";
import { type Synonyms, synonymsOf, textRowWriter } from "../../src/search/index-text.js";

const textRowOf = (paper: Parameters<ReturnType<typeof textRowWriter>>[0], synonyms: Synonyms) =>
  textRowWriter(synonyms)(paper);

describe("analysis", () => {
  it("stems words so inflections meet", () => {
    expect(termOf("Models")).toBe(termOf("modeling"));
    expect(termOf("agents")).toBe(termOf("agent"));
  });

  it("keeps apart words Porter merges: generation and general", () => {
    expect(termOf("generation")).not.toBe(termOf("general"));
    expect(termOf("generalization")).not.toBe(termOf("generation"));
  });

  it("drops stop words and the words a question is framed with, and folds accents", () => {
    expect(searchedWordsOf("Please find papers on the role of the Café")).toEqual(["role", "cafe"]);
    expect(termOf("the")).toBeUndefined();
    expect(searchedWordsOf("what did we publish on RoPE? thx")).toEqual(["rope"]);
  });

  it("splits hyphenated words into their words", () => {
    expect(foldedWordsOf("PPO-max and Q-Ponder, Zoë")).toEqual(["ppo", "max", "and", "q", "ponder", "zoe"]);
  });
});

describe("the index row of a paper", () => {
  const synonyms = synonymsOf([
    { short: "SFT", long: "supervised fine-tuning" },
    { short: "NO", long: "nitric oxide" },
  ]);

  it("writes an acronym's long form where a paper writes the acronym, and the acronym where it writes the long form", () => {
    const short = textRowOf({ abstract: "We apply SFT before PPO-max." }, synonyms);
    expect(short.synonyms.split(" ")).toEqual(expect.arrayContaining(["supervis", "fine", "tune"]));
    const long = textRowOf({ abstract: "Supervised fine-tuning helps." }, synonyms);
    expect(long.synonyms.split(" ")).toContain("sft");
  });

  it("writes a hyphenated compound joined, and the abstract as written beside its stems", () => {
    const row = textRowOf({ abstract: "We apply SFT before PPO-max." }, synonyms);
    expect(row.synonyms.split(" ")).toContain("ppomax");
    expect(row.surface.split(" ")).toEqual(["apply", "sft", "ppo", "max", "ppomax"]);
  });

  it("takes an acronym only as the papers define it: the word “no” is no nitric oxide", () => {
    expect(textRowOf({ abstract: "There is no effect of NO here." }, synonyms).synonyms.split(" ")).toEqual([
      "nitric",
      "oxid",
    ]);
    expect(textRowOf({ abstract: "There is no effect." }, synonyms).synonyms).toBe("");
  });
});

describe("a paper's title and venue", () => {
  it("indexes an export's title as the headline and its venue on its own; a paper without a title has none", () => {
    const row = textRowOf(
      { abstract: "We study rewards.", title: "Secrets of RLHF", venue: "NeurIPS" },
      synonymsOf([]),
    );
    expect(row.headline.split(" ")).toEqual(["secret", "rlhf"]);
    expect(row.venue).toBe("neurip");
    expect(textRowOf({ abstract: "We introduce RewardBench, a benchmark." }, synonymsOf([])).headline).toBe(
      "",
    );
  });
});
