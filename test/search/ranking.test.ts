import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../../src/search/index.js";
import { corpusOf } from "./fixture-corpus.js";

const paper = (id: string, abstract: string) => ({ id, authors: ["Ada Lovelace"], owners: [], abstract });
const topIdsFor = (papers: ReturnType<typeof paper>[], query: string) =>
  createSearchIndex(corpusOf(papers))
    .search(query)
    .hits.filter((hit) => !hit.related)
    .map((hit) => hit.paper.id);

describe("ranking of a known paper", () => {
  it("puts the paper holding a rare word as typed above papers that only share its stem", () => {
    const papers = [
      paper("reasoning1", "Reasoning models reason well: reasoning traces make reasoning reliable."),
      paper(
        "rare000001",
        "We judge the reasonableness of answers that chat assistants give about long legal documents in court.",
      ),
      paper("reasoning2", "Reasoning about reasoning: reasoned answers beat quick ones."),
    ];
    expect(topIdsFor(papers, "reasonableness")[0]).toBe("rare000001");
    expect(topIdsFor(papers, "reasoning").slice(0, 2).sort()).toEqual(["reasoning1", "reasoning2"]);
  });

  it("counts the small words typed too when telling otherwise similar papers apart", () => {
    const papers = [
      paper("short00001", "Gains come primarily from data."),
      paper("most000001", "Gains come primarily from the most careful data curation work we could do."),
    ];
    expect(topIdsFor(papers, "primarily")[0]).toBe("short00001");
    expect(topIdsFor(papers, "primarily most")[0]).toBe("most000001");
  });

  it("breaks a tie in favour of the shorter abstract, whatever the corpus order", () => {
    const longer = paper(
      "longer0001",
      "Gradient clipping stabilises optimisation of large networks, networks and networks.",
    );
    const shorter = paper("shorter001", "Gradient clipping stabilises optimisation of large networks.");
    const first = createSearchIndex(corpusOf([longer, shorter])).search("clipping").hits;
    expect(first[0]?.score).toBe(first[1]?.score);
    expect(first.map((hit) => hit.paper.id)).toEqual(["shorter001", "longer0001"]);
    expect(topIdsFor([shorter, longer], "clipping")).toEqual(["shorter001", "longer0001"]);
  });
});
