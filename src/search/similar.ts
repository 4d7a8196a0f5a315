import type { Paper } from "../corpus/types.js";
import { foldedText, lightStemOf, type PhraseWord, phraseWordsOf, shownWord, wordsOf } from "./analyze.js";
import type { SearchDefaults } from "./defaults.js";
import { synonymsIn } from "./index-text.js";
import { anyOf, stemsMatch, weightsOf } from "./match.js";
import { idfOf } from "./plan.js";
import { hitsOf } from "./snippet.js";
import type { IndexStore, Ranked } from "./store-read.js";
import type { SearchHit } from "./types.js";

interface Like {
  /** The papers over the similarity floor, best first; a score is the share of the paper's own (callers page it). */
  ranked: Ranked[];
  /** The paper's distinctive terms: each stem, the word the paper writes for it, and its weight. */
  terms: { stem: string; word: string; weight: number }[];
  /** What each ranked paper owes to each term it holds (its part of the score). */
  parts: Map<number, Map<string, number>>;
  /** The paper's words in order: the phrases it shares. */
  written: PhraseWord[];
}

/** Shared terms a card names. */
const SHARES_SHOWN = 4;

/** The paper's words in order: its title's, then its abstract's (a headline made up from it says nothing more). */
const writtenOf = (paper: Paper) => [paper.title ?? "", paper.abstract].flatMap(phraseWordsOf);

/**
 * The papers most like one: its most distinctive terms (times written × IDF, a title word `headlineWeight` times) are a
 * weighted query, each paper scoring Σ weight × its BM25 for the term, as a share of the paper's own score.
 */
export function likeOf(
  store: IndexStore,
  self: { paper: Paper; rowid: number },
  options: { papers: number; defaults: SearchDefaults },
): Like {
  const { defaults } = options;
  const written = writtenOf(self.paper);
  const titleWords = wordsOf(self.paper.title ?? "").length;
  const counts = new Map<string, { count: number; forms: Map<string, number> }>();
  written.forEach((word, at) => {
    const { stem } = word;
    if (stem === undefined) return;
    const entry = counts.get(stem) ?? { count: 0, forms: new Map() };
    entry.count += at < titleWords ? defaults.headlineWeight : defaults.stemWeight;
    const form = shownWord(word);
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
    counts.set(stem, entry);
  });
  const terms = [...counts]
    .flatMap(([stem, { count, forms }]) => {
      const papers = store.termPapers(stem);
      const word = [...forms].sort((a, b) => b[1] - a[1])[0]?.[0] ?? stem;
      return [{ stem, word, weight: count * idfOf(papers, options.papers) }];
    })
    .sort((a, b) => b.weight - a.weight || (a.stem < b.stem ? -1 : 1))
    .slice(0, defaults.similarTerms);
  const parts = new Map<number, Map<string, number>>();
  // Title, abstract and synonyms (not `surface`, column 2, nor `venue`, 4): "RLHF" shares the long form's terms.
  const weights = weightsOf(defaults).map((weight, column) => (column === 2 || column === 4 ? 0 : weight));
  // A term no other paper holds leads nowhere, but counts in the paper's own score.
  const leading = terms.filter((t) => store.termPapers(t.stem) > 1);
  if (leading.length === 0) return { ranked: [], terms, parts, written };
  const match = anyOf(leading.map((t) => stemsMatch([t.stem])));
  const candidates = store.top(match, defaults.similarCandidates, weights);
  const rowids = [self.rowid, ...candidates.flatMap((c) => (c.rowid === self.rowid ? [] : [c.rowid]))];
  const totals = new Map<number, number>();
  for (const term of terms) {
    for (const [rowid, score] of store.scores(stemsMatch([term.stem]), rowids, weights)) {
      const part = term.weight * score;
      totals.set(rowid, (totals.get(rowid) ?? 0) + part);
      const held = parts.get(rowid) ?? new Map<string, number>();
      held.set(term.stem, part);
      parts.set(rowid, held);
    }
  }
  const own = totals.get(self.rowid) ?? 0;
  const ranked = rowids
    .slice(1)
    .map((rowid) => ({ rowid, score: own > 0 ? (totals.get(rowid) ?? 0) / own : 0 }))
    .filter((r) => r.score >= defaults.similarFloor)
    .sort((a, b) => b.score - a.score || a.rowid - b.rowid);
  return { ranked, terms, parts, written };
}

/** Two words side by side, by their stems, as written. */
type Pair = { key: string; stems: string[]; text: string };

const pairsOf = (words: Like["written"]): Pair[] =>
  words.flatMap((word, at) => {
    const next = words[at + 1];
    if (!word.spaced || word.stem === undefined || next?.stem === undefined) return [];
    const text = `${shownWord(word)} ${shownWord(next)}`;
    return [{ key: `${word.stem} ${next.stem}`, stems: [word.stem, next.stem], text }];
  });

/** What a paper shares with the one it is like, most telling first: a term, or its phrase both write ("reward models"). */
function sharesOf(like: Like, mine: readonly Pair[], held: ReadonlyMap<string, number>, other: Paper) {
  const theirs = new Set(pairsOf(writtenOf(other)).map((pair) => pair.key));
  const phrases = new Map<string, { stems: string[]; text: string; count: number }>();
  for (const pair of mine) {
    const { key, stems } = pair;
    if (!theirs.has(key) || !stems.some((stem) => held.has(stem)) || stems[0] === stems[1]) continue;
    const entry = phrases.get(key) ?? { ...pair, count: 0 };
    entry.count += 1;
    phrases.set(key, entry);
  }
  const partOf = (stems: readonly string[]) => stems.reduce((sum, stem) => sum + (held.get(stem) ?? 0), 0);
  const shown: { text: string; part: number }[] = [];
  const used = new Set<string>();
  const byUse = [...phrases.values()].sort((a, b) => partOf(b.stems) - partOf(a.stems) || b.count - a.count);
  for (const stem of [...held.keys()].sort((a, b) => (held.get(b) ?? 0) - (held.get(a) ?? 0))) {
    if (used.has(stem)) continue;
    const phrase = byUse.find(
      (p) => p.stems.includes(stem) && !p.stems.some((s) => used.has(s) && s !== stem),
    );
    for (const s of phrase?.stems ?? [stem]) used.add(s);
    shown.push(
      phrase
        ? { text: phrase.text, part: partOf(phrase.stems) }
        : { text: like.terms.find((t) => t.stem === stem)?.word ?? stem, part: held.get(stem) ?? 0 },
    );
  }
  // "RMs" beside "RM": one of them.
  const byKey = new Map<string, string>();
  for (const { text } of shown.sort((a, b) => b.part - a.part)) {
    const key = lightStemOf(foldedText(text));
    if (!byKey.has(key)) byKey.set(key, text);
  }
  return [...byKey.values()].slice(0, SHARES_SHOWN);
}

/** The similar papers of a page, each with what it shares with the paper (marked in its snippet). */
export function similarHits(store: IndexStore, like: Like, offset: number, limit: number): SearchHit[] {
  const mine = pairsOf(like.written);
  const acronyms = synonymsIn(store).byShortStem;
  return like.ranked.slice(offset, offset + limit).flatMap((ranked) => {
    const held = like.parts.get(ranked.rowid) ?? new Map<string, number>();
    // A shared acronym is marked where the paper writes its long form, too.
    const phrases = [...held.keys()].flatMap((stem) => (acronyms.get(stem) ?? []).map((a) => a.stems));
    return hitsOf(store, [ranked], { words: new Set(held.keys()), phrases }).map((hit) => ({
      ...hit,
      shares: sharesOf(like, mine, held, hit.paper),
    }));
  });
}

/** The paper itself first (counting as much as the closest one), then the papers like it: who's evidence. */
export function evidenceOfLike(like: Like, self: { rowid: number }, most: number) {
  const top = [{ rowid: self.rowid, score: like.ranked[0]?.score ?? 1 }, ...like.ranked.slice(0, most - 1)];
  return { matches: { total: top.length, top } };
}
