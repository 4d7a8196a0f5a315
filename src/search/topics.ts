import type { Paper } from "../corpus/types.js";
import { type AcronymTable, termOf, wordsOf } from "./analyze.js";

interface Candidate {
  key: string;
  terms: string[];
  papers: number;
  uses: number;
  surfaces: Map<string, number>;
}

export interface TopicStats {
  /** Papers holding a term; for an acronym, also those spelling out its long form (the index adds it there). */
  documentFrequency(term: string): number;
  totalPapers: number;
  acronyms: AcronymTable;
  /** `termOf`, ideally remembered per spelling. */
  termOfWord?: (word: string) => string | undefined;
}

const bigramBonus = 1.5;
const space = 32;
const hyphen = 45;
const maxCorpusShare = 0.5;

// Words of any abstract, whatever its subject: never a topic, however often one person writes them.
const genericWords = new Set(
  `ability able accuracy achieve address advance analysis approach aspect available base baseline
  benchmark best better capability case challenge code common comprehensive conduct consider contribute
  current data dataset demonstrate design develop different effect effective efficient enable enhance
  evaluate evaluation exist experiment experimental explore extensive fail field finally first focus
  framework further gap general good great high however human identify improve include increase insight
  introduce issue key large language learn lead level leverage limit limitation llm llms low main make not
  many method model models moreover need new novel number obtain offer outperform paper performance
  perform potential present previous problem process propose provide range real recent remain require
  research result results robust scale scenario set several show significant significantly simple
  small solution specific state strategy strong study such superior support system task technique
  their three through train training two typically understand use useful various via well while wide
  work world`
    .split(/\s+/)
    .map((word) => termOf(word))
    .filter((term): term is string => term !== undefined),
);

/** How a word reads in a topic: lower case, except acronyms and inner capitals ("RLHF", "LLMs", "MetaRM"). */
function surfaceOf(word: string): string {
  return /\p{Lu}/u.test(word.slice(1)) ? word : word.toLowerCase();
}

function isTopicTerm(term: string | undefined): term is string {
  return term !== undefined && !genericWords.has(term) && !/^\p{N}/u.test(term);
}

function candidatesOf(
  papers: readonly Paper[],
  acronyms: AcronymTable,
  termOfWord: (word: string) => string | undefined,
): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  /** Counts a use of `key`, whose terms are `terms` or else `first` and `second` (an array made only once). */
  const note = (
    key: string,
    terms: readonly string[] | undefined,
    first: string,
    second: string | undefined,
    surface: string | undefined,
    seen: Set<string>,
  ) => {
    let candidate = candidates.get(key);
    if (!candidate) {
      const own = terms ? [...terms] : second === undefined ? [first] : [first, second];
      candidate = { key, terms: own, papers: 0, uses: 0, surfaces: new Map() };
      candidates.set(key, candidate);
    }
    if (!seen.has(key)) {
      seen.add(key);
      candidate.papers += 1;
    }
    candidate.uses += 1;
    if (surface !== undefined) candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + 1);
  };
  // Each distinct spelling and term is judged once, however often it is written.
  const surfaces = new Map<string, string>();
  const surfaceOfWord = (word: string): string => {
    let surface = surfaces.get(word);
    if (surface === undefined) {
      surface = surfaceOf(word);
      surfaces.set(word, surface);
    }
    return surface;
  };
  const numeric = new Map<string, boolean>();
  const isNumeric = (term: string): boolean => {
    let answer = numeric.get(term);
    if (answer === undefined) {
      answer = /^\p{N}/u.test(term);
      numeric.set(term, answer);
    }
    return answer;
  };
  const longFormOf = new Map<string, string[] | undefined>();
  const unambiguousLongForm = (term: string): string[] | undefined => {
    if (longFormOf.has(term)) return longFormOf.get(term);
    const meanings = acronyms.byShort.get(term) ?? [];
    const longTerms = meanings[0]?.longTerms;
    const answer =
      longTerms && new Set(meanings.map((m) => m.longTerms.join(" "))).size === 1 ? longTerms : undefined;
    longFormOf.set(term, answer);
    return answer;
  };
  for (const paper of papers) {
    const seen = new Set<string>();
    const text = paper.abstract;
    const words = wordsOf(text);
    const terms = words.map((w) => termOfWord(w.text));
    words.forEach((word, i) => {
      const term = terms[i];
      if (term === undefined || isNumeric(term)) return;
      const surface = surfaceOfWord(word.text);
      const next = words[i + 1];
      const nextTerm = terms[i + 1];
      const gapCode = next && next.start === word.end + 1 ? text.charCodeAt(word.end) : 0;
      if (
        next &&
        nextTerm !== undefined &&
        !isNumeric(nextTerm) &&
        (gapCode === space || gapCode === hyphen) &&
        (isTopicTerm(term) || isTopicTerm(nextTerm))
      ) {
        const gap = gapCode === space ? " " : "-";
        note(
          `${term} ${nextTerm}`,
          undefined,
          term,
          nextTerm,
          `${surface}${gap}${surfaceOfWord(next.text)}`,
          seen,
        );
      }
      if (!isTopicTerm(term)) return;
      const longTerms = unambiguousLongForm(term);
      if (longTerms) {
        // "RMs" counts toward "reward models"; a long acronym reads better short ("RLHF").
        const isPair = longTerms.length === 2;
        note(longTerms.join(" "), longTerms, term, undefined, isPair ? undefined : surface, seen);
        return;
      }
      if (term.length >= 3 || surface !== surface.toLowerCase())
        note(term, undefined, term, undefined, surface, seen);
    });
  }
  return candidates;
}

function mostFrequentSurface(surfaces: Map<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = -1;
  for (const [surface, count] of surfaces) {
    if (count > bestCount || (count === bestCount && best !== undefined && surface < best)) {
      best = surface;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Words and two-word phrases these papers use often and the corpus rarely, as they are written:
 * a phrase that holds most uses of its words stands in for them ("reward models", not "reward"),
 * and an acronym counts toward its long form.
 */
export function distinctiveTopicsOf(papers: readonly Paper[], stats: TopicStats, limit = 6): string[] {
  const candidates = candidatesOf(papers, stats.acronyms, stats.termOfWord ?? termOf);
  const minPapers = papers.length >= 2 ? 2 : 1;
  const frequencies = new Map<Candidate, number>();
  const frequencyOf = (c: Candidate): number => {
    let frequency = frequencies.get(c);
    if (frequency === undefined) {
      frequency = computedFrequencyOf(c);
      frequencies.set(c, frequency);
    }
    return frequency;
  };
  const computedFrequencyOf = (c: Candidate): number => {
    const acronym = stats.acronyms.byFirstLongTerm
      .get(c.terms[0] ?? "")
      ?.find((entry) => entry.longTerms.join(" ") === c.key);
    if (acronym) return Math.max(1, stats.documentFrequency(acronym.shortTerm));
    return Math.min(...c.terms.map((t) => Math.max(1, stats.documentFrequency(t))));
  };
  const covered = new Set<string>();
  for (const c of candidates.values()) {
    if (c.terms.length < 2 || c.papers < minPapers) continue;
    for (const term of c.terms) {
      const single = candidates.get(term);
      if (single && c.uses * 3 >= single.uses * 2) covered.add(term);
    }
  }
  const scored = [...candidates.values()]
    .filter((c) => c.papers >= minPapers && !covered.has(c.key))
    .filter((c) => frequencyOf(c) <= Math.max(1, stats.totalPapers * maxCorpusShare))
    .map((c) => ({
      c,
      score:
        c.uses * Math.log(1 + stats.totalPapers / frequencyOf(c)) * (c.terms.length > 1 ? bigramBonus : 1),
    }))
    .sort((a, b) => b.score - a.score || a.c.key.localeCompare(b.c.key));
  const topics: string[] = [];
  for (const { c } of scored) {
    const surface = mostFrequentSurface(c.surfaces);
    if (surface !== undefined && !topics.includes(surface)) topics.push(surface);
    if (topics.length >= limit) break;
  }
  return topics;
}
