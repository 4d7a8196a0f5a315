/** Every tunable of the retrieval model, with why: kept when it helps SciFact and eval/qrels.json (docs/search.md). */
export const searchDefaults = {
  /** BM25's k1, how soon a word's repeats stop adding to a paper's score (FTS5 fixes 1.2; the weights scale to it). */
  k1: 0.9,
  /** bm25() weight of the headline: a paper's own one-line summary says what it is about. */
  headlineWeight: 3,
  /** bm25() weight of the abstract's stems: the body of the match. */
  stemWeight: 1,
  /** bm25() weight of the abstract as written: the form typed outranks a stem-only match ("computer" vs "computation"). */
  surfaceWeight: 0,
  /** bm25() weight of what the index adds: acronym ⇄ long form synonyms and hyphenated compounds joined. */
  synonymWeight: 0.5,
  /** bm25() weight of the venue: searchable ("NeurIPS"), but a venue's words say little of a paper's topic. */
  venueWeight: 0.5,
  /** Share of the query's rarity (IDF mass) a paper must hold to match: a rare word outweighs three common ones. */
  matchShare: 0.5,
  /** Past this many words the share shrinks (a paper need hold no more than this many words' worth): long questions. */
  matchWords: 2,
  /** Up to this many words, two side by side add a phrase match (a remembered phrase); in longer ones, chance. */
  pairsUpTo: 4,
  /** Two up to this many words some paper writes side by side are that term ("continual learning", not "continue"). */
  writtenTermWords: 2,
  /** A word typed of this many letters or more is found as the start of longer ones too ("math" in "mathematical"). */
  prefixFrom: 4,
  /** A word no paper writes whole stands for at most this many of the words it starts: bounded work ("tran"). */
  startsRead: 50,
  /** Papers ranked by BM25 before the match policy reads them: a group's whole corpus, bounded work at 100,000. */
  candidates: 1000,
  /** Typo edits forgiven by word length (none below 4 letters: too many short words are one letter apart). */
  editsFromLength: [
    [10, 2],
    [4, 1],
  ] as readonly (readonly [number, number])[],
  /**
   * Words a typo may be corrected to, the commonest, and as many name parts a misspelt name may be a slip of (members'
   * first): each search worker holds them in trees (~280 bytes an entry), and a corpus of 100,000 papers writes
   * 300,000 words, most of them in one paper.
   */
  typoWords: 30_000,
  /** A word past the `typoWords` commonest is a typo's correction where the typo keeps this many first letters. */
  typoPrefix: 3,
  /** Words of a query read at most: a pasted paragraph costs bounded work. */
  maxWords: 40,
  /** A followed topic's paper scores at least this: the best F1 over eval/qrels.json (2: 0.620, 3: 0.623). */
  topicScoreFloor: 2.5,
  /** The distinctive terms of a paper that "more like this" looks for (8: P@5 lower on every set; 20: 1.5–2× the time). */
  similarTerms: 12,
  /** Papers any of those terms ranks first (plain BM25) that "more like this" scores on each term. */
  similarCandidates: 200,
  /** "More like this" shows papers over this share of the paper's own score: best F1 of `npm run eval:similar`. */
  similarFloor: 0.1,
  /** Papers read as evidence of who works on a topic. */
  evidencePapers: 50,
  /** Who reads no paper scoring under this share of the topic's best as anyone's evidence: it only touches it. */
  evidenceFloor: 0.4,
  /** A first author's paper counts this much more toward their standing on a topic. */
  firstAuthorWeight: 1.25,
} as const;

/** The defaults' shape, any value (a measurement tries others). */
export type SearchDefaults = {
  readonly [K in keyof typeof searchDefaults]: Widened<(typeof searchDefaults)[K]>;
};
type Widened<T> = T extends number ? number : T;

/** Edits forgiven in a word of this length (a swap of two letters is one). */
export function editsFor(length: number, defaults: SearchDefaults = searchDefaults): number {
  return defaults.editsFromLength.find(([from]) => length >= from)?.[1] ?? 0;
}
