import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { fieldPostingsOf } from "../../src/search/postings.js";
import {
  Accumulator,
  bitCount,
  documentFrequencyOf,
  lengthNormsOf,
  type QueryNode,
  scoredOf,
  topPositionsOf,
} from "../../src/search/scoring.js";

const documents = [
  { text: ["reward", "model", "reward", "human"], names: ["enyu", "zhou"] },
  { text: ["specul", "decod", "draft", "model"], names: ["shihan", "dou"] },
  { text: ["reward", "reward", "reward"], names: [] },
  { text: ["agent", "environ", "agent", "model", "llm"], names: ["enyu", "chen"] },
];
const terms = [...new Set(documents.flatMap((d) => [...d.text, ...d.names]))];
const runsOf = (field: "text" | "names") => {
  const offsets = new Int32Array(documents.length + 1);
  const ids = documents.flatMap((d) => d[field].map((term) => terms.indexOf(term)));
  documents.forEach((d, at) => {
    offsets[at + 1] = (offsets[at] as number) + d[field].length;
  });
  return { offsets, ids: Int32Array.from(ids) };
};
const text = fieldPostingsOf(documents.length, terms.length, [runsOf("text")]);
const names = fieldPostingsOf(documents.length, terms.length, [runsOf("names")]);
const scorer = {
  fields: [text, names].map((postings) => ({ postings, norms: lengthNormsOf(postings) })),
  documents: documents.length,
  accumulator: new Accumulator(documents.length),
  sourceBits: new Map<string, number>(),
};
const leaf = (term: string): QueryNode => ({
  kind: "term",
  source: term,
  derived: [{ id: terms.indexOf(term), weight: 1 }],
  boost: 1,
});

/** [document, score] best first, as MiniSearch reports them (raw score times the query words matched). */
function ours(query: string, combineWith: "and" | "or"): [number, number][] {
  scorer.sourceBits.clear();
  const scored = scoredOf(scorer, { kind: combineWith, children: query.split(" ").map(leaf) });
  const scores = Array.from(scored.scores, (score, i) => score * bitCount(scored.sources[i] as number));
  return topPositionsOf(
    scores.length,
    (i) => scores[i] as number,
    (i) => scored.docs[i] as number,
    10,
  ).map((i) => [scored.docs[i] as number, scores[i] as number]);
}

describe("typed-array scoring", () => {
  it("ranks exactly like MiniSearch's own addAll, with the same scores", () => {
    const own = new MiniSearch<{ id: number; text: string; names: string }>({ fields: ["text", "names"] });
    own.addAll(documents.map((d, id) => ({ id, text: d.text.join(" "), names: d.names.join(" ") })));
    for (const query of ["reward", "model", "enyu", "reward human", "agent model", "decod"]) {
      for (const combineWith of ["and", "or"] as const) {
        const expected = own.search(query, { combineWith }).map((r) => [r.id, r.score]);
        expect(ours(query, combineWith), `${query} ${combineWith}`).toEqual(expected);
      }
    }
  });

  it("counts the documents holding each term of a field", () => {
    expect(documentFrequencyOf(text, terms.indexOf("reward"))).toBe(2);
    expect(documentFrequencyOf(text, terms.indexOf("model"))).toBe(3);
    expect(documentFrequencyOf(text, terms.indexOf("enyu"))).toBe(0);
    expect(documentFrequencyOf(names, terms.indexOf("enyu"))).toBe(2);
  });

  it("keeps only the best few, best first, ties to the earlier document", () => {
    const scores = [3, 9, 1, 9, 5, 7];
    expect(
      topPositionsOf(
        scores.length,
        (i) => scores[i] as number,
        (i) => i,
        3,
      ),
    ).toEqual([1, 3, 5]);
    expect(
      topPositionsOf(
        scores.length,
        (i) => scores[i] as number,
        (i) => i,
        0,
      ),
    ).toEqual([]);
  });
});
