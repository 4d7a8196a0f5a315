import type { Paper } from "../corpus/types.js";
import { type AcronymTable, foldedText, foldedWordsOf, isStopWord, termOf } from "./analyze.js";

export interface TopicStats {
  totalPapers: number;
  /** Papers holding a word as written. */
  wordPapers(word: string): number;
  /** Papers holding these words side by side. */
  phrasePapers(words: readonly string[]): number;
  acronyms: AcronymTable;
}

interface Candidate {
  key: string;
  words: string[];
  named: boolean;
  papers: Set<number>;
  uses: number;
  surfaces: Map<string, number>;
}

/** Papers a topic list reads: plenty to tell a person apart, and bounded work. */
const maxPapers = 40;
/** Candidates whose corpus frequency is looked up (one index query each), the most used first. */
const maxWordLookups = 8;
const maxPhraseLookups = 16;
const phraseBonus = 1.5;
const namedBonus = 1.25;
const maxLift = 10;

const wordsOfList = (list: string) => new Set(list.split(/\s+/).filter(Boolean));
// Words that end a term: connectives, hedges, verbs and adjectives of any abstract, whatever its subject.
const filler = wordsOfList(`across multi furthermore moreover however therefore thus hence also additionally
  consistent consistently novel new propose proposed proposes present presents introduce introduces show
  shows shown demonstrate demonstrates extensive significant significantly based using use used via various
  different several many existing previous current recent effective effectively efficient efficiently improve
  improves improved achieve achieves better best strong high low large small first second two three key main
  overall particular specific including include includes well able further potential important crucial
  critical remains remain often usually typically widely whether among towards toward within without while
  given provide provides providing enable enables leverage leverages address addresses aim aims focus focuses
  find found limit limits beat built perceive discuss additional attain attains notable comprising comprises
  generate generates leveraging aligning align aligns optimizing optimize lead leads leading make makes
  making help helps allow allows allowing reveal reveals revealing identify identifies employ employs apply
  applies applied designed seen compared not may might can could would should must outside way ways
  offer offers due act acts decide decides diverse enhance enhances complex insight insights stage stages foundation general
  artificial certain simple easy hard fast slow
  et al e g i ie eg vs etc`);
// The last piece of a hyphenated adjective: "LLM-based", "token-level", "closed-source", "human-like".
const adjectivePiece =
  /-(?:based|like|level|source|quality|grained|scale|wise|aware|free|specific|oriented|driven|centric|art|step|turn|time|world|term|range|form|of)$/i;
// Words too general to be a topic alone, though a term may hold them ("reward models", "code generation").
const generic = wordsOfList(`approach approaches method methods framework frameworks model models paper papers
  work works result results experiment experiments experimental state art study studies task tasks
  performance improvement ability capability capabilities challenge challenges issue issues problem problems
  data dataset datasets benchmark benchmarks evaluation evaluate code available open source finding findings
  analysis analyze level levels target targets information community design designs real world example
  examples side human humans training learning response responses impact output outputs process report
  language languages`);
// Phrases nearly every paper of the field shares.
const sharedPhrases = new Set([
  "artificial intelligence",
  "large language model",
  "large language models",
  "language model",
  "language models",
  "llm",
  "llms",
  "machine learning",
  "deep learning",
  "neural network",
  "neural networks",
]);
const adjectiveEnding = /(?:ive|al|ous|ful|ent|ant|ic|able|ible|less|ary)$/;
const clauseBreak = /[.,;:!?()[\]{}"“”]|\s[–—-]\s/;

/** A method, system or acronym as the paper writes it: "SafeAligner", "PPO-max", "RLHF", "Q-Ponder". */
function isNamed(token: string): boolean {
  return /[a-z][A-Z]|[A-Z]{2,}|[A-Za-z]\d|\d[A-Za-z]|[A-Z]-[A-Za-z]/.test(token) && token.length >= 3;
}

/** Generic alone, or weak: a one-word topic needs neither. */
const isGeneric = (folded: string) => generic.has(folded);

function isWeak(token: string, folded: string): boolean {
  if (folded === "" || /^\d/.test(folded) || /[/@]|\.\p{L}/u.test(token) || adjectivePiece.test(token))
    return true;
  if (isNamed(token)) return false;
  return folded.length < 3 || isStopWord(folded) || filler.has(folded) || /ly$/.test(folded);
}

/** A verb or adjective form ("aligning", "aligned", "consistent"): it may end a term ("code generation"), not stand alone. */
const verbOrAdjective = (folded: string) => /(?:ing|ed)$/.test(folded) || adjectiveEnding.test(folded);

/** Tokens of one clause: words as written, hyphenated compounds kept whole, possessives dropped. */
function tokensOf(clause: string): string[] {
  return clause
    .split(/\s+/)
    .map((token) => token.replace(/['’]s$/u, "").replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/** What one token is, judged once however often it is written. */
interface TokenFacts {
  folded: string;
  named: boolean;
  weak: boolean;
  generic: boolean;
  /** It may stand alone as a topic. */
  alone: boolean;
  /** It may end a term. */
  ends: boolean;
  /** A past participle: it begins nothing ("proposed framework"). */
  participle: boolean;
}

function factsOf(token: string): TokenFacts {
  const folded = foldedText(token);
  const named = isNamed(token);
  const generic = isGeneric(folded);
  return {
    folded,
    named,
    weak: isWeak(token, folded),
    generic,
    alone: named || (!verbOrAdjective(folded) && !generic),
    ends: named || !/(?:ed|ly)$|(?:ive|ous|ful|able|ible|ent|ant)$/.test(folded),
    participle: !named && /ed$/.test(folded),
  };
}

function candidatesOf(papers: readonly Paper[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  const known = new Map<string, TokenFacts>();
  const facts = (token: string): TokenFacts => {
    let found = known.get(token);
    if (found === undefined) {
      found = factsOf(token);
      known.set(token, found);
    }
    return found;
  };
  const note = (tokens: string[], at: number) => {
    const words = tokens.flatMap((token) => foldedWordsOf(facts(token).folded));
    // Plurals are one topic: "reward model" and "reward models" count together (a stem would merge more).
    const key = words
      .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word))
      .join(" ");
    const named = tokens.length === 1 && facts(tokens[0] as string).named;
    const surface = tokens.map((t) => (facts(t).named ? t : t.toLowerCase())).join(" ");
    const candidate = candidates.get(key) ?? {
      key,
      words,
      named,
      papers: new Set(),
      uses: 0,
      surfaces: new Map(),
    };
    candidate.papers.add(at);
    candidate.uses += 1;
    candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + 1);
    candidates.set(key, candidate);
  };
  papers.forEach((paper, at) => {
    for (const clause of paper.abstract.replace(/\bhttps?:\/\/\S+/g, " ").split(clauseBreak)) {
      const tokens = tokensOf(clause);
      const judged = tokens.map(facts);
      judged.forEach((first, i) => {
        if (first.weak) return;
        if (first.alone) note([tokens[i] as string], at);
        if (first.participle) return;
        for (let n = 2; n <= 3 && i + n <= tokens.length; n++) {
          const span = judged.slice(i, i + n);
          if (span.some((t) => t.weak)) break;
          if (span.every((t) => t.generic)) continue;
          if (span[n - 1]?.ends) note(tokens.slice(i, i + n), at);
        }
      });
    }
  });
  return candidates;
}

function mostUsed(surfaces: Map<string, number>): string {
  return [...surfaces].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "";
}

/**
 * Phrases that set a person's papers apart from the corpus: named methods and acronyms, multi-word terms
 * and words they use in several papers and the corpus seldom; filler and phrases everyone shares never.
 */
export function distinctiveTopicsOf(papers: readonly Paper[], stats: TopicStats, limit = 6): string[] {
  const read = papers.slice(0, maxPapers);
  const candidates = candidatesOf(read);
  const minPapers = read.length >= 3 ? 2 : 1;
  // A single word must run through a person's work; a named method may belong to one paper, said twice there.
  const enough = (c: Candidate) =>
    c.named
      ? c.papers.size >= minPapers || c.uses >= 2
      : c.papers.size >=
        (c.words.length === 1 ? Math.max(minPapers, Math.min(3, Math.ceil(read.length / 4))) : minPapers);
  const maxShare = 0.5;
  const eligible = [...candidates.values()].filter((c) => enough(c) && !sharedPhrases.has(c.words.join(" ")));
  const mostUsedFirst = (a: Candidate, b: Candidate) =>
    b.papers.size - a.papers.size || b.uses - a.uses || (a.key < b.key ? -1 : 1);
  const looked = [
    ...eligible
      .filter((c) => c.words.length === 1)
      .sort(mostUsedFirst)
      .slice(0, maxWordLookups),
    ...eligible
      .filter((c) => c.words.length > 1)
      .sort(mostUsedFirst)
      .slice(0, maxPhraseLookups),
  ];
  const frequency = new Map<Candidate, number>();
  for (const c of looked) frequency.set(c, stats.phrasePapers(c.words));
  const others = Math.max(1, stats.totalPapers - read.length + 1);
  const scored = [...frequency]
    .filter(([, df]) => df <= Math.max(1, stats.totalPapers * maxShare))
    .map(([c, found]) => {
      // How much more often their papers use it than everyone else's (smoothed), times how often they do.
      const df = Math.max(found, c.papers.size);
      const lift = c.papers.size / read.length / ((df - c.papers.size + 0.1) / others);
      const weight = (c.words.length > 1 ? phraseBonus : 1) * (c.named ? namedBonus : 1);
      // Frequency weighs more than rarity: a term in four of their papers beats one in two.
      return { c, score: c.papers.size ** 1.5 * Math.log(Math.min(lift, maxLift)) * weight };
    })
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || (a.c.key < b.c.key ? -1 : 1));
  const topics: string[] = [];
  const chosen: Candidate[] = [];
  const shortOfLong = new Map(
    [...stats.acronyms.byShort.values()].flat().map((entry) => [entry.longTerms.join(" "), entry.shortTerm]),
  );
  const stemsOf = (c: Candidate) => c.words.map((word) => termOf(word) ?? word).join(" ");
  const acronymOf = (c: Candidate) =>
    shortOfLong.get(stemsOf(c)) ?? (c.words.length === 1 ? stemsOf(c) : undefined);
  for (const { c } of scored) {
    // One topic per idea: a phrase and its own words, or an acronym and its long form, are one.
    const overlaps = chosen.some(
      (other) =>
        ` ${other.key} `.includes(` ${c.key} `) ||
        ` ${c.key} `.includes(` ${other.key} `) ||
        (acronymOf(c) !== undefined && acronymOf(c) === acronymOf(other)),
    );
    if (overlaps) continue;
    chosen.push(c);
    topics.push(mostUsed(c.surfaces));
    if (topics.length >= limit) break;
  }
  return topics;
}
