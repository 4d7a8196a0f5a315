import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { bulkMiniSearchOf } from "../../src/search/bulk-index.js";

const documents = [
  { text: ["reward", "model", "reward", "human"], names: ["enyu", "zhou"] },
  { text: ["specul", "decod", "draft", "model"], names: ["shihan", "dou"] },
  { text: ["reward", "reward", "reward"], names: [] },
  { text: ["agent", "environ", "agent", "model", "llm"], names: ["enyu", "chen"] },
];
const options = {
  fields: ["text", "names"],
  tokenize: (text: string) => text.split(" "),
  processTerm: (term: string) => term || null,
};

describe("bulkMiniSearchOf", () => {
  it("ranks exactly like MiniSearch's own addAll, with the same scores", () => {
    const own = new MiniSearch<{ id: number; text: string; names: string }>(options);
    own.addAll(documents.map((d, id) => ({ id, text: d.text.join(" "), names: d.names.join(" ") })));
    const { mini } = bulkMiniSearchOf(documents, ["text", "names"], options);
    for (const query of ["reward", "model", "enyu", "reward human", "agent model", "decod"]) {
      const expected = own.search(query).map((r) => [r.id, r.score, r.terms]);
      expect(mini.search(query).map((r) => [r.id, r.score, r.terms])).toEqual(expected);
    }
  });

  it("counts the documents holding each term of the first field", () => {
    const { documentFrequency } = bulkMiniSearchOf(documents, ["text", "names"], options);
    expect(documentFrequency.get("reward")).toBe(2);
    expect(documentFrequency.get("model")).toBe(3);
    expect(documentFrequency.has("enyu")).toBe(false);
  });
});
