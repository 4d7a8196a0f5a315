import { LRUCache } from "lru-cache";
import { synonymsIn } from "./index-text.js";
import { anyOf, type Matches, matchesOf, neededWeight, noMatches, phraseMatch } from "./match.js";
import { asWrittenIn } from "./names.js";
import {
  aloneNotice,
  coauthorsNotice,
  emptyAuthorNotice,
  emptyQueryNotice,
  missingWordsNotice,
  type NamedPeople,
  namedAuthorsNotice,
  nobodyOnNotice,
  noPapersByNotice,
  onlyExclusionsNotice,
  stopWordsNotice,
  unknownAuthorNotice,
} from "./notices.js";
import { candidateOf } from "./people.js";
import { type Plan, type PlanContext, planOf, showingFor } from "./plan.js";
import { isBlankQuery, parseQuery } from "./query.js";
import { hitsOf, marksOf } from "./snippet.js";
import type { SearchOptions, SearchResult } from "./types.js";
import type { Evidence } from "./who.js";

/** The people the plan's names mean and each name as they write it; or the first name that is nobody's. */
type Authors =
  | { keys: string[]; each: string[][]; named: NamedPeople[] }
  | { unknown: NonNullable<SearchResult["unknownAuthor"]> };

const defaultLimit = 10;

export function createSearch(context: PlanContext) {
  const { store, people, defaults } = context;
  const authorsOf = (plan: Plan): Authors | undefined => {
    if (plan.authors.length === 0) return undefined;
    const named: NamedPeople[] = [];
    const each: string[][] = [];
    for (const name of plan.authors) {
      const reading = people.read(name);
      const found = reading.slip ? [reading.slip] : reading.people;
      if (found.length === 0)
        return {
          unknown: { name, near: reading.near.map(candidateOf) },
        };
      named.push({
        name: asWrittenIn(name, found[0]?.name ?? ""),
        people: found.map((person) => person.name),
      });
      each.push(found.map((person) => person.key));
    }
    return { keys: each.flat(), each, named };
  };

  // Every match of a plan, remembered (the file never changes while open): the next page, who reading past its
  // first people, a question asked again are a slice of it, not the ranking query again (most of a search's time).
  const allMatches = new LRUCache<string, Matches>({ max: 100 });
  const matchesFor = (plan: Plan, offset: number, limit: number, keys?: readonly string[]): Matches => {
    const key = JSON.stringify([plan, keys]);
    let all = allMatches.get(key);
    if (all === undefined) {
      all = matchesOf(store, plan, defaults, keys);
      allMatches.set(key, all);
    }
    return { ...all, top: all.top.slice(offset, offset + limit) };
  };

  /** A topic the papers lack: its missing words weigh more than the policy lets go. */
  const lacking = (plan: Plan) =>
    plan.missing.length > 0 &&
    plan.terms.reduce((sum, term) => sum + term.weight, 0) < neededWeight(plan, defaults) - 1e-9;

  /** Queries close to one that found nothing: each missing word corrected more loosely, or left out. */
  const suggestionsFor = (query: string, plan: Plan): string[] => {
    const finds = (text: string) => search(text, { limit: 0 }, false).total > 0;
    const options: string[] = [];
    const rest = plan.terms.map((term) => term.typed).join(" ");
    if (plan.missing.length > 0 && rest !== "") options.push(rest);
    if (plan.phrases.length > 0) options.push(query.replace(/["“”„‟″«»]/g, ""));
    return [...new Set(options)].filter((text) => text !== query && finds(text)).slice(0, 3);
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
    if (parsed.emptyAuthor && isBlankQuery(parsed)) return answer({ notice: emptyAuthorNotice });
    if (isBlankQuery(parsed)) return answer({ notice: emptyQueryNotice });
    const plan = planOf(parsed, context);
    const authors = authorsOf(plan);
    if (authors !== undefined && "unknown" in authors)
      return answer({ notice: unknownAuthorNotice(authors.unknown.name), unknownAuthor: authors.unknown });
    const shown = showingFor(query, plan);
    const showing = shown === undefined ? {} : { showingFor: shown };
    const by = authors === undefined ? {} : { by: authors.keys };
    const positive = plan.terms.length + plan.phrases.length > 0;
    if (lacking(plan) || (!positive && plan.missing.length > 0)) {
      const didYouMean = suggest ? suggestionsFor(query, plan) : [];
      return answer({ missing: plan.missing, ...(didYouMean.length > 0 ? { didYouMean } : {}) });
    }
    if (!positive) {
      if (authors === undefined) {
        const why = parsed.words.length + parsed.phrases.length > 0 ? stopWordsNotice : onlyExclusionsNotice;
        return answer({ notice: why });
      }
      const papers = authorPapers(plan, authors.each, offset, limit);
      return answer({ ...papers, ...by, notice: namedAuthorsNotice(authors.named) });
    }
    let matches = matchesFor(plan, offset, limit, authors?.keys);
    const notices: string[] = [];
    let searchedBy = by;
    if (authors !== undefined && matches.total === 0 && plan.named.length === plan.authors.length) {
      // Names read among the words with no such paper: everyone's, and the answer says so.
      matches = matchesFor(plan, offset, limit);
      searchedBy = {};
      notices.push(noPapersByNotice(authors.named));
    } else if (authors !== undefined) notices.push(namedAuthorsNotice(authors.named));
    if (matches.total === 0) {
      const didYouMean = suggest ? suggestionsFor(query, plan) : [];
      const missing = plan.missing.length > 0 ? { missing: plan.missing } : {};
      return answer({ ...showing, ...missing, ...(didYouMean.length > 0 ? { didYouMean } : {}) });
    }
    if (plan.missing.length > 0) notices.push(missingWordsNotice(plan.missing));
    return answer({
      total: matches.total,
      hits: hitsOf(store, matches.top, marksOf(plan, matches.phrase, defaults.prefixFrom, synonymsIn(store))),
      ...(plan.missing.length > 0 ? { missing: plan.missing } : {}),
      ...(notices.length > 0 ? { notice: notices.join(" ") } : {}),
      ...showing,
      ...searchedBy,
    });
  };

  /** Papers of the named authors alone (by someone of each name), first-author ones first. */
  const authorPapers = (plan: Plan, each: readonly string[][], offset: number, limit: number) => {
    let rowids = store.papersOfAny(each.flat());
    if (each.length > 1) {
      const theirs = each.map((keys) => new Set(store.papersOfAny(keys)));
      rowids = rowids.filter((rowid) => theirs.every((papers) => papers.has(rowid)));
    }
    if (plan.excluded.length > 0) {
      const excluded = store.holding(anyOf(plan.excluded.map(phraseMatch)), rowids);
      rowids = rowids.filter((rowid) => !excluded.has(rowid));
    }
    const page = rowids.slice(offset, offset + limit).map((rowid) => ({ rowid, score: 0 }));
    return { total: rowids.length, hits: hitsOf(store, page, marksOf(plan)) };
  };

  /** Who's evidence: with names in the topic, their papers on it (others are the answer); with none, everyone's. */
  const evidenceFor = (topic: string, limit: number): Evidence & { plan: Plan } => {
    const plan = planOf(parseQuery(topic), context);
    const none = (notice: string) => ({ plan, matches: noMatches, leaving: [], notice });
    const positive = plan.terms.length + plan.phrases.length > 0;
    // Only a name ("who enyu zhou"): no topic, and no notice, so the answer can offer their papers.
    if (!positive && plan.missing.length === 0) return { plan, matches: noMatches, leaving: [] };
    if (lacking(plan) || !positive) return none(nobodyOnNotice(plan.missing));
    const authors = authorsOf(plan);
    if (authors !== undefined && "unknown" in authors) return none(unknownAuthorNotice(authors.unknown.name));
    if (authors === undefined) return { plan, matches: matchesFor(plan, 0, limit), leaving: [] };
    const theirs = matchesFor(plan, 0, limit, authors.keys);
    if (theirs.total > 0)
      return {
        plan,
        matches: theirs,
        leaving: authors.keys,
        notice: coauthorsNotice(authors.named),
        alone: aloneNotice(authors.named),
      };
    return {
      plan,
      matches: matchesFor(plan, 0, limit),
      leaving: [],
      notice: noPapersByNotice(authors.named),
    };
  };

  return { search: (query: string, options?: SearchOptions) => search(query, options), evidenceFor };
}
