import { type AcronymTable, termOf } from "./analyze.js";
import { type Candidate, candidatesOf, type ReadPaper } from "./topic-candidates.js";
import { isGenericWord, sharedPhrases } from "./topic-words.js";

export type { ReadPaper } from "./topic-candidates.js";

export interface TopicStats {
  totalPapers: number;
  /** Papers holding a word as written. */
  wordPapers(word: string): number;
  /** Papers holding these words side by side. */
  phrasePapers(words: readonly string[]): number;
  acronyms: AcronymTable;
}

/** Papers a topic list reads: plenty to tell a person apart, and bounded work. */
const maxPapers = 40;
/** Candidates whose corpus frequency is looked up (one index query each), the best evidenced first. */
const maxLookups = 24;
/** Of those, plain single words: they make a topic seldom. */
const maxWordLookups = 6;
const maxLift = 10;
/** Used at least this many times as often in their papers as in the rest of the corpus. */
const minLift = 3;
/** A phrase in more than this share of the corpus sets nobody apart. */
const maxShare = 0.5;

/** What a kind of phrase weighs: a method the papers bring, then any named one, a term, a lone word. */
function weightOf(c: Candidate): number {
  if (c.introduced) return 3;
  // A name with digits the papers do not bring is mostly someone else's model or data: "Llama2-Chat", "GSM8K".
  if (c.named) return /\d/.test(c.key) ? 1 : 2;
  return c.words.length > 1 ? 1.5 : 0.6;
}

/** The person's evidence for a phrase: papers, first-author ones half again, uses past one a paper a little. */
function evidenceOf(c: Candidate): number {
  const extraUses = Math.min(c.uses - c.papers.size, 2 * c.papers.size);
  return c.papers.size + 0.5 * c.firstAuthored.size + 0.25 * extraUses;
}

/** More evidence first: papers, first-author papers, uses, the more specific phrase, then the first written. */
function byEvidence(a: Candidate, b: Candidate): number {
  return (
    b.papers.size - a.papers.size ||
    b.firstAuthored.size - a.firstAuthored.size ||
    b.uses - a.uses ||
    b.words.length - a.words.length ||
    a.firstSeen - b.firstSeen
  );
}

/** Enough to be a topic: a named method used twice or brought by a paper; a term said twice; a word running through the work. */
function enoughFor(read: number): (c: Candidate) => boolean {
  const minPapers = read >= 3 ? 2 : 1;
  // A lone word must run through the work: two papers at least, more for a long list.
  const wordPapers = Math.max(2, Math.min(3, Math.ceil(read / 4)));
  return (c) => {
    if (sharedPhrases.has(c.words.join(" "))) return false;
    if (c.named) return c.introduced || c.uses >= 2;
    if (c.tokens > 1) return c.papers.size >= minPapers && c.uses >= 2;
    return c.papers.size >= wordPapers && c.uses >= Math.max(3, wordPapers);
  };
}

const isGeneric = (word: string) => isGenericWord(word) || isGenericWord(`${word}s`);

/** How phrases are compared: stems, an acronym written out ("RMs" is "reward model"), a name's capitals. */
interface Comparable {
  c: Candidate;
  terms: string;
  capitals: string;
}

/**
 * Two phrases are one idea when one holds the other ("KV cache", "KV cache compression"; "RMs", "generative
 * reward models"), when two terms share a word that is not generic: their head, their first word or any
 * ("attention head", "attention computation"; "KV cache", "cache compression"; not "reward model", "policy
 * model"), or when a name's capitals open an acronym of the same paper ("Safety Preference Alignment",
 * "SPA-VL"). Two names are two ideas unless one extends the other in one paper ("Q-Ponder", "Q-Ponder-CI").
 */
function sameIdea(a: Comparable, b: Comparable): boolean {
  const samePaper = [...a.c.papers].some((at) => b.c.papers.has(at));
  const holds = ` ${a.terms} `.includes(` ${b.terms} `) || ` ${b.terms} `.includes(` ${a.terms} `);
  const single = (x: Comparable) => x.c.named && x.c.tokens === 1;
  if (single(a) && single(b)) return a.terms === b.terms || (holds && samePaper);
  // A name and a phrase are one idea when the phrase holds the name itself ("iterative RLHF"), not its long
  // form: "RCL" (Reasoning-augmented Continual Learning) is one topic, "continual learning" another.
  if (single(a) || single(b)) {
    const literally = ` ${a.c.key} `.includes(` ${b.c.key} `) || ` ${b.c.key} `.includes(` ${a.c.key} `);
    if (a.terms === b.terms || literally) return true;
  } else if (holds) return true;
  const [run, name] = single(a) ? [b, a] : [a, b];
  if (run.c.named && single(name) && run.capitals.length >= 2 && name.capitals.startsWith(run.capitals))
    return samePaper;
  if (a.c.tokens < 2 || b.c.tokens < 2) return false;
  const bWords = new Set(b.c.key.split(" "));
  return a.c.key.split(" ").some((word) => bWords.has(word) && !isGeneric(word));
}

/** Phrases as compared for one idea, and the long forms of the corpus's acronyms. */
function comparing(acronyms: AcronymTable) {
  const longOfShort = new Map<string, string>();
  const longForms: string[] = [];
  for (const [short, entries] of acronyms.byShort) {
    const first = entries[0];
    if (first !== undefined) longOfShort.set(short, first.longTerms.join(" "));
    for (const entry of entries) longForms.push(` ${entry.longTerms.join(" ")} `);
  }
  const termsOf = (c: Candidate) => c.words.map((word) => termOf(word) ?? word);
  return {
    comparable: (c: Candidate): Comparable => ({
      c,
      terms: termsOf(c)
        .map((term) => longOfShort.get(term) ?? term)
        .join(" "),
      capitals: mostUsed(c.surfaces).replace(/[^\p{Lu}]/gu, ""),
    }),
    /** Capitalised words that are part of an acronym's long form, not all of it ("Policy Optimization"). */
    isPartOfLongForm: (c: Candidate) => {
      if (!c.named || c.tokens < 2) return false;
      const terms = ` ${termsOf(c).join(" ")} `;
      return longForms.some((long) => long !== terms && long.includes(terms));
    },
  };
}

/** The spelling the papers use most, the first written on a tie. */
function mostUsed(surfaces: Map<string, number>): string {
  let best = "";
  let count = 0;
  for (const [surface, uses] of surfaces) {
    if (uses > count) [best, count] = [surface, uses];
  }
  return best;
}

/**
 * Phrases that set a person's papers apart from the corpus, most distinctive first: the named methods their
 * papers bring, acronyms and multi-word terms they use more than the rest of the corpus, seldom a single
 * word. Filler, verbs, function words and phrases everyone shares never; no two topics for one idea.
 */
export function distinctiveTopicsOf(papers: readonly ReadPaper[], stats: TopicStats, limit = 6): string[] {
  const read = papers.slice(0, maxPapers);
  const { comparable, isPartOfLongForm } = comparing(stats.acronyms);
  const enough = enoughFor(read.length);
  const eligible = [...candidatesOf(read).values()].filter((c) => enough(c) && !isPartOfLongForm(c));
  const localScore = (c: Candidate) => evidenceOf(c) ** 1.5 * weightOf(c);
  eligible.sort((a, b) => localScore(b) - localScore(a) || byEvidence(a, b));
  const plainWord = (c: Candidate) => !c.named && c.tokens === 1;
  const looked = [
    ...eligible.filter(plainWord).slice(0, maxWordLookups),
    ...eligible.filter((c) => !plainWord(c)),
  ].slice(0, maxLookups);

  const others = Math.max(1, stats.totalPapers - read.length + 1);
  const scored = looked.flatMap((c) => {
    const found = stats.phrasePapers(c.words);
    if (found > Math.max(1, stats.totalPapers * maxShare)) return [];
    // How much more often their papers use it than everyone else's (smoothed), times how often they do.
    const df = Math.max(found, c.papers.size);
    const lift = c.papers.size / read.length / ((df - c.papers.size + 0.1) / others);
    if (lift < minLift) return [];
    return [{ c, score: evidenceOf(c) ** 1.5 * Math.log(Math.min(lift, maxLift)) * weightOf(c) }];
  });
  scored.sort((a, b) => b.score - a.score || byEvidence(a.c, b.c));

  // The better evidenced of two phrases for one idea stays: the more used, on a tie the more specific.
  const chosen: Comparable[] = [];
  for (const { c } of scored) {
    const it = comparable(c);
    if (chosen.some((other) => sameIdea(it, other))) continue;
    chosen.push(it);
    if (chosen.length >= limit) break;
  }
  return chosen.map(({ c }) => mostUsed(c.surfaces));
}
