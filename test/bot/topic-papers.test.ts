import { describe, expect, it } from "vitest";
import { topicPaperIds } from "../../src/bot/topic-papers.js";
import { buildCorpus } from "../../src/corpus/build.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { servedIndexOf } from "../helpers/served-index.js";

const glimmerExport = JSON.stringify([
  {
    id: "glimmer",
    type: "article-journal",
    title: "GLIMMER",
    abstract:
      "We present GLIMMER, a reward model trained on pairwise human preference data, and a benchmark of reward models that measures how often they agree with people.",
  },
]);

describe("a followed topic's papers", () => {
  it("holds a new reward model paper for “reward models”, not a paper that only mentions rewards", async () => {
    const seeds = await loadCorpus("seeds");
    const glimmer = buildCorpus([{ name: "new.json", bytes: Buffer.from(glimmerExport) }]).papers;
    const index = await servedIndexOf({ ...seeds, papers: [...seeds.papers, ...glimmer] });
    const ids = await topicPaperIds(index, "reward models");
    const headlines = seeds.papers.filter((paper) => ids.has(paper.id)).map((paper) => paper.headline);
    expect([...ids]).toContain(glimmer[0]?.id);
    expect(headlines.some((headline) => headline.startsWith("RMB"))).toBe(true);
    // R³ trains reasoning with a reward; it is not about reward models.
    expect(headlines.some((headline) => headline.startsWith("R³"))).toBe(false);
  });

  it("holds for “A OR B” every paper each side's topic holds", async () => {
    const index = await servedIndexOf(await loadCorpus("seeds"));
    const either = await topicPaperIds(index, "RLHF OR jailbreak");
    const rlhf = await topicPaperIds(index, "RLHF");
    const jailbreak = await topicPaperIds(index, "jailbreak");
    expect(rlhf.size).toBeGreaterThan(0);
    expect(jailbreak.size).toBeGreaterThan(0);
    expect(either).toEqual(new Set([...rlhf, ...jailbreak]));
  });
});
