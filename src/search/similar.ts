import type { Paper } from "../corpus/types.js";
import { foldedWordsOf, isStopWord, termOf } from "./analyze.js";
import { anyPhraseOf } from "./match.js";
import { sampleEndOf } from "./ranking.js";
import { hitsOf } from "./shown.js";
import { wordMarks } from "./snippet.js";
import type { IndexStore, Ranked } from "./store-read.js";
import type { Dictionary } from "./terms.js";
import type { SearchHit } from "./types.js";
import { type Evidence, evidencePapers } from "./who.js";

/** The words that say most what a paper is about, and how many of them a "more like this" query uses. */
const distinctiveWords = 12;

/** Papers sharing the most distinctive words of the paper at `rowid` (never itself), best first, from `offset`. */
export function similarTo(
  store: IndexStore,
  dictionary: Dictionary,
  abstract: string,
  rowid: number,
  options: { limit: number; offset: number; papers: number },
): SearchHit[] {
  const { ranked, words } = similarRanked(store, dictionary, abstract, rowid, options);
  return hitsOf(store, ranked, wordMarks(words.flatMap((word) => termOf(word) ?? [])));
}

/** The papers like the one at `rowid`, ranked (from `offset`), and the distinctive words they were found by. */
export function similarRanked(
  store: IndexStore,
  dictionary: Dictionary,
  abstract: string,
  rowid: number,
  options: { limit: number; offset: number; papers: number },
): { ranked: Ranked[]; words: string[] } {
  const counts = new Map<string, number>();
  for (const word of foldedWordsOf(abstract)) {
    if (word.length >= 3 && !isStopWord(word) && !/^\p{N}/u.test(word))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const weighed = [...counts].flatMap(([word, count]) => {
    const papers = dictionary.papers(word);
    // A word no other paper holds cannot lead anywhere.
    return papers >= 2 ? [{ word, weight: count * Math.log(options.papers / papers) }] : [];
  });
  const chosen = weighed
    .filter((w) => w.weight > 0)
    .sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : 1))
    .slice(0, distinctiveWords)
    .map((w) => w.word);
  if (chosen.length === 0) return { ranked: [], words: [] };
  const query = { match: anyPhraseOf(chosen.map((word) => [word])), without: rowid };
  const total = store.count(query);
  const wanted = options.offset + options.limit;
  const maxRowid = sampleEndOf(total, options.papers);
  let ranked = store.top(query, wanted, maxRowid);
  if (ranked.length < Math.min(wanted, total)) ranked = store.top(query, wanted);
  return { ranked: ranked.slice(options.offset), words: chosen };
}

/**
 * Who's evidence for a paper's topic: the paper itself (the best of it) and the papers most like it;
 * `others`: its own authors are left out.
 */
export function evidenceLike(
  store: IndexStore,
  dictionary: Dictionary,
  { paper, rowid }: { paper: Paper; rowid: number },
  options: { papers: number; others: boolean },
): Evidence {
  const { ranked } = similarRanked(store, dictionary, paper.abstract, rowid, {
    limit: evidencePapers - 1,
    offset: 0,
    papers: options.papers,
  });
  const fetched = store.papers(ranked.map((r) => r.rowid));
  const like = ranked.flatMap((r) => {
    const other = fetched.get(r.rowid);
    return other === undefined ? [] : [{ ...r, level: 1, paper: other }];
  });
  const top = [{ rowid, score: like[0]?.score ?? 1, level: 1, paper }, ...like];
  const matches = { total: top.length, groups: 1, least: 1, withAll: top.length, top };
  return { matches, leaving: options.others ? [...paper.authorKeys, ...paper.ownerKeys] : [] };
}
