import type { Paper } from "../corpus/types.js";
import { foldedWordsOf, isStopWord, stemOf } from "./analyze.js";
import type { SearchDefaults } from "./defaults.js";
import { anyOf } from "./match.js";
import { idfOf } from "./plan.js";
import { hitsOf, wordMarks } from "./snippet.js";
import type { IndexStore, Ranked } from "./store-read.js";
import type { SearchHit } from "./types.js";

interface Like {
  /** The papers over the similarity floor, best first (the whole list: callers page it). */
  ranked: Ranked[];
  /** The distinctive stems looked for, with the word the paper writes for each. */
  terms: { stem: string; word: string }[];
}

const stemMatch = (stem: string) => `{headline stems synonyms} : "${stem}"`;

/**
 * The papers most like one: its most distinctive stems (tf × IDF, words of three letters or more, no numbers),
 * any of them, ranked by BM25; only papers scoring at least `similarFloor` of the paper's own score count.
 */
export function likeOf(
  store: IndexStore,
  paper: { abstract: string; rowid: number },
  options: { papers: number; defaults: SearchDefaults; wanted: number },
): Like {
  const counts = new Map<string, { count: number; words: Map<string, number> }>();
  for (const word of foldedWordsOf(paper.abstract)) {
    if (word.length < 3 || isStopWord(word) || /^\p{N}/u.test(word)) continue;
    const stem = stemOf(word);
    const entry = counts.get(stem) ?? { count: 0, words: new Map() };
    entry.count += 1;
    entry.words.set(word, (entry.words.get(word) ?? 0) + 1);
    counts.set(stem, entry);
  }
  const terms = [...counts]
    .flatMap(([stem, { count, words }]) => {
      const papers = store.termPapers(stem);
      // A word no other paper holds cannot lead anywhere.
      if (papers < 2) return [];
      const word = [...words].sort((a, b) => b[1] - a[1])[0]?.[0] ?? stem;
      return [{ stem, word, weight: count * idfOf(papers, options.papers) }];
    })
    .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1))
    .slice(0, options.defaults.similarTerms);
  if (terms.length === 0) return { ranked: [], terms: [] };
  const weights = [
    options.defaults.headlineWeight,
    options.defaults.stemWeight,
    0,
    options.defaults.synonymWeight,
  ];
  const top = store.top({ match: anyOf(terms.map((t) => stemMatch(t.stem))) }, options.wanted + 1, weights);
  const own = top.find((r) => r.rowid === paper.rowid)?.score ?? top[0]?.score ?? 0;
  const ranked = top.filter((r) => r.rowid !== paper.rowid && r.score >= options.defaults.similarFloor * own);
  return { ranked: ranked.slice(0, options.wanted), terms };
}

/** The similar papers of a page, each with the distinctive words it shares with the paper (marked in its snippet). */
export function similarHits(store: IndexStore, like: Like, offset: number, limit: number): SearchHit[] {
  const page = like.ranked.slice(offset, offset + limit);
  const rowids = page.map((r) => r.rowid);
  const holders = like.terms.map((term) => ({ term, holders: store.holding(stemMatch(term.stem), rowids) }));
  return hitsOf(store, page, wordMarks(like.terms.map((t) => t.stem))).map((hit, at) => {
    const rowid = page[at]?.rowid ?? 0;
    const shared = holders.flatMap(({ term, holders: held }) => (held.has(rowid) ? [term.word] : []));
    return { ...hit, shared };
  });
}

/** The paper itself first, then the papers like it: who's evidence for a paper's topic. */
export function evidenceOfLike(like: Like, self: { rowid: number; paper: Paper }) {
  const score = like.ranked[0]?.score ?? 1;
  const top = [{ rowid: self.rowid, score }, ...like.ranked];
  return {
    matches: { total: top.length, withAll: top.length, top },
    papers: new Map([[self.rowid, self.paper]]),
  };
}
