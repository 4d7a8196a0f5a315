import SearchableMap from "minisearch/SearchableMap";
import { eng } from "stopword/src/stopwords_eng.js";
import { personKey } from "../corpus/names.js";
import { foldedText, isStopWord, LONGEST_WORD, lightStemOf, searchedWordsOf, stemOf } from "./analyze.js";
import { editsFor, type SearchDefaults } from "./defaults.js";
import { editDistance, slipCandidates } from "./edit-distance.js";
import { synonymsIn } from "./index-text.js";
import { phraseMatch, termMatch } from "./match.js";
import type { PeopleIndex } from "./people.js";
import { isYear, type ParsedQuery } from "./query.js";
import type { IndexStore } from "./store-read.js";
import type { Plan, Term } from "./types.js";

export interface PlanContext {
  store: IndexStore;
  people: PeopleIndex;
  papers: number;
  defaults: SearchDefaults;
  /** The commonest words of the corpus as written, with their papers: what a typo may be corrected to. */
  vocabulary: () => SearchableMap<number>;
}

/** Lucene's BM25 IDF: positive for any word, highest for a word no paper holds. */
export const idfOf = (papers: number, total: number) => Math.log(1 + (total - papers + 0.5) / (papers + 0.5));

/** A symbol or a name, never corrected: a word with digits ("YAP1") or a capital past its first letter ("GLIMMER"). */
const isSymbol = (typed: string) => /\d/.test(typed) || /^.\p{L}*\p{Lu}/u.test(typed);

/** The word of the corpus a typo stands for: the nearest (a swap first), then the commonest; maybe a stop word. */
function correctionOf(word: string, context: PlanContext, edits = editsFor(word.length, context.defaults)) {
  if (edits === 0 || word.length > LONGEST_WORD) return undefined;
  // Looked up with its plural folded, as `surface` holds it ("modles": "modle"), and given it back ("models").
  // MiniSearch's distance counts a swap as two edits; ours (optimal string alignment) as one.
  const light = lightStemOf(word);
  // The commonest words, whatever the slip; any other word only where the slip is past its first letters.
  const { store, defaults } = context;
  const near = slipCandidates(context.vocabulary(), light, edits, defaults.typoPrefix, store.wordsStarting);
  let best: { word: string; distance: number; papers: number } | undefined;
  for (const [candidate, papers] of near) {
    // A swap is the likelier slip of two as near: "casues" is "causes", not "cases".
    const distance = editDistance(light, candidate, edits) - (isSwap(light, candidate) ? 0.5 : 0);
    if (distance > edits || candidate.length < 2) continue;
    if (!best || distance < best.distance || (distance === best.distance && papers > best.papers))
      best = { word: candidate, distance, papers };
  }
  return best && (word.startsWith(light) ? best.word + word.slice(light.length) : best.word);
}

/** The commonest `startsRead` words of the corpus a word starts ("math": mathematical), one a stem. */
function startsOf(word: string, context: PlanContext): string[] {
  const light = lightStemOf(word);
  if (light.length < context.defaults.prefixFrom) return [];
  const byStem = new Map<string, { word: string; papers: number }>();
  for (const [start, papers] of context.store.wordsStarting(light)) {
    const stem = stemOf(start);
    if (isStopWord(start) || (byStem.get(stem)?.papers ?? 0) >= papers) continue;
    byStem.set(stem, { word: start, papers });
  }
  return [...byStem.values()]
    .sort((a, b) => b.papers - a.papers)
    .slice(0, context.defaults.startsRead)
    .map((start) => start.word);
}

/** The word papers write that a word they do not is a slip of, where both have one stem. */
function hiddenSlipOf(word: string, context: PlanContext): string | undefined {
  if (context.store.count(`surface : "${lightStemOf(word)}"`) > 0) return undefined;
  const fixed = correctionOf(word, context);
  return fixed !== undefined && stemOf(fixed) === stemOf(word) ? fixed : undefined;
}

/** Two letters side by side swapped ("agnet" for "agent"). */
function isSwap(typed: string, word: string): boolean {
  const at = [...typed].findIndex((letter, i) => letter !== word[i]);
  return at >= 0 && `${typed.slice(0, at)}${typed[at + 1] ?? ""}${typed[at]}${typed.slice(at + 2)}` === word;
}

/** A slip of the same length that is no swap: a letter changed for another. */
const changesLetters = (typed: string, word: string) =>
  typed !== word && typed.length === word.length && !isSwap(typed, word);

/** Whether a run of typed words names someone exactly ("Rui Zheng", "Zheng Rui"). */
const personNamed = (words: readonly string[], people: PeopleIndex) =>
  words.every((word) => /^\p{L}[\p{L}'-]*$/u.test(word)) && people.exactly(words.join(" ")) !== undefined;

/**
 * A word naming people more than it names a topic: more papers are by someone so named than hold the word. Never a
 * stop word, which no paper holds as a term ("The" of "The Agent Consortium"), nor an initial ("E." of "E. Zhou",
 * which "E. L. Berger" has too).
 */
function isNamePart(word: string, store: IndexStore): boolean {
  if (!/^\p{L}{2,}$/u.test(word) || isSymbol(word) || isStopWord(foldedText(word))) return false;
  const keys = store.personKeysWithToken(personKey(word));
  if (keys.length === 0) return false;
  const byThem = store.people(keys).reduce((sum, person) => sum + person.papers, 0);
  return byThem > store.termPapers(stemOf(foldedText(word)));
}

/** The names among words (runs `nameAt` measures: 0 where none starts), and the words left. */
function namesIn(words: readonly string[], nameAt: (at: number) => number) {
  const names: string[] = [];
  const rest: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const length = nameAt(at);
    if (length > 0) names.push(words.slice(at, at + length).join(" "));
    else rest.push(words[at] ?? "");
    at += Math.max(0, length - 1);
  }
  return { names, rest };
}

/** An initial, as a reference writes authors ("E. Zhou", "Zhou, E."): one capital letter. */
const isInitial = (word: string | undefined) => word !== undefined && /^\p{Lu}$/u.test(word);

/**
 * Names among the words: two or three naming someone exactly, or one naming people more than a topic, with the
 * initial a reference writes before or after it ("E. Zhou", "Zhou, E."), read as "E Zhou".
 */
function namesAmong(words: string[], { store, people }: PlanContext) {
  const found = namesIn(words, (at) => {
    const length = [3, 2, 1].find((length) => {
      const run = words.slice(at, at + length);
      if (run.length < length) return false;
      return length > 1 ? personNamed(run, people) : isNamePart(run[0] ?? "", store);
    });
    if (length === 1 && isInitial(words[at + 1])) return 2;
    if (length === undefined && isInitial(words[at]) && isNamePart(words[at + 1] ?? "", store)) return 2;
    return length ?? 0;
  });
  const initialFirst = (name: string) => name.replace(/^(\S+) (\p{Lu})$/u, "$2 $1");
  return { ...found, names: found.names.map(initialFirst) };
}

/** An unquoted `author:` name goes on while the words after it name someone: "author:Enyu Zhou reward". */
function authorNamesOf(parsed: ParsedQuery, people: PeopleIndex): { authors: string[]; words: string[] } {
  const taken = new Set<number>();
  const authors = parsed.authors.map((name, at) => {
    const next = parsed.authorGoesOn.get(at);
    if (next === undefined) return name;
    const length = [2, 1].find((n) => {
      const run = parsed.words.slice(next, next + n);
      return run.length === n && personNamed([name, ...run], people);
    });
    if (length === undefined) return name;
    for (let word = next; word < next + length; word++) taken.add(word);
    return [name, ...parsed.words.slice(next, next + length)].join(" ");
  });
  return { authors, words: parsed.words.filter((_, at) => !taken.has(at)) };
}

/** A word written as a name is: a capital, then small letters ("Enyu", "Wen-Xiang"); never a stop word ("The"). */
const isNameWord = (word: string) =>
  /^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)*$/u.test(word) && !isStopWord(foldedText(word));

/**
 * "… by Enyu Zhou": up to three capitalised words after "by" are a name when they name someone (or a slip of one), or
 * are two or more with one in no paper (nobody here); else words ("alignment by Direct Preference Optimization").
 */
function bylinesOf(words: string[], context: PlanContext) {
  return namesIn(words, (at) => {
    if (words[at - 1]?.toLowerCase() !== "by") return 0;
    let length = 0;
    while (length < 3 && isNameWord(words[at + length] ?? "")) length++;
    const run = words.slice(at, at + length);
    if (run.length === 0) return 0;
    const reading = context.people.read(run.join(" "));
    const someone = reading.people.length > 0 || reading.slip !== undefined;
    const unknown = run.some((part) => papersOf(foldedText(part), context.store) === 0);
    return someone || (run.length >= 2 && unknown) ? length : 0;
  });
}

const papersOf = (word: string, store: IndexStore) => store.termPapers(stemOf(word));

/**
 * An acronym typed in capitals as papers define it, whose word mostly means something else ("NO", nitric oxide, beside
 * the word "no"): its long form, which papers writing either hold (index-text.ts). One long form only: "PD" of two is the word.
 */
function longFormMeant(typed: string, { store }: PlanContext): string[] | undefined {
  if (!/^\p{Lu}{2,}s?$/u.test(typed)) return undefined;
  const synonyms = synonymsIn(store).byShort.get(typed) ?? [];
  const [first] = synonyms;
  const stems = first?.stems.join(" ");
  if (first === undefined || synonyms.some((synonym) => synonym.stems.join(" ") !== stems)) return undefined;
  const words = searchedWordsOf(first.long);
  // Its word's other sense is most of its papers: twice the acronym's ("LLMs" no definition names is no other sense).
  return papersOf(foldedText(typed), store) > 2 * store.count(termMatch({ words })) ? words : undefined;
}

/** Two words run together ("syntheticdata"): the cut where the most papers write the two side by side. */
function splitOf(word: string, store: IndexStore): string[] | undefined {
  // Past two long words' length, it is no slip of the space bar (and each cut costs two lookups).
  if (word.length > 30) return undefined;
  let best: { words: string[]; papers: number } | undefined;
  for (let at = 2; at <= word.length - 2; at++) {
    const words = [word.slice(0, at), word.slice(at)];
    if (words.some((part) => isStopWord(part) || papersOf(part, store) === 0)) continue;
    const papers = store.count(phraseMatch(words));
    if (papers > (best?.papers ?? 0)) best = { words, papers };
  }
  return best?.words;
}

export function planOf(parsed: ParsedQuery, context: PlanContext): Plan {
  if (parsed.alternatives === undefined) return sidePlanOf(parsed, context);
  // The sides share the words a query may have (the first is always read): each side is a search of its own.
  const alternatives: Plan[] = [];
  let words = 0;
  for (const side of parsed.alternatives) {
    words += side.words.length + side.phrases.length;
    if (words > context.defaults.maxWords && alternatives.length > 0) break;
    alternatives.push(sidePlanOf(side, context));
  }
  // Every side holds the query's exclusions and years (parseQuery gives them to each).
  const [first] = alternatives;
  if (first === undefined) return sidePlanOf(parsed, context);
  const { excluded, years, newest } = first;
  const all = <T>(list: (plan: Plan) => T[]) => alternatives.flatMap(list);
  return {
    terms: all((plan) => plan.terms),
    missing: all((plan) => plan.missing),
    missingWeight: idfOf(0.5, context.papers),
    phrases: all((plan) => plan.phrases),
    phraseWeight: alternatives.reduce((sum, plan) => sum + plan.phraseWeight, 0),
    excluded,
    // Each side's names are its own (search.ts reads them side by side).
    authors: [],
    named: [],
    ...(years === undefined ? {} : { years }),
    ...(parsed.yearsUnknown || alternatives.some((plan) => plan.yearsUnknown)
      ? { yearsUnknown: true as const }
      : {}),
    newest,
    alternatives,
  };
}

function sidePlanOf(parsed: ParsedQuery, context: PlanContext): Plan {
  const { store, papers: total, defaults } = context;
  const authored = authorNamesOf(parsed, context.people);
  // Only a hyphen joins words into one term ("PPO-max"); other marks between letters part them ("NEAR(reward").
  const typedWords = authored.words.flatMap((word) =>
    word.split(/[^\p{L}\p{N}-]+/u).filter((part) => part !== ""),
  );
  const bylines = bylinesOf(typedWords.slice(0, defaults.maxWords), context);
  const among = namesAmong(bylines.rest, context);
  const names = [...bylines.names, ...among.names];
  const { rest } = among;
  const terms: Term[] = [];
  const missing: string[] = [];
  const excluded = new Set(parsed.excluded.map((text) => searchedWordsOf(text).join(" ")));
  const seen = new Set<string>();
  const knows = (word: string) => papersOf(word, store) > 0;
  for (let at = 0; at < rest.length; at++) {
    let typed = rest[at] ?? "";
    let words = searchedWordsOf(typed);
    // Two words the corpus writes as one ("agent gym" → AgentGym), where one of them alone is unknown.
    const next = rest[at + 1];
    if (next !== undefined && words.length === 1 && searchedWordsOf(next).length === 1) {
      const joined = `${words[0]}${searchedWordsOf(next)[0]}`;
      if ((!knows(words[0] ?? "") || !knows(searchedWordsOf(next)[0] ?? "")) && knows(joined)) {
        typed = `${typed} ${next}`;
        words = [joined];
        at += 1;
      }
    }
    // A word typed twice is the word once; a word also excluded is excluded.
    const key = words.join(" ");
    if (words.length === 0 || seen.has(key) || excluded.has(key)) continue;
    seen.add(key);
    const joined = words.length > 1 ? words.join("") : undefined;
    const joinedKnown = joined !== undefined && knows(joined);
    /** The papers holding a term: its rarest word's, or its joined form's where more papers write that. */
    const term = (found: string[], corrected: boolean, more: Partial<Term> = {}): Term => {
      const joinedPapers = more.joined === undefined ? 0 : papersOf(more.joined, store);
      const papers =
        more.papers ?? Math.max(Math.min(...found.map((word) => papersOf(word, store))), joinedPapers);
      return { typed, words: found, ...more, corrected, papers, weight: idfOf(papers, total) };
    };
    const longForm = longFormMeant(typed, context);
    if (longForm !== undefined) {
      terms.push(term(longForm, false));
      continue;
    }
    const known = words.every(knows);
    // A slip the stemmer hides ("reinforcment" is "reinforc"): no paper writes it, a word of its stem a slip away.
    const hidden =
      known && words.length === 1 && !isSymbol(typed) ? hiddenSlipOf(words[0] ?? "", context) : undefined;
    if (hidden !== undefined) {
      terms.push(term([hidden], true));
      continue;
    }
    if (known || joinedKnown) {
      terms.push(known ? term(words, false, joinedKnown ? { joined } : {}) : term([joined ?? ""], false));
      continue;
    }
    // A word no paper writes stands for the words it starts ("math": mathematical), unless it is a slip of one.
    const starts = words.length === 1 && !isSymbol(typed) ? startsOf(words[0] ?? "", context) : [];
    const slipped = starts.some((start) => start.length - typed.length <= editsFor(typed.length, defaults));
    if (starts.length > 0 && !slipped) {
      const papers = store.count(termMatch({ words, starts }, defaults.prefixFrom));
      terms.push(term(words, false, { starts, papers }));
      continue;
    }
    const split = words.length === 1 && !isSymbol(typed) ? splitOf(words[0] ?? "", store) : undefined;
    if (split !== undefined) {
      terms.push(term(split, true));
      continue;
    }
    const fixed = isSymbol(typed)
      ? []
      : words.map((word) => (knows(word) ? word : correctionOf(word, context)));
    if (fixed.length > 0 && fixed.every((word) => word !== undefined)) {
      const found = fixed.filter((word): word is string => word !== undefined && !isStopWord(word));
      const changed = words.some((word, i) => changesLetters(word, fixed[i] ?? word));
      if (found.length > 0) terms.push(term(found, true, { changed }));
      continue;
    }
    // A compound misremembered as a whole ("SAP-VL" for SPA-VL), never a symbol ("YAP1-TAZ").
    const whole = joined !== undefined && !/\d/.test(typed) ? correctionOf(joined, context) : undefined;
    if (whole !== undefined)
      terms.push(term([whole], true, { changed: changesLetters(joined ?? "", whole) }));
    // A letter alone no paper holds says nothing of a topic (a reference's "[J]", an initial away from its name).
    else if ([...typed].length > 1) missing.push(typed);
  }
  const phrasesOf = (texts: readonly string[]) =>
    texts.map(searchedWordsOf).filter((words) => words.length > 0);
  const pairsBeside = (at: number) =>
    [at - 1, at].flatMap((first) => {
      const [one, two] = [terms[first], terms[first + 1]];
      return one && two ? [[...one.words, ...two.words]] : [];
    });
  const writtenBeside = (at: number) => pairsBeside(at).some((words) => store.count(phraseMatch(words)) > 0);
  // A bare year is when the papers are from ("malaria 2020", "published in 2024", though some abstract writes 2020),
  // unless papers write it beside a word typed next to it: an edition's year ("AIME 2024", "COCO 2017"). Where no
  // paper has a year, it is left out, and the answer says so.
  const datable = parsed.years === undefined;
  const yearTerms = datable ? terms.filter((term, at) => isYear(term.typed) && !writtenBeside(at)) : [];
  for (const term of yearTerms) terms.splice(terms.indexOf(term), 1);
  const bareYears = [...(datable ? missing.filter(isYear) : []), ...yearTerms.map((term) => term.typed)];
  for (const year of bareYears) if (missing.includes(year)) missing.splice(missing.indexOf(year), 1);
  const dated = store.dated();
  const asked = dated ? bareYears.map(Number) : [];
  const years = asked.length > 0 ? { from: Math.min(...asked), to: Math.max(...asked) } : parsed.years;
  // A correction no paper holds beside the rarest word typed right is no reading of the query ("inference foster").
  const rarest = terms.filter((term) => !term.corrected).sort((a, b) => a.papers - b.papers)[0];
  // A letter changed for another most often makes another word: it counts only beside a word typed next to it in some
  // paper ("reward hacking" is not "reward lacking"; "rewatd models" is "reward models").
  const besideNeighbour = (at: number) => pairsBeside(at).length === 0 || writtenBeside(at);
  const read = terms.filter((term, at) => {
    if (!term.corrected || rarest === undefined) return true;
    const together = store.count(`${termMatch(term)} AND ${termMatch(rarest)}`);
    const reads = together > 0 && (term.changed !== true || besideNeighbour(at));
    if (!reads) missing.push(term.typed);
    return reads;
  });
  // A letter or digit alone ("vitamin D", "type 2") counts beside other words, never as the whole query.
  const alone = read.every((term) => term.words.join("").length < 2);
  const phrases = phrasesOf(parsed.phrases);
  return {
    terms: alone ? [] : read,
    missing,
    missingWeight: idfOf(0.5, total),
    phrases,
    phraseWeight: phrases.flat().reduce((sum, word) => sum + idfOf(papersOf(word, store), total), 0),
    excluded: phrasesOf(parsed.excluded),
    authors: [...authored.authors, ...names],
    named: names,
    ...(years === undefined ? {} : { years }),
    ...(asked.length > 0 ? { yearsBare: true as const } : {}),
    ...(parsed.yearsUnknown || (!dated && bareYears.length > 0) ? { yearsUnknown: true as const } : {}),
    newest: parsed.newest,
  };
}

/** The query as searched: each corrected word replaced by its correction. */
export function showingFor(query: string, plan: Plan): string | undefined {
  const corrected = plan.terms.filter((term) => term.corrected);
  if (corrected.length === 0) return undefined;
  return corrected.reduce((shown, term) => shown.replace(term.typed, term.words.join(" ")), query);
}

/** The commonest words of the corpus as written and the English function words, in a tree for near lookups. */
export function vocabularyMap(store: IndexStore, defaults: SearchDefaults): SearchableMap<number> {
  const common = eng.map((word): [string, number] => [word, Number.MAX_SAFE_INTEGER]);
  return SearchableMap.from([...store.commonestWords(defaults.typoWords), ...common]);
}
