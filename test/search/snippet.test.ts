import { describe, expect, it } from "vitest";
import { searchedWordsOf, stemOf } from "../../src/search/analyze.js";

const termSequenceOf = (text: string) => searchedWordsOf(text).map(stemOf);

import { sentenceSpansOf } from "../../src/corpus/sentences.js";
import { type Marks, snippetOf } from "../../src/search/snippet.js";

/** Marks of these terms alone, wherever they stand. */
const wordMarks = (terms: Iterable<string>): Marks => ({ words: new Set(terms), phrases: [] });

const text =
  "Large models are everywhere, e.g. in chat. Speculative decoding speeds up decoding of large models. We release code.";

describe("snippets", () => {
  it("splits sentences but not after abbreviations followed by lower case", () => {
    expect(sentenceSpansOf(text).map((s) => text.slice(s.start, s.end))).toEqual([
      "Large models are everywhere, e.g. in chat.",
      "Speculative decoding speeds up decoding of large models.",
      "We release code.",
    ]);
  });

  it("picks the sentence with most query words and marks each run of them once", () => {
    const parts = snippetOf(text, wordMarks(termSequenceOf("speculative decoding")));
    expect(parts).toEqual([
      { text: "Speculative decoding", match: true },
      { text: " speeds up ", match: false },
      { text: "decoding", match: true },
      { text: " of large models.", match: false },
    ]);
  });

  it("marks a phrase (an acronym's long form) only where its words stand together", () => {
    const marks = { words: new Set(["ppo"]), phrases: [termSequenceOf("proximal policy optimization")] };
    const both = "We optimize the policy model. Proximal Policy Optimization (PPO) trains it.";
    expect(
      snippetOf(both, marks)
        .filter((part) => part.match)
        .map((part) => part.text),
    ).toEqual(["Proximal Policy Optimization", "PPO"]);
    // Its words apart are no match.
    expect(snippetOf("We optimize the policy model.", marks).some((part) => part.match)).toBe(false);
  });

  it("shows the sentence that writes the words, not a link that spells them", () => {
    const rmb =
      "We propose RMB, a benchmark of reward models. Our code is at https://github.com/Zhou-Zoey/RMB-Reward-Model-Benchmark.";
    const parts = snippetOf(rmb, wordMarks(termSequenceOf("reward model benchmark")));
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual([
      "benchmark of reward models",
    ]);
    // A link alone is no match to mark: the first sentence is shown.
    expect(snippetOf(rmb, wordMarks(termSequenceOf("zoey")))).toEqual([
      { text: "We propose RMB, a benchmark of reward models.", match: false },
    ]);
  });

  it("falls back to the first sentence when nothing matches", () => {
    expect(snippetOf(text, wordMarks([]))).toEqual([
      { text: "Large models are everywhere, e.g. in chat.", match: false },
    ]);
  });

  it("marks a hyphenated name matched in its joined form", () => {
    const parts = snippetOf("We propose PPO-max for stable training.", wordMarks(["ppomax"]));
    expect(parts.filter((p) => p.match).map((p) => p.text)).toEqual(["PPO-max"]);
  });

  it("trims a long sentence around the first match, at word edges", () => {
    const long = `${"word ".repeat(100)}jailbreak ${"tail ".repeat(100)}end.`;
    const parts = snippetOf(long, wordMarks(["jailbreak"]), 120);
    const joined = parts.map((p) => p.text).join("");
    expect(joined.length).toBeLessThanOrEqual(122);
    expect(parts[0]).toEqual({ text: "…", match: false });
    expect(parts.at(-1)).toEqual({ text: "…", match: false });
    expect(parts.some((p) => p.match && p.text === "jailbreak")).toBe(true);
    expect(joined).toMatch(/^…word /);
  });
});
