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
  /**
   * Known words within `maxDistance` edits, nearest first, then the most common; with `atFirstLetter`, also those
   * one slip at the first letter away (dropped, added or struck beside: "ewards", "teward").
   */
  near(word: string, maxDistance: number, atFirstLetter?: boolean): Candidate[];
  /** Known words starting with `prefix` (itself included), the most common first. */
  completions(prefix: string, limit: number): Candidate[];
}

/** A word, and what its plural or singular may be ("model" ↔ "models", "llm" ↔ "llms", "study" ↔ "studies"). */
export function numberFormsOf(word: string): Set<string> {
  const forms = new Set([word, `${word}s`, `${word}es`]);
  if (word.endsWith("s")) forms.add(word.slice(0, -1));
  if (word.endsWith("es")) forms.add(word.slice(0, -2));
  if (word.endsWith("y")) forms.add(`${word.slice(0, -1)}ies`);
  if (word.endsWith("ies")) forms.add(`${word.slice(0, -3)}y`);
  return forms;
}

/** The typed word itself and its plural or singular, where the corpus holds them. */
export function exactFormsOf(word: string, dictionary: Pick<Dictionary, "papers">): string[] {
  return [...numberFormsOf(word)].filter((form) => form === word || dictionary.papers(form) > 0);
}

/** Edits forgiven in a word of this length: none in short words, where a slip makes another real word. */
export function forgivenEdits(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The first `n` characters of a word (whole code points). */
const startOf = (word: string, n: number): string => [...word].slice(0, n).join("");
/** The string just after every string starting with `start`. */
const after = (start: string): string => {
  const points = [...start];
  const last = points.pop() ?? "";
  return points.join("") + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
};

/**
 * Words a set of trees holds at most (about 300 bytes each): beyond it the least recently used trees are let
 * go, so a long-running bot does not end up holding every word of the corpus twice (200 MB at 100,000
 * papers). A tree let go is read again when next needed. Typo trees (a few thousand words each, four read for
 * a slip of one edit, eight for two) hold the whole vocabulary of 100,000 papers (322,000 words, 93 MB): at
 * 200,000 words they were let go and read again so often that 200 typo queries took 40 % more CPU. Prefix
 * trees are small (at 100,000 papers, 47 words on average as they are used, 945 at most).
 */
const TREE_WORDS = { typos: 350_000, prefixes: 50_000, names: 100_000 } as const;

/** Radix trees built the first time a key needs one (from `wordsOfTree`), each from a few thousand words at most. */
function lazyTrees<T>(maxWords: number) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const trees = new Map<string, { tree: SearchableMap<T>; words: number }>();
  let words = 0;
  return (key: string, wordsOfTree: () => Iterable<[string, T]>): SearchableMap<T> => {
    const held = trees.get(key);
    if (held !== undefined) {
      trees.delete(key);
      trees.set(key, held);
      return held.tree;
    }
    const tree = new SearchableMap<T>();
    // Counted here: the tree's own `size` walks every node.
    let added = 0;
    for (const [word, value] of wordsOfTree()) {
      tree.set(word, value);
      added++;
    }
    trees.set(key, { tree, words: added });
    words += added;
    for (const [oldKey, old] of trees) {
      if (words <= maxWords || old.tree === tree) break;
      trees.delete(oldKey);
      words -= old.words;
    }
    return tree;
  };
}

/** Trees of the words starting with one letter, for name parts (far fewer than the words of abstracts). */
export function letterTrees<T>(wordsBetween: (from: string, to: string) => Iterable<[string, T]>) {
  const trees = lazyTrees<T>(TREE_WORDS.names);
  return (word: string) => {
    const letter = startOf(word, 1);
    return trees(letter, () => wordsBetween(letter, after(letter)));
  };
}

/** No word is that long; and the tree's fuzzy search allocates a table of the word's length squared. */
export const LONGEST_WORD = 48;

/** The words of `tree` within `maxDistance` edits of `word` (a swap of two letters counting one), with their distance. */
export function fuzzyMatchesOf<T>(
  tree: SearchableMap<T>,
  word: string,
  maxDistance: number,
): { word: string; value: T; distance: number }[] {
  const found: { word: string; value: T; distance: number }[] = [];
  // The tree counts edits as Levenshtein does (a swap is two): ask one further (two at most, the work grows
  // fast beyond), then count a swap as one.
  for (const [near, [value]] of tree.fuzzyGet(word, Math.min(maxDistance + 1, 2))) {
    const distance = editDistance(word, near, maxDistance);
    if (distance <= maxDistance) found.push({ word: near, value, distance });
  }
  return found;
}

const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];

/** The words one edit at the first letter away from `word`: it dropped, added, or another in its place. */
function firstLetterSlipsOf(word: string): string[] {
  const rest = word.slice(startOf(word, 1).length);
  const forms = [rest, ...LETTERS.flatMap((letter) => [letter + word, letter + rest])];
  return [...new Set(forms)].filter((form) => form !== word && form.length > 1);
}

const byDistanceThenUse = (a: Candidate, b: Candidate) =>
  a.distance - b.distance || b.papers - a.papers || (a.word < b.word ? -1 : 1);

/**
 * The dictionary over the index's vocabulary, as many small trees read when first needed, so that no lookup
 * waits for the whole vocabulary: for typos, the words of one first letter and one length (a slip of two edits
 * changes the length by two at most); for prefixes, the words of one first four letters (three for a
 * shorter prefix): trees of three letters were ten times the size, and at 100,000 papers were let go and read
 * again on nearly every query, a quarter of a search's time.
 */
export function createDictionary(source: {
  papers(word: string): number;
  wordsBetween(from: string, to: string, length?: number): Iterable<[string, number]>;
}): Dictionary {
  const typoTrees = lazyTrees<number>(TREE_WORDS.typos);
  const typoTree = (letter: string, length: number) =>
    typoTrees(`${letter} ${length}`, () => source.wordsBetween(letter, after(letter), length));
  const prefixTrees = lazyTrees<number>(TREE_WORDS.prefixes);
  const prefixTree = (start: string) => prefixTrees(start, () => source.wordsBetween(start, after(start)));
  return {
    papers: (word) => source.papers(word),
    near(word, maxDistance, atFirstLetter = false) {
      if (maxDistance < 1 || word === "" || word.length > LONGEST_WORD) return [];
      const found = new Map<string, Candidate>();
      const length = [...word].length;
      const look = (letter: string, lengths: number) => {
        // A word within d edits (a swap counting one) is within d characters of the length.
        for (let other = Math.max(1, length - lengths); other <= length + lengths; other++) {
          for (const near of fuzzyMatchesOf(typoTree(letter, other), word, maxDistance)) {
            if (near.distance > 0)
              found.set(near.word, { word: near.word, distance: near.distance, papers: near.value });
          }
        }
      };
      look(startOf(word, 1), maxDistance);
      // A slip rarely hits the first letter; the second letter's trees catch a swap of the first two.
      const second = [...word][1];
      if (second !== undefined && second !== startOf(word, 1)) look(second, maxDistance - 1);
      // No tree above holds a slip at the first letter: each such word is looked up whole.
      if (atFirstLetter) {
        for (const form of firstLetterSlipsOf(word)) {
          const papers = found.has(form) ? 0 : source.papers(form);
          if (papers > 0) found.set(form, { word: form, distance: 1, papers });
        }
      }
      return [...found.values()].sort(byDistanceThenUse);
    },
    completions(prefix, limit) {
      if (prefix === "") return [];
      const found: Candidate[] = [];
      for (const [word, papers] of prefixTree(startOf(prefix, 4)).atPrefix(prefix)) {
        found.push({ word, distance: word.length - prefix.length, papers });
      }
      return found.sort((a, b) => b.papers - a.papers || (a.word < b.word ? -1 : 1)).slice(0, limit);
    },
  };
}

/** Words of the corpus that begin with the typed word, or that it begins with ("math" ↔ "mathematical"). */
export function relatedFormsOf(word: string, dictionary: Dictionary, maxCompletions: number): string[] {
  const exact = new Set(exactFormsOf(word, dictionary));
  const longer = word.length >= 4 ? dictionary.completions(word, maxCompletions).map((c) => c.word) : [];
  const shorter: string[] = [];
  for (let length = 4; length < word.length - 2; length++) {
    const prefix = word.slice(0, length);
    if (dictionary.papers(prefix) > 0) shorter.push(prefix);
  }
  return [...longer, ...shorter].filter((form) => !exact.has(form));
}
