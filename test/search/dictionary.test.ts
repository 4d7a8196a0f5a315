import { describe, expect, it } from "vitest";
import { createDictionary } from "../../src/search/terms.js";

const longWord = `reward${"x".repeat(60)}`;
const vocabulary = new Map<string, number>([
  ["reward", 40],
  ["rewards", 25],
  ["rewarding", 3],
  ["rewardmodel", 7],
  ["rewire", 2],
  ["memory", 30],
  [longWord, 1],
]);

/** A dictionary over `vocabulary`, answering the range reads an index store answers; `reads` counts them. */
function dictionaryOf() {
  let reads = 0;
  const dictionary = createDictionary({
    papers: (word) => vocabulary.get(word) ?? 0,
    wordsBetween(from, to, length) {
      reads++;
      return [...vocabulary].filter(
        ([word]) => word >= from && word < to && (length === undefined || [...word].length === length),
      );
    },
    longestWord: () => Math.max(...[...vocabulary.keys()].map((word) => [...word].length)),
  });
  return { dictionary, reads: () => reads };
}

describe("the dictionary's completions", () => {
  it("finds the words of every length that start with a prefix, the most common first", () => {
    const { dictionary } = dictionaryOf();
    expect(dictionary.completions("rewar", 10).map((c) => c.word)).toEqual([
      "reward",
      "rewards",
      "rewardmodel",
      "rewarding",
      longWord,
    ]);
    expect(dictionary.completions("rewar", 2).map((c) => c.word)).toEqual(["reward", "rewards"]);
    expect(dictionary.completions("rewire", 5)).toEqual([{ word: "rewire", distance: 0, papers: 2 }]);
    expect(dictionary.completions("zebra", 5)).toEqual([]);
  });

  it("reads the words it holds for typos, once", () => {
    const { dictionary, reads } = dictionaryOf();
    dictionary.near("rewrad", 1);
    const afterTypo = reads();
    expect(dictionary.completions("rew", 3).map((c) => c.word)).toEqual(["reward", "rewards", "rewardmodel"]);
    const afterCompletions = reads();
    expect(dictionary.near("rewrad", 1).map((c) => c.word)).toEqual(["reward"]);
    dictionary.completions("rewa", 3);
    expect(reads()).toBe(afterCompletions);
    expect(afterCompletions).toBeGreaterThan(afterTypo);
  });
});
