import SearchableMap from "minisearch/SearchableMap";
import { editDistance } from "./edit-distance.js";

/** A word of the corpus near a typed one: `distance` counts a swap of two letters as one edit. */
export interface Candidate {
  word: string;
  distance: number;
  papers: number;
}

/** The corpus's words as written, for typos and prefixes (MiniSearch's radix tree, built on first use). */
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

const byDistanceThenUse = (a: Candidate, b: Candidate) =>
  a.distance - b.distance || b.papers - a.papers || (a.word < b.word ? -1 : 1);

export function createDictionary(source: {
  papers(word: string): number;
  eachWord(): Iterable<[string, number]>;
}): Dictionary {
  let map: SearchableMap<number> | undefined;
  const tree = (): SearchableMap<number> => {
    if (map === undefined) {
      map = new SearchableMap<number>();
      for (const [word, papers] of source.eachWord()) map.set(word, papers);
    }
    return map;
  };
  return {
    papers: (word) => source.papers(word),
    near(word, maxDistance) {
      if (maxDistance < 1) return [];
      const found: Candidate[] = [];
      // The tree counts edits as Levenshtein does (a swap is two): ask one further (two at most, the work
      // grows fast beyond), then count a swap as one.
      for (const [other, [papers]] of tree().fuzzyGet(word, Math.min(maxDistance + 1, 2))) {
        const distance = editDistance(word, other, maxDistance);
        if (distance > 0 && distance <= maxDistance) found.push({ word: other, distance, papers });
      }
      return found.sort(byDistanceThenUse);
    },
    completions(prefix, limit) {
      const found: Candidate[] = [];
      for (const [word, papers] of tree().atPrefix(prefix)) {
        found.push({ word, distance: word.length - prefix.length, papers });
      }
      return found.sort((a, b) => b.papers - a.papers || (a.word < b.word ? -1 : 1)).slice(0, limit);
    },
  };
}
