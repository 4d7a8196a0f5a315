import { describe, expect, it } from "vitest";
import { headlineOf } from "../../src/corpus/headline.js";
import {
  cleanedDescription,
  fittedHeadline,
  HEADLINE_MAX,
  shortenText,
} from "../../src/corpus/headline-fit.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { sentencesIn } from "../../src/corpus/sentences.js";

const SEEDS = new URL("../../seeds/", import.meta.url).pathname;
const corpus = await loadCorpus(SEEDS);
const headlineWith = (text: string): string | undefined =>
  corpus.papers.find((p) => p.abstract.includes(text))?.headline;

describe("headlines of the real seeds", () => {
  it("name the method or system, then what it is for", () => {
    expect(headlineWith("AgentGym-RL")).toBe(
      "AgentGym-RL: a framework to train LLM agents for multi-turn interactive decision-making",
    );
    expect(headlineWith("TRACE")).toBe("TRACE: a benchmark to evaluate continual learning in LLMs");
    expect(headlineWith("MetaRM")).toBe("MetaRM: a method leveraging meta-learning to align the RM");
    expect(headlineWith("SafeAligner")).toMatch(
      /^SafeAligner: a methodology implemented at the decoding stage/,
    );
  });

  it("find the name where the abstract gives it away from the description (“we designate … as X”)", () => {
    expect(headlineWith("Q-Ponder")).toBe("Q-Ponder: a unified two-stage training framework");
  });

  it("handle 'called X', 'named X' and 'a framework, X, which'", () => {
    expect(headlineWith("CARD")).toBe("CARD: a cache-assisted parallel speculative decoding framework");
    expect(headlineWith("SPA-VL")).toBe(
      "SPA-VL: a Safety Preference Alignment dataset for Vision Language Models",
    );
    expect(headlineWith("RealBehavior")).toBe(
      "RealBehavior: a framework to characterize the humanoid behaviors of models faithfully",
    );
    expect(headlineWith("POLAR")).toBe(
      "POLAR (Policy Discriminative Learning): a pre-training method that trains a reward model",
    );
  });

  it("say what the work does rather than spell out its name, when both do not fit", () => {
    expect(headlineWith("BAlanced Policy Optimization")).toBe(
      "BAPO: a method that dynamically adjusts clipping bounds",
    );
    expect(headlineWith("Distributional Value Modeling")).toBe(
      "DVPO: an RL framework that combines conditional risk theory",
    );
  });

  it("keep a title given after a colon, with its LaTeX rendered", () => {
    expect(headlineWith("Reverse Curriculum")).toBe(
      "R³: Learning Reasoning through Reverse Curriculum Reinforcement Learning",
    );
  });

  it("use the stated contribution when nothing is named, without its boilerplate opening", () => {
    expect(headlineWith("comprehensive survey on LLM-based agents")).toBe(
      "A comprehensive survey on LLM-based agents",
    );
    expect(headlineWith("agent memory research")).toBe(
      "An up-to-date landscape of current agent memory research",
    );
    expect(headlineWith("ensemble experts technique")).toBe(
      "Ensemble experts technique to synergizes the capabilities of individual visual encoders",
    );
  });

  it("drop self-praise and boilerplate, fixing the article it leaves behind", () => {
    expect(headlineWith("StepCoder")).toBe("StepCoder: an RL framework for code generation");
    expect(headlineWith("LoRAMoE")).toMatch(
      /^LoRAMoE: a framework that introduces several low-rank adapters/,
    );
    expect(headlineWith("fault trees")).toBe("A textual representation of fault trees");
    for (const paper of corpus.papers) {
      expect(paper.headline).not.toMatch(
        /\b(?:novel|novelty|simple yet effective|consisting of two main components)\b|\ba RL\b|\(SP\)/,
      );
    }
  });

  it("stay within 90 characters, cut at a clause boundary, rarely with an ellipsis and never on a small word", () => {
    expect(HEADLINE_MAX).toBe(90);
    const headlines = corpus.papers.map((p) => p.headline);
    for (const headline of headlines) {
      expect(headline.length).toBeLessThanOrEqual(HEADLINE_MAX);
      expect(headline.length).toBeGreaterThan(20);
      expect(headline).not.toMatch(/[$\\]|\s(?:to|of|the|and|a|with|for|by|based)…?$|,$/);
      expect(headline).toMatch(/^\p{Lu}/u);
    }
    expect(headlines.filter((h) => h.endsWith("…")).length).toBeLessThanOrEqual(headlines.length / 10);
    expect(new Set(headlines).size).toBe(headlines.length);
  });
});

describe("headlineOf", () => {
  it("falls back to the first sentence, cut at a phrase boundary", () => {
    expect(headlineOf("Short and sweet. Second sentence.")).toBe("Short and sweet");
    const long =
      "Curriculum learning orders training examples from easy to hard so that models converge faster in noisy settings with many labels. More.";
    expect(headlineOf(long)).toBe("Curriculum learning orders training examples from easy to hard");
  });

  it("ends with an ellipsis only when no boundary fits", () => {
    const headline = headlineOf(`Curriculum ${"alphabetical ".repeat(20)}forever.`);
    expect(headline.endsWith("…")).toBe(true);
    expect(headline.length).toBeLessThanOrEqual(HEADLINE_MAX);
  });

  it("does not take an ordinary word for a system's name", () => {
    expect(headlineOf("Models drift. We propose two simple fixes, which help a lot.")).toBe("Models drift");
  });

  it("does not cut “enables X to do Y” before the “to”", () => {
    expect(
      fittedHeadline({
        name: "Zed",
        desc: "a framework that enables small models to provide remarkably high-quality and detailed feedback on answers",
      }),
    ).toBe("Zed: a framework");
  });

  it("returns an empty headline for an empty abstract", () => {
    expect(headlineOf("")).toBe("");
  });
});

describe("cleanedDescription", () => {
  it("keeps the abstract's words, minus praise, abbreviations and “designed”", () => {
    expect(cleanedDescription("a simple yet effective method (SM) designed to fix drift")).toBe(
      "a method to fix drift",
    );
    expect(cleanedDescription("an effective and fast way to sample")).toBe("a way to sample");
    expect(cleanedDescription("a novel LLM benchmark")).toBe("an LLM benchmark");
    expect(cleanedDescription("the use of ensemble experts")).toBe("ensemble experts");
  });
});

describe("sentencesIn", () => {
  it("does not split after e.g., i.e. or initials", () => {
    expect([...sentencesIn("Methods (e.g. PPO) help. Work by J. Smith et al. Is good. 3.5 points.")]).toEqual(
      ["Methods (e.g. PPO) help.", "Work by J. Smith et al. Is good.", "3.5 points."],
    );
  });

  it("reads an abbreviation at the end of a long sentence, and a capital word's full stop as an end", () => {
    const long = "We measured the latency of every request that the replicas answered during the outage";
    expect([...sentencesIn(`${long}, approx.  Twice as fast. ${long} with GPT. It held.`)]).toEqual([
      `${long}, approx.  Twice as fast.`,
      `${long} with GPT.`,
      "It held.",
    ]);
  });
});

describe("shortenText", () => {
  it("prefers a late comma and never leaves a parenthesis open", () => {
    expect(shortenText("alpha beta, gamma delta (epsilon zeta)", 30)).toBe("alpha beta, gamma delta…");
    expect(shortenText("short", 30)).toBe("short");
  });
});
