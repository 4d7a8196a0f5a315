import { describe, expect, it } from "vitest";
import type { SavedItem } from "../../src/bot/reply.js";
import type { Paper } from "../../src/corpus/types.js";
import { savedMarkdown } from "../../src/render/saved-markdown.js";
import { rewardPaper } from "./sample-replies.js";

const exported = (paper: Paper) => {
  const item: SavedItem = {
    paperId: paper.id,
    savedAt: 0,
    headline: paper.headline,
    authors: paper.authors.join(", "),
    owners: paper.owners,
    abstract: paper.abstract,
    paper,
  };
  return savedMarkdown({ kind: "export", userId: "U123ABC", items: [item], at: 0 }).content;
};

describe("the reading list as Markdown", () => {
  it("links the title and gives where it was published and its links, as a card does", () => {
    const content = exported({
      ...rewardPaper,
      title: "Secrets of RLHF (Part II)",
      year: 2024,
      venue: "NeurIPS",
      doi: "10.48550/arXiv.2401.06080",
      arxivId: "2401.06080",
      abstract: `${rewardPaper.abstract} Code: https://github.com/OpenLMLab/MOSS-RLHF.`,
    });
    expect(content).toContain("## [Secrets of RLHF (Part II)](https://doi.org/10.48550/arXiv.2401.06080)");
    expect(content).toContain("- Published: NeurIPS, 2024");
    expect(content).toContain(
      "- Links: [DOI](https://doi.org/10.48550/arXiv.2401.06080) · [arXiv](https://arxiv.org/abs/2401.06080) · " +
        "[PDF](https://arxiv.org/pdf/2401.06080) · [code](https://github.com/OpenLMLab/MOSS-RLHF)",
    );
  });

  it("never links what is not http(s), and keeps a bare title for a paper with no link", () => {
    const content = exported({ ...rewardPaper, url: "javascript:alert(1)" });
    expect(content).toContain(`## ${rewardPaper.headline}`);
    expect(content).not.toContain("javascript");
    expect(content).not.toContain("- Links:");
  });
});
