import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { createSearchEngine } from "../../src/search/engine.js";

const corpus = await loadCorpus("seeds");
// Every seeds author has few papers: searched one by one; and, for comparison, by the bands every search uses.
const oneByOne = createSearchEngine(corpus);
const byBands = createSearchEngine(corpus, { fewPapers: -1 });

const queries = [
  'reward author:"Enyu Zhou"',
  "reward models agents author:zhou",
  "enyu zhou rlhf",
  "zheng reward",
  "jailbreak rui zheng",
  '"human feedback" author:"Enyu Zhou"',
  'rewrad modle author:"Rui Zheng"',
  'entropy reasoning vision author:"Senjie Jin"',
  "models -reward author:zhou",
  "large language models reinforcement learning agents reward author:zhou",
  "visual tokens author:chen",
];

describe("a search among an author's few papers", () => {
  it("answers as the search among everyone's papers, narrowed to theirs, does: the same papers, order and notices", () => {
    for (const query of queries) {
      for (const page of [
        { offset: 0, limit: 5 },
        { offset: 5, limit: 5 },
      ]) {
        const [a, b] = [oneByOne.search(query, page), byBands.search(query, page)];
        expect({
          query,
          ...page,
          ids: a.hits.map((hit) => hit.paper.id),
          total: a.total,
          notice: a.notice,
        }).toEqual({
          query,
          ...page,
          ids: b.hits.map((hit) => hit.paper.id),
          total: b.total,
          notice: b.notice,
        });
        expect(a.withAllWords).toBe(b.withAllWords);
      }
      expect(oneByOne.search(query).total, query).toBeGreaterThan(0);
    }
  });
});

describe("searches by different authors, one after another", () => {
  it("answer each with that author's papers, whoever was asked for before", () => {
    const engine = createSearchEngine(corpus);
    const idsOf = (hits: { paper: { id: string } }[]) => hits.map((hit) => hit.paper.id);
    try {
      for (const name of ["Enyu Zhou", "Rui Zheng", "Enyu Zhou", "Shihan Dou"]) {
        const query = `reward author:"${name}"`;
        const hits = engine.search(query).hits;
        expect(hits.length, name).toBeGreaterThan(0);
        for (const { paper } of hits) expect([...paper.authors, ...paper.owners], name).toContain(name);
        // The same search on an engine asked nothing before.
        const fresh = createSearchEngine(corpus);
        try {
          expect(idsOf(hits), name).toEqual(idsOf(fresh.search(query).hits));
        } finally {
          fresh.close();
        }
      }
    } finally {
      engine.close();
    }
  });
});
