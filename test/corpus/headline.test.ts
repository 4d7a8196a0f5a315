import { describe, expect, it } from "vitest";
import { HEADLINE_MAX, headlineOf, sentencesOf, shortenText } from "../../src/corpus/headline.js";
import { loadCorpus } from "../../src/corpus/load.js";

const SEEDS = new URL("../../seeds/", import.meta.url).pathname;
const corpus = await loadCorpus(SEEDS);
const headlineWith = (text: string): string | undefined =>
  corpus.papers.find((p) => p.abstract.includes(text))?.headline;

describe("headlines of the real seeds", () => {
  it("names the system and says what it is", () => {
    expect(headlineWith("AgentGym-RL")).toBe(
      "AgentGym-RL: a new framework to train LLM agents for multi-turn interactive decision-making through RL",
    );
    expect(headlineWith("TRACE")).toBe(
      "TRACE: a novel benchmark designed to evaluate continual learning in LLMs",
    );
    expect(headlineWith("MetaRM")).toBe(
      "MetaRM: a method leveraging meta-learning to align the RM with the shifted environment distribution",
    );
  });

  it("puts an acronym first with its long form", () => {
    expect(headlineWith("BAPO")).toBe(
      "BAPO (BAlanced Policy Optimization with Adaptive Clipping): a simple yet effective method that dynamically adjusts clipping bounds…",
    );
    expect(headlineWith("POLAR")).toMatch(
      /^POLAR \(Policy Discriminative Learning\): a scalable pre-training method that trains/,
    );
  });

  it("handles 'called X', 'named X' and 'a framework, X, which'", () => {
    expect(headlineWith("CARD")).toBe(
      "CARD: a cache-assisted parallel speculative decoding framework that employs a novel query-and-correct paradigm",
    );
    expect(headlineWith("SPA-VL")).toBe(
      "SPA-VL: a Safety Preference Alignment dataset for Vision Language Models",
    );
    expect(headlineWith("RealBehavior")).toBe(
      "RealBehavior: a framework designed to characterize the humanoid behaviors of models faithfully",
    );
  });

  it("keeps a title given after a colon, with its LaTeX rendered", () => {
    expect(headlineWith("Reverse Curriculum")).toBe(
      "R³: Learning Reasoning through Reverse Curriculum Reinforcement Learning",
    );
  });

  it("uses the stated contribution when no system is named", () => {
    expect(headlineWith("comprehensive survey on LLM-based agents")).toBe(
      "A comprehensive survey on LLM-based agents",
    );
    expect(headlineWith("agent memory research")).toBe(
      "An up-to-date landscape of current agent memory research",
    );
    expect(headlineWith("fault trees")).toBe("A novel textual representation of fault trees");
  });

  it("keeps every headline short, cut at a word with an ellipsis, and never a dangling small word", () => {
    for (const paper of corpus.papers) {
      expect(paper.headline.length).toBeLessThanOrEqual(HEADLINE_MAX);
      expect(paper.headline.length).toBeGreaterThan(20);
      expect(paper.headline).not.toMatch(/[$\\]|\s(?:to|of|the|and|a|with)…$/);
      expect(paper.headline).toMatch(/^\p{Lu}/u);
    }
    expect(new Set(corpus.papers.map((p) => p.headline)).size).toBe(corpus.papers.length);
  });
});

describe("headlineOf", () => {
  it("falls back to the first sentence, shortened at a word boundary", () => {
    const long = `Curriculum learning orders training examples from easy to hard ${"and again ".repeat(20)}forever. Then more.`;
    const headline = headlineOf(long);
    expect(headline.endsWith("…")).toBe(true);
    expect(headline.length).toBeLessThanOrEqual(HEADLINE_MAX);
    expect(long.startsWith(headline.slice(0, -1))).toBe(true);
    expect(headlineOf("Short and sweet. Second sentence.")).toBe("Short and sweet");
  });

  it("does not take an ordinary word for a system's name", () => {
    expect(headlineOf("Models drift. We propose two simple fixes, which help a lot.")).toBe("Models drift");
  });

  it("returns an empty headline for an empty abstract", () => {
    expect(headlineOf("")).toBe("");
  });
});

describe("sentencesOf", () => {
  it("does not split after e.g., i.e. or initials", () => {
    expect(sentencesOf("Methods (e.g. PPO) help. Work by J. Smith et al. Is good. 3.5 points.")).toEqual([
      "Methods (e.g. PPO) help.",
      "Work by J. Smith et al. Is good.",
      "3.5 points.",
    ]);
  });
});

describe("shortenText", () => {
  it("prefers a late comma and never leaves a parenthesis open", () => {
    expect(shortenText("alpha beta, gamma delta (epsilon zeta)", 30)).toBe("alpha beta, gamma delta…");
    expect(shortenText("short", 30)).toBe("short");
  });
});
