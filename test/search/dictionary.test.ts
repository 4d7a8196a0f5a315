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

/** A dictionary over `vocabulary`, answering the range reads an index store answers. */
function dictionaryOf() {
  return createDictionary({
    papers: (word) => vocabulary.get(word) ?? 0,
    wordsBetween(from, to, length) {
      return [...vocabulary].filter(
        ([word]) => word >= from && word < to && (length === undefined || [...word].length === length),
      );
    },
  });
}

describe("the dictionary's completions", () => {
  it("finds the words of every length that start with a prefix, the most common first", () => {
    const dictionary = dictionaryOf();
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

  it("finds a short prefix's words across longer ones already looked up, and theirs after it", () => {
    const dictionary = dictionaryOf();
    const words = (prefix: string) => dictionary.completions(prefix, 10).map((c) => c.word);
    expect(words("rewi")).toEqual(["rewire"]);
    expect(words("rew")).toEqual(["reward", "rewards", "rewardmodel", "rewarding", "rewire", longWord]);
    expect(words("rewa")).toEqual(["reward", "rewards", "rewardmodel", "rewarding", longWord]);
    expect(words("me")).toEqual(["memory"]);
  });
});

describe("the dictionary's words near a slip", () => {
  it("finds a word whose first letter was dropped, added or struck beside, when asked to", () => {
    const dictionary = dictionaryOf();
    const near = (word: string) => dictionary.near(word, 1, true).map((c) => [c.word, c.distance]);
    expect(near("eward")).toEqual([["reward", 1]]);
    expect(near("treward")).toEqual([["reward", 1]]);
    expect(near("temory")).toEqual([["memory", 1]]);
    expect(near("ememory")).toEqual([["memory", 1]]);
    expect(dictionary.near("eward", 1)).toEqual([]);
  });

  it("finds slips at the first letter beside those after it", () => {
    const words = new Map([
      ["toward", 5],
      ["reward", 40],
    ]);
    const dictionary = createDictionary({
      papers: (word) => words.get(word) ?? 0,
      wordsBetween: (from, to, length) =>
        [...words].filter(
          ([word]) => word >= from && word < to && (length === undefined || word.length === length),
        ),
    });
    // One edit from toward, and at its first letter from reward: both offered, the commoner first.
    expect(dictionary.near("teward", 1, true).map((c) => [c.word, c.distance])).toEqual([
      ["reward", 1],
      ["toward", 1],
    ]);
    expect(dictionary.near("eward", 1, true).map((c) => c.word)).toEqual(["reward"]);
    expect(dictionary.near("eward", 0, true)).toEqual([]);
    expect(dictionary.near("zzzzzz", 1, true)).toEqual([]);
  });
});
