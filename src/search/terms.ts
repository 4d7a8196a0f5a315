import SearchableMap from "minisearch/SearchableMap";
import { editDistance } from "./edit-distance.js";

/** A word of the corpus near a typed one: `distance` counts a swap of two letters as one edit. */
export interface Candidate {
  word: string;
  distance: number;
  papers: number;
}

/** The corpus's words as written, for typos and prefixes (MiniSearch's radix tree). */
export interface Dictionary {
  /** How many papers hold the word as written; 0 when the corpus does not know it. */
  papers(word: string): number;
  /** Known words within `maxDistance` edits, nearest first, then the most common. */
  near(word: string, maxDistance: number): Candidate[];
  /** Known words starting with `prefix` (itself included), the most common first. */
  completions(prefix: string, limit: number): Candidate[];
}

/** Edits forgiven in a word of this length: none in short words, where a slip makes another real word. */
export function forgivenEdits(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** Where a word's tree is kept: its first character. */
const letterOf = (word: string): string => String.fromCodePoint(word.codePointAt(0) ?? 0);

/**
 * Radix trees over a sorted word list, one per first letter, each read from the index the first time a
 * word starting with that letter needs it: a few milliseconds each, never one long pause for all of them.
 */
export function letterTrees<T>(wordsStartingWith: (letter: string) => Iterable<[string, T]>) {
  const trees = new Map<string, SearchableMap<T>>();
  return (letter: string): SearchableMap<T> => {
    let tree = trees.get(letter);
    if (tree === undefined) {
      tree = new SearchableMap<T>();
      for (const [word, value] of wordsStartingWith(letter)) tree.set(word, value);
      trees.set(letter, tree);
    }
    return tree;
  };
}

const byDistanceThenUse = (a: Candidate, b: Candidate) =>
  a.distance - b.distance || b.papers - a.papers || (a.word < b.word ? -1 : 1);

export function createDictionary(source: {
  papers(word: string): number;
  wordsStartingWith(letter: string): Iterable<[string, number]>;
}): Dictionary {
  const treeOf = letterTrees(source.wordsStartingWith);
  return {
    papers: (word) => source.papers(word),
    near(word, maxDistance) {
      if (maxDistance < 1 || word === "") return [];
      const found = new Map<string, Candidate>();
      // A slip rarely hits the first letter; the second letter's tree catches a swap of the first two.
      const letters = new Set([letterOf(word), letterOf(word.slice(letterOf(word).length))]);
      for (const letter of letters) {
        if (letter === "\u0000") continue;
        // The tree counts edits as Levenshtein does (a swap is two): ask one further (two at most, the work
        // grows fast beyond), then count a swap as one.
        for (const [other, [papers]] of treeOf(letter).fuzzyGet(word, Math.min(maxDistance + 1, 2))) {
          const distance = editDistance(word, other, maxDistance);
          if (distance > 0 && distance <= maxDistance) found.set(other, { word: other, distance, papers });
        }
      }
      return [...found.values()].sort(byDistanceThenUse);
    },
    completions(prefix, limit) {
      if (prefix === "") return [];
      const found: Candidate[] = [];
      for (const [word, papers] of treeOf(letterOf(prefix)).atPrefix(prefix)) {
        found.push({ word, distance: word.length - prefix.length, papers });
      }
      return found.sort((a, b) => b.papers - a.papers || (a.word < b.word ? -1 : 1)).slice(0, limit);
    },
  };
}
