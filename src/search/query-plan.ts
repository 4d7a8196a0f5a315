import { acronymGroup } from "./acronym-group.js";
import { foldedWordsOf, isStopWord, isUnambiguous, longFormsAt, termOf } from "./analyze.js";
import { confirmedGroups, correctionOf } from "./corrections.js";
import { isEnglishWord } from "./english.js";
import { joinedWordsOf } from "./joined-words.js";
import { namedAuthorsOf, type Unit } from "./named-authors.js";
import type { PlanContext, QueryPlan, WordGroup } from "./plan-types.js";
import type { ParsedQuery } from "./query.js";
import { type Dictionary, exactFormsOf, relatedFormsOf } from "./terms.js";

/**
 * The plan context, with whether the corpus knows a word (as written or by its stem) and how many papers are by
 * the people some words name, each asked once per query.
 */
interface Reading extends PlanContext {
  known(word: string): boolean;
  /** A word the corpus does not know, read as a slip (correctionOf), once per plan. */
  slipOf(word: string): WordGroup | undefined;
}

function onceEach<T>(ask: (key: string) => T): (key: string) => T {
  const answers = new Map<string, { value: T }>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = { value: ask(key) };
      answers.set(key, answer);
    }
    return answer.value;
  };
}

function readingOf(context: PlanContext): Reading {
  // A word's paper count is asked for by several readings of it (known, a slip the stemmer forgives, its forms).
  const dictionary: Dictionary = {
    papers: onceEach((word) => context.dictionary.papers(word)),
    near: (word, maxDistance, atFirstLetter) => context.dictionary.near(word, maxDistance, atFirstLetter),
    completions: (prefix, limit) => context.dictionary.completions(prefix, limit),
  };
  return {
    ...context,
    dictionary,
    known: onceEach((word) => dictionary.papers(word) > 0 || context.knownStem([word])),
    namedPapers: onceEach(context.namedPapers),
    slipOf: onceEach((word) => correctionOf(word, dictionary)),
  };
}

const maxUnits = 16;
const maxCompletions = 12;
/**
 * Words that name what is searched, not a topic ("the PPO-max paper", "methods for improving reasoning"): left out
 * beside other words, so that a paper on the topic is not ranked below one that also happens to say "improve".
 */
const fillers = new Set([
  "paper",
  "papers",
  "article",
  "articles",
  "preprint",
  "preprints",
  "publication",
  "publications",
  "methods",
  "approaches",
  "techniques",
  "ways",
  "improve",
  "improves",
  "improving",
  "enhance",
  "enhancing",
  "boost",
  "boosting",
  "make",
  "making",
  "thing",
  "things",
  "stuff",
  "something",
  "anything",
]);

/** The words to look for, each once: a word typed twice is asked for once, and one also excluded is not asked for. */
function unitsOf(tokens: readonly string[], excluded: readonly string[], ignored: string[]): Unit[] {
  const units: Unit[] = [];
  const excludedKeys = new Set(excluded.map((text) => foldedWordsOf(text).join(" ")));
  const byKey = new Map<string, Unit>();
  const add = (key: string, unit: Unit) => {
    if (excludedKeys.has(key)) return;
    const earlier = byKey.get(key);
    // "agent agent*": the word once, finished as a prefix where one copy asked for that.
    if (earlier !== undefined && "word" in earlier && "word" in unit) earlier.prefix ||= unit.prefix;
    if (earlier !== undefined) return;
    byKey.set(key, unit);
    units.push(unit);
  };
  const topical = (word: string) => word.length > 1 && !isStopWord(word) && !fillers.has(word);
  const withTopic = tokens.some((token) => foldedWordsOf(token).some(topical));
  for (const token of tokens) {
    const pieces = foldedWordsOf(token);
    if (pieces.length > 1) {
      if (pieces.every((piece) => piece.length === 1)) ignored.push(pieces.join("."));
      else add(pieces.join(" "), { compound: pieces });
    } else if (pieces[0] !== undefined) {
      const word = pieces[0];
      if (word.length === 1 || isStopWord(word) || (withTopic && fillers.has(word))) ignored.push(word);
      else add(word, { word, prefix: token.endsWith("*") });
    }
  }
  return units.slice(0, maxUnits);
}

/** A slip the stemmer forgives ("reinforcment" stems as "reinforcement" does): found the same, shown as meant. */
function stemSlipOf(word: string, context: Reading): WordGroup | undefined {
  if (!context.known(word) || context.dictionary.papers(word) > 0 || isEnglishWord(word)) return undefined;
  const slip = context.slipOf(word);
  if (slip === undefined || slip.stopWord !== undefined || termOf(slip.shown) !== termOf(word))
    return undefined;
  // Read as that one word: the other words of the query have nothing to confirm.
  return { ...slip, candidates: [], furtherCandidates: undefined };
}

function wordGroupOf(
  unit: { word: string; prefix: boolean },
  last: boolean,
  context: Reading,
  guess: boolean,
): WordGroup | undefined {
  if (!guess && !context.known(unit.word)) return undefined;
  return readWord(unit, last, context);
}

function readWord(
  unit: { word: string; prefix: boolean },
  last: boolean,
  context: Reading,
): WordGroup | undefined {
  const { word } = unit;
  const { dictionary } = context;
  const plain = (alternatives: string[][], exact: string[] = []): WordGroup => ({
    typed: word,
    shown: word,
    alternatives,
    exact,
    related: () => [],
    corrected: false,
    expansions: [],
  });
  const known = context.known(word);
  const meanings = context.acronyms.byShort.get(termOf(word) ?? "") ?? [];
  if (meanings.length > 0) return acronymGroup(word, meanings, context.acronyms, word);
  if (unit.prefix || (last && !known && word.length >= 3)) {
    const completions = dictionary
      .completions(word, maxCompletions * 2)
      .filter((c) => !isStopWord(c.word))
      .slice(0, maxCompletions)
      .map((c) => [c.word]);
    if (known && !completions.some(([c]) => c === word)) completions.unshift([word]);
    if (completions.length > 0) {
      // An English word the corpus lacks may be a slip the rest of the query confirms ("reward modes" is
      // reward models, not "modest"); unconfirmed, it is finished as typed so far ("reinforce").
      const slip = unit.prefix || known || !isEnglishWord(word) ? undefined : context.slipOf(word);
      return slip?.realWord ? { ...slip, otherwise: plain(completions) } : plain(completions);
    }
  }
  const stemmed = stemSlipOf(word, context);
  if (stemmed !== undefined) return stemmed;
  if (known) {
    let related: string[] | undefined;
    const lookup = () => (related ??= relatedFormsOf(word, dictionary, maxCompletions));
    return { ...plain([[word]], exactFormsOf(word, dictionary)), related: lookup };
  }
  return context.slipOf(word) ?? joinedWordsOf(word, context);
}

/** A phrase remembered from a paper is a few words long; a longer question is not searched word for word. */
const maxRunWords = 6;

/** The words as typed, when each group still reads its word as typed (no slip, nothing missing). */
function typedRunOf(words: readonly string[], groups: readonly WordGroup[], missing: readonly string[]) {
  const run = words.flatMap(foldedWordsOf);
  const literal = groups.every(
    (g) => !g.corrected && g.alternatives.some((alternative) => alternative.join(" ") === g.typed),
  );
  return literal && missing.length === 0 && groups.length >= 2 && run.length <= maxRunWords ? run : undefined;
}

const isUnconfirmedWord = (group: WordGroup) => group.realWord === true && group.alternatives.length === 0;

/** The plan of a parsed query: acronyms both ways, typos corrected where the corpus does not know a word. */
export function queryPlanOf(parsed: ParsedQuery, planContext: PlanContext): QueryPlan {
  const context = readingOf(planContext);
  const ignored: string[] = [];
  const unknownInText = (unit: Unit) =>
    "word" in unit ? !context.known(unit.word) : !context.knownStem(unit.compound);
  // A word known only by its stem counts as one its stem-mates are in; a compound the text lacks, as in none.
  const textPapers = (unit: Unit) =>
    "word" in unit
      ? Math.max(context.dictionary.papers(unit.word), unknownInText(unit) ? 0 : 1)
      : unknownInText(unit)
        ? 0
        : Number.POSITIVE_INFINITY;
  const {
    names,
    slips,
    rest: units,
  } = namedAuthorsOf(unitsOf(parsed.words, parsed.excluded, ignored), {
    textPapers,
    namedPapers: context.namedPapers,
    nearNames: context.nearNames,
  });
  const groups: WordGroup[] = [];
  const [missing, undated]: [string[], string[]] = [[], []];
  // Mostly unknown words are noise (a pasted string, a cat on the keyboard), not typos to guess at.
  const unknown = units.filter(unknownInText).length;
  const guess = !(units.length >= 4 && unknown * 2 > units.length);
  // A slip is read as its likeliest word here, so that "reinforcement lerning" is the long form of RL too.
  const readAs = (word: string) => {
    const slip = !guess ? undefined : context.known(word) ? stemSlipOf(word, context) : context.slipOf(word);
    return slip === undefined || slip.realWord || slip.stopWord ? word : slip.shown;
  };
  const read = units.map((u) => ("word" in u ? (u.prefix ? u.word : readAs(u.word)) : ""));
  const stems = read.map((word) => termOf(word) ?? "");
  for (let at = 0; at < units.length; at++) {
    const unit = units[at];
    if (unit === undefined) break;
    const longForms = longFormsAt(stems, at, context.acronyms);
    const longest = longForms[0];
    if (longest !== undefined) {
      const length = longest.longTerms.length;
      const spans = units.slice(at, at + length).map((u) => ("word" in u ? u.word : ""));
      const matched = longForms.filter((entry) => entry.longTerms.length === length);
      const unambiguous = matched.filter((entry) => isUnambiguous(context.acronyms, entry.shortTerm));
      const group = acronymGroup(
        spans.join(" "),
        unambiguous.length > 0 ? unambiguous : matched,
        context.acronyms,
      );
      const shown = read.slice(at, at + length).join(" ");
      groups.push(shown === group.typed ? group : { ...group, shown, corrected: true });
      at += length - 1;
      continue;
    }
    if ("compound" in unit) {
      const typed = unit.compound.join(" ");
      if (context.knownStem(unit.compound)) {
        const group = { typed, shown: typed, alternatives: [unit.compound], exact: [], related: () => [] };
        groups.push({ ...group, corrected: false, expansions: [] });
        continue;
      }
      // A compound is one term: as the corpus writes it joined ("PPO-max" is also "ppomax"), a slip in any
      // part is corrected on the whole ("Sestuing-RL" → Senstuing-RL), before its parts are read alone.
      const joined = unit.compound.join("");
      const whole = guess ? readWord({ word: joined, prefix: false }, false, context) : undefined;
      if (whole !== undefined && (whole.corrected || context.dictionary.papers(joined) > 0)) {
        groups.push(whole);
        continue;
      }
      // A compound the corpus never writes is searched as its words.
      for (const word of unit.compound.filter((w) => w.length > 1 && !isStopWord(w))) {
        const group = wordGroupOf({ word, prefix: false }, false, context, guess);
        if (group) groups.push(group);
        else missing.push(word);
      }
      continue;
    }
    const group = wordGroupOf(unit, at === units.length - 1, context, guess);
    if (group) groups.push(group);
    // Papers carry no dates: a year no paper holds ("RLHF papers from 2023") is left out, and the answer says so.
    else (/^(?:19|20)\d\d$/.test(unit.word) ? undated : missing).push(unit.word);
  }
  const phrasesOf = (texts: readonly string[]) =>
    texts.map(foldedWordsOf).filter((words) => words.some((w) => w.length > 1 || words.length > 1));
  // Leaving out every paper that says "and" leaves nothing: exclusions need a word that means something.
  const meaningful = (words: string[]) => words.some((w) => w.length > 1 && !isStopWord(w));
  const confirmed = confirmedGroups(groups, context);
  const stopSlips = confirmed.flatMap((g) =>
    g.stopWord !== undefined && g.alternatives.length === 0 ? [{ typed: g.typed, stopWord: g.stopWord }] : [],
  );
  ignored.push(...stopSlips.map((slip) => slip.typed));
  // With a name read out of them, the words left are not the query word for word.
  const run = names.length === 0 ? typedRunOf(parsed.words, confirmed, missing) : undefined;
  return {
    ...(run ? { run } : {}),
    groups: confirmed.filter((g) => g.alternatives.length > 0),
    stopSlips,
    nameSlips: slips,
    missing: [...new Set([...missing, ...confirmed.filter(isUnconfirmedWord).map((g) => g.typed)])],
    undated,
    phrases: phrasesOf(parsed.phrases),
    excluded: phrasesOf(parsed.excluded).filter(meaningful),
    authors: parsed.authors,
    named: names,
    ignored,
    noise: !guess,
  };
}
