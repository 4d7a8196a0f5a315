import type { AcronymTable } from "./analyze.js";
import { isEnglishWord } from "./english.js";
import type { AbstractLength } from "./lengths.js";
import { allOf, anyPhraseOf, phraseOf } from "./match.js";
import { asWrittenIn } from "./names.js";
import {
  aloneNotice,
  coauthorsNotice,
  emptyQueryNotice,
  expansionNotice,
  missingWordsNotice,
  namedAuthorsNotice,
  nobodyOnNotice,
  noPapersByNotice,
  onlyExclusionsNotice,
  someWordsNotice,
  stopWordsNotice,
  undatedNotice,
  unknownAuthorNotice,
} from "./notices.js";
import { isOffTopic } from "./off-topic.js";
import type { PeopleIndex } from "./people.js";
import type { PlanContext, QueryPlan } from "./plan-types.js";
import { isBlankQuery, type ParsedQuery, parseQuery } from "./query.js";
import { queryPlanOf } from "./query-plan.js";
import { type Matches, matchesOf } from "./ranking.js";
import { FEW_PAPERS, matchesAmongFew } from "./ranking-few.js";
import { asTypedIn, hitsOf, marksOf, showingFor } from "./shown.js";
import { wordMarks } from "./snippet.js";
import type { IndexStore, PersonRow } from "./store-read.js";
import { type Dictionary, forgivenEdits } from "./terms.js";
import type { SearchOptions, SearchResult } from "./types.js";
import type { Evidence } from "./who.js";
import { mostWrittenOf } from "./word-runs.js";

export interface SearchContext {
  store: IndexStore;
  dictionary: Dictionary;
  acronyms: AcronymTable;
  people: PeopleIndex;
  papers: number;
  /** The mean length of an abstract, which BM25's length norm is taken against. */
  lengths: AbstractLength;
  /** Authors with at most this many papers are searched among their papers one by one (FEW_PAPERS). */
  fewPapers?: number;
}

/** The people a search must find papers of: their keys, their papers between them (at most), by each name. */
interface Authors {
  keys: string[];
  papers: number;
  byName: Map<string, PersonRow[]>;
  /** Two names or more, with papers by someone of each: only those are theirs (else the papers of any of them). */
  only?: ReadonlySet<number>;
}

/** How the papers of several names were taken: together, or (none being together) either's. */
const togetherOf = ({ byName, only }: Authors) =>
  byName.size < 2 ? undefined : only === undefined ? ("either" as const) : ("joint" as const);

const noMatches: Matches = { total: 0, groups: 0, least: 0, withAll: 0, top: [] };
const defaultLimit = 10;
const maxSuggestions = 3;

export function createSearch(context: SearchContext) {
  const { store, dictionary, people } = context;
  const planContext: PlanContext = {
    dictionary,
    acronyms: context.acronyms,
    knownStem: (words) => words.length > 0 && store.anyMatch(phraseOf(words)),
    namedPapers: (name) => people.matching(name).reduce((sum, person) => sum + person.papers, 0),
    nearNames: (name) => {
      const found = people.resolve(name);
      return found.kind === "notFound" ? found.suggestions.map((person) => person.name) : [];
    },
    holdsAll: (lists) => store.anyMatch(allOf(lists.map(anyPhraseOf))),
    mostWrittenOf: (phrases) => mostWrittenOf(store, phrases),
  };
  const planOf = (parsed: ParsedQuery) => queryPlanOf(parsed, planContext);
  /** The people each of the plan's names means (`author:"…"` and names among the words), or the first that is nobody's. */
  const authorsOf = (plan: QueryPlan): Authors | { unknown: string } | undefined => {
    const names = [...plan.authors, ...plan.named];
    if (names.length === 0) return undefined;
    const byName = new Map<string, PersonRow[]>();
    for (const name of names) {
      const named = people.matching(name);
      if (named.length === 0) return { unknown: name };
      byName.set(name, named);
    }
    const papersByKey = new Map([...byName.values()].flat().map((person) => [person.key, person.papers]));
    const papers = [...papersByKey.values()].reduce((a, b) => a + b, 0);
    const authors = { keys: [...papersByKey.keys()], papers, byName };
    if (byName.size < 2) return authors;
    // "papers by Enyu Zhou and Rui Zheng": theirs together, as the words of a topic are all looked for first.
    const [first, ...others] = [...byName.values()].map(
      (named) => new Set(store.papersOfAny(named.map((person) => person.key))),
    );
    const joint = [...(first ?? [])].filter((rowid) => others.every((theirs) => theirs.has(rowid)));
    return joint.length === 0 ? authors : { ...authors, only: new Set(joint) };
  };
  const corpus = { papers: context.papers, lengths: context.lengths };
  const matchesFor = (plan: QueryPlan, offset: number, limit: number, authors?: string[]): Matches =>
    matchesOf(store, plan, { offset, limit, ...corpus, ...(authors ? { authors } : {}) });
  /** The matches among the papers of the plan's authors: paper by paper when they have few. */
  const authorMatchesFor = (
    plan: QueryPlan,
    offset: number,
    limit: number,
    { keys, papers, only }: Authors,
  ) =>
    only !== undefined || papers <= (context.fewPapers ?? FEW_PAPERS)
      ? matchesAmongFew(store, plan, keys, {
          offset,
          limit,
          papers,
          corpus: context.papers,
          lengths: context.lengths,
          ...(only ? { only } : {}),
        })
      : matchesFor(plan, offset, limit, keys);

  /** Each name as the people it means write it ("zheng": Zheng), with those people's names. */
  const namedPeopleOf = (names: readonly string[], { byName }: Authors) =>
    names.map((name) => {
      const people = (byName.get(name) ?? []).map((person) => person.name);
      return { name: asWrittenIn(name, people[0] ?? ""), people };
    });
  /** "Papers by Rui Zheng." for names read among the words (or two typed filters), from the people they mean. */
  const namedNoticeOf = (plan: QueryPlan, authors: Authors): string | undefined =>
    plan.named.length === 0 && plan.authors.length < 2
      ? undefined
      : namedAuthorsNotice(namedPeopleOf([...plan.authors, ...plan.named], authors), togetherOf(authors));
  /**
   * The papers who reads as evidence: with names in the topic ("reward models with Rui Zheng"), those of
   * theirs on it, whose other authors are the answer; where they have none, everyone's, and the notice says so.
   */
  const evidenceFor = (plan: QueryPlan, limit: number): Evidence => {
    const found = authorsOf(plan);
    if (found === undefined && isOffTopic(store, dictionary, plan, context.papers))
      return { matches: noMatches, leaving: [], notice: nobodyOnNotice(plan.missing) };
    if (found === undefined) {
      const notice = undatedNotice(plan.undated);
      return { matches: matchesFor(plan, 0, limit), leaving: [], ...(notice ? { notice } : {}) };
    }
    if ("unknown" in found)
      return { matches: noMatches, leaving: [], notice: unknownAuthorNotice(found.unknown) };
    const named = namedPeopleOf([...plan.authors, ...plan.named], found);
    const theirs = authorMatchesFor(plan, 0, limit, found);
    if (theirs.total > 0)
      return {
        matches: theirs,
        leaving: found.keys,
        notice: coauthorsNotice(named),
        alone: aloneNotice(named),
      };
    return { matches: matchesFor(plan, 0, limit), leaving: [], notice: noPapersByNotice(named) };
  };

  /** Papers of the named authors alone, first-author ones first. */
  const authorPapers = (plan: QueryPlan, { keys, only }: Authors, offset: number, limit: number) => {
    let rowids = store.papersOfAny(keys).filter((rowid) => only === undefined || only.has(rowid));
    if (plan.excluded.length > 0) {
      const excluded = store.holding(anyPhraseOf(plan.excluded), rowids);
      rowids = rowids.filter((rowid) => !excluded.has(rowid));
    }
    const page = rowids.slice(offset, offset + limit).map((rowid) => ({ rowid, score: 0 }));
    return { total: rowids.length, hits: hitsOf(store, page, wordMarks([])) };
  };

  /** Queries close to one that found nothing or lacked a word, in which every word is found. */
  const suggestionsFor = (query: string, plan: QueryPlan): string[] => {
    const unknown = [...plan.missing, ...plan.groups.filter((g) => g.corrected).map((g) => g.typed)];
    if (unknown.length > maxSuggestions) return [];
    const options = unknown.map((word) => {
      // An English word the corpus lacks is offered only words one slip away ("prediction" is not "reduction").
      const edits = Math.max(forgivenEdits(word), Math.min(2, word.length - 2));
      const english = isEnglishWord(word);
      const near = dictionary.near(word, english ? Math.min(1, edits) : edits, !english);
      const longer = word.length >= 3 ? dictionary.completions(word, 2) : [];
      return [...near.slice(0, 2), ...longer].map((c) => c.word).filter((c) => c !== word);
    });
    // Counted, not ranked: a page of none ranks nothing.
    const finds = (text: string) => search(text, { limit: 0 }, false).total > 0;
    const findsEveryWord = (text: string) => planOf(parseQuery(text)).missing.length === 0 && finds(text);
    const suggestions = new Set<string>();
    const tried = new Set([query]);
    for (let pick = 0; pick < 3 && suggestions.size < maxSuggestions; pick++) {
      let text = query;
      unknown.forEach((word, at) => {
        const replacement = options[at]?.[pick] ?? options[at]?.[0];
        if (replacement) text = text.replace(new RegExp(`\\b${word}\\b`, "iu"), replacement);
      });
      if (!tried.has(text) && findsEveryWord(text)) suggestions.add(text);
      tried.add(text);
    }
    if (plan.phrases.length > 0) {
      const loose = query.replace(/["“”„‟″«»]/g, "");
      if (loose !== query && finds(loose)) suggestions.add(loose);
    }
    return [...suggestions].slice(0, maxSuggestions);
  };

  const search = (query: string, options: SearchOptions = {}, suggest = true): SearchResult => {
    const limit = options.limit ?? defaultLimit;
    const offset = options.offset ?? 0;
    const answer = (extra: Partial<SearchResult>): SearchResult => ({
      query,
      total: 0,
      offset,
      hits: [],
      ...extra,
    });
    const parsed = parseQuery(query);
    if (isBlankQuery(parsed)) return answer({ notice: emptyQueryNotice });
    const plan = planOf(parsed);
    const found = authorsOf(plan);
    if (found !== undefined && "unknown" in found)
      return answer({ notice: unknownAuthorNotice(found.unknown) });
    const authors = found;
    if (authors === undefined && isOffTopic(store, dictionary, plan, context.papers)) {
      // Not papers that only say "learning": nothing matched, and the words the corpus has, offered alone.
      const rest = plan.groups.map((g) => asTypedIn(query, g.shown)).join(" ");
      const near = suggest ? suggestionsFor(query, plan) : [];
      return answer({ missing: plan.missing, didYouMean: [...near.slice(0, maxSuggestions - 1), rest] });
    }
    const positive = plan.groups.length > 0 || plan.phrases.length > 0;
    const nothing = () => {
      const didYouMean = suggest && !plan.noise ? suggestionsFor(query, plan) : [];
      return answer(didYouMean.length > 0 ? { didYouMean } : {});
    };
    const undated = undatedNotice(plan.undated);
    if (!positive) {
      if (plan.missing.length > 0) return nothing();
      if (authors !== undefined) {
        const papers = authorPapers(plan, authors, offset, limit);
        const shown = showingFor(query, plan, undefined);
        const notice = [namedNoticeOf(plan, authors), undated].filter(Boolean).join(" ");
        return answer({
          ...papers,
          by: authors.keys,
          withAllWords: papers.total,
          ...(shown !== undefined ? { showingFor: shown } : {}),
          ...(notice !== "" ? { notice } : {}),
        });
      }
      const why = parsed.words.length + parsed.phrases.length > 0 ? stopWordsNotice : onlyExclusionsNotice;
      return answer({ notice: undated ?? why });
    }
    let matches =
      authors === undefined
        ? matchesFor(plan, offset, limit)
        : authorMatchesFor(plan, offset, limit, authors);
    const notices: string[] = [];
    let by = authors?.keys;
    // Names read among the words ("rlhf zhiheng xi") with no such paper: everyone's, as "X by <name>" does.
    if (matches.total === 0 && authors !== undefined && plan.authors.length === 0) {
      matches = matchesFor(plan, offset, limit);
      by = undefined;
      notices.push(noPapersByNotice(namedPeopleOf(plan.named, authors)));
    } else if (authors !== undefined) {
      const named = namedNoticeOf(plan, authors);
      if (named !== undefined) notices.push(named);
    }
    if (matches.total === 0) return nothing();
    const hits = hitsOf(store, matches.top, marksOf(plan, matches.least < matches.groups));
    const expansions = plan.groups.flatMap((g) => g.expansions);
    if (expansions.length > 0) notices.push(expansionNotice(expansions));
    if (undated !== undefined) notices.push(undated);
    if (plan.missing.length > 0) notices.push(missingWordsNotice(plan.missing));
    else if (matches.least < matches.groups) notices.push(someWordsNotice(matches.withAll));
    const shown = showingFor(query, plan, offset === 0 ? hits[0]?.paper : undefined);
    // "preference noise" finds papers on preference; "preference noisy" is offered, which finds both words.
    const didYouMean =
      suggest && offset === 0 && plan.missing.length > 0 && !plan.noise ? suggestionsFor(query, plan) : [];
    return answer({
      ...(didYouMean.length > 0 ? { didYouMean } : {}),
      total: matches.total,
      hits,
      withAllWords: plan.missing.length > 0 ? 0 : matches.withAll,
      ...(notices.length > 0 ? { notice: notices.join(" ") } : {}),
      ...(shown !== undefined ? { showingFor: shown } : {}),
      ...(by !== undefined ? { by } : {}),
    });
  };

  return {
    search: (query: string, options?: SearchOptions) => search(query, options),
    planOf,
    evidenceFor,
  };
}
