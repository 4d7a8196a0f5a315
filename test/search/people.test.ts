import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../../src/search/index.js";
import { fixtureCorpus } from "./fixture-corpus.js";

const index = createSearchIndex(fixtureCorpus);

function summaryOf(name: string) {
  const lookup = index.author(name);
  if (lookup.kind !== "found") throw new Error(`expected ${name} to be found, got ${lookup.kind}`);
  return lookup.summary;
}

describe("author", () => {
  it("resolves loose spellings of one person", () => {
    for (const name of ["Enyu Zhou", "enyu", "zhou enyu", "ENYU ZHOU", " Enyu  Zhou "]) {
      expect(summaryOf(name).key).toBe("enyuzhou");
    }
  });

  it("treats hyphenated and joined spellings as one person, shown as in their own file", () => {
    expect(summaryOf("Wenxiang Chen").name).toBe("Wen-Xiang Chen");
    expect(summaryOf("wen-xiang").name).toBe("Wen-Xiang Chen");
  });

  it("lists the papers, marking first-author ones", () => {
    const summary = summaryOf("Enyu Zhou");
    expect(summary.profiled).toBe(true);
    expect(summary.papers).toHaveLength(4);
    expect(summary.papers.filter((p) => p.firstAuthor).map((p) => p.paper.id)).toEqual(["a1b2c3d4e5"]);
  });

  it("counts frequent co-authors, most frequent first", () => {
    const summary = summaryOf("Enyu Zhou");
    expect(summary.coauthors[0]).toEqual({ key: "ruizheng", name: "Rui Zheng", papers: 2 });
  });

  it("names the topics that set a person apart, as readable words", () => {
    expect(summaryOf("Enyu Zhou").topics).toContain("reward models");
    expect(summaryOf("Wen-Xiang Chen").topics).toContain("agents");
  });

  it("gives the candidates for an ambiguous name", () => {
    const lookup = index.author("chen");
    expect(lookup.kind).toBe("ambiguous");
    if (lookup.kind !== "ambiguous") return;
    expect(lookup.candidates.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Wen-Xiang Chen", "Lu Chen", "Hao Chen", "Zhoubo Chen"]),
    );
    // The one with a file of their own comes first.
    expect(lookup.candidates[0]?.name).toBe("Wen-Xiang Chen");
  });

  it("suggests the closest names for an unknown one", () => {
    const lookup = index.author("Enyu Zhuo");
    expect(lookup.kind).toBe("notFound");
    if (lookup.kind !== "notFound") return;
    expect(lookup.suggestions[0]?.name).toBe("Enyu Zhou");
    expect(index.author("Shiham Dou")).toMatchObject({
      kind: "notFound",
      suggestions: [{ name: "Shihan Dou" }],
    });
    expect(index.author("Qwertyuiop Asdfgh")).toMatchObject({ kind: "notFound", suggestions: [] });
  });
});

describe("who", () => {
  it("ranks people by their papers on the topic, with the evidence", () => {
    const { people } = index.who("reward models", { limit: 10 });
    expect(people[0]?.name).toBe("Enyu Zhou");
    expect(people[0]?.papers.map((p) => p.paper.id).sort()).toEqual(["b7c8d9e0f1", "c0ffee1234"]);
    expect(people.map((p) => p.name)).toContain("Rui Zheng");
    expect(people.map((p) => p.name)).not.toContain("Wen-Xiang Chen");
  });

  it("says who has a file and so is fully known", () => {
    const { people } = index.who("agents");
    const chen = people.find((p) => p.name === "Wen-Xiang Chen");
    const xi = people.find((p) => p.name === "Zhiheng Xi");
    expect(chen?.profiled).toBe(true);
    expect(xi?.profiled).toBe(false);
  });

  it("finds nobody for an empty topic", () => {
    expect(index.who("the").people).toEqual([]);
  });
});
