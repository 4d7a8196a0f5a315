import { LRUCache } from "lru-cache";
import { synonymsIn } from "./index-text.js";
import {
  anyOf,
  datedAsAsked,
  type Matches,
  matchesOf,
  neededWeight,
  noMatches,
  phraseMatch,
} from "./match.js";
import { asWrittenIn } from "./names.js";
import {
  aloneNotice,
  coauthorsNotice,
  emptyAuthorNotice,
  emptyQueryNotice,
  holdingAllNotice,
  missingWordsNotice,
  type NamedPeople,
  namedAuthorsNotice,
  nobodyOnAllNotice,
  nobodyOnNotice,
  noPaperFromNotice,
  noPapersByNotice,
  onlyExclusionsNotice,
  stopWordsNotice,
  unknownAuthorNotice,
  yearsNotice,
  yearsUnknownNotice,
} from "./notices.js";
import { candidateOf } from "./people.js";
import { type PlanContext, planOf, showingFor } from "./plan.js";
import { isBlankQuery, parseQuery } from "./query.js";
import { hitsOf, type Marks, marksOf } from "./snippet.js";
import type { Plan, SearchHit, SearchOptions, SearchResult } from "./types.js";
import type { Evidence } from "./who.js";

/** The people the plan's names mean and each name as they write it; or the first name that is nobody's. */
type Named = { keys: string[]; each: string[][]; named: NamedPeople[] };
type Authors = Named | { unknown: NonNullable<SearchResult["unknownAuthor"]> };

/**
 * Search and who take the same steps: the plan, a topic the papers lack, the names (the first that is nobody's ends
 * it), the matches by the named people, else everyone's. They differ in what they say at each.
 */
export function createSearch(context: PlanContext) {
  const { store, people, defaults } = context;
  const authorsOf = (plan: Plan): Authors | undefined => {
    if (plan.authors.length === 0) return undefined;
    const named: NamedPeople[] = [];
    const each: string[][] = [];
    for (const name of plan.authors) {
      const reading = people.read(name);
      const found = reading.slip ? [reading.slip] : reading.people;
      if (found.length === 0) return { unknown: { name, near: reading.near.map(candidateOf) } };
      const names = found.map((person) => person.name);
      named.push({ name: asWrittenIn(name, names[0] ?? ""), people: names });
      each.push(found.map((person) => person.key));
    }
    return { keys: each.flat(), each, named };
  };

  // Every match of a plan, remembered (the file never changes while open): the next page, who reading past its
  // first people, a question asked again are a slice of it, not the ranking query again (most of a search's time).
  // Bounded by the papers held (~40 bytes each), not by plans: 100 plans of 1,000 papers were 4 MB of a worker's heap.
  const allMatches = new LRUCache<string, Matches, { plan: Plan; keys?: readonly string[] }>({
    max: 100,
    maxSize: 25_000,
    sizeCalculation: (matches) => matches.top.length + 1,
    memoMethod: (_key, _stale, { context }) =>
      context.plan.alternatives === undefined
        ? matchesOf(store, context.plan, defaults, context.keys)
        : eitherMatches(context.plan.alternatives, context.plan),
  });
  /** The papers of any side of an OR (each side's names its own), by their summed scores: those of more first. */
  const eitherMatches = (sides: readonly Plan[], plan: Plan): Matches => {
    const scores = new Map<number, number>();
    let orMore = false;
    for (const side of sides) {
      const authors = authorsOf(side);
      if (authors !== undefined && "unknown" in authors) continue;
      const matches = positive(side)
        ? matchesOf(store, { ...side, newest: false }, defaults, authors?.keys)
        : undefined;
      orMore ||= matches?.orMore === true;
      const ranked = matches
        ? matches.top
        : authors === undefined
          ? []
          : listedPapers(side, authors.each, 0, Number.MAX_SAFE_INTEGER).page;
      for (const { rowid, score } of ranked) scores.set(rowid, (scores.get(rowid) ?? 0) + score);
    }
    const ranked = [...scores].map(([rowid, score]) => ({ rowid, score }));
    const top = datedAsAsked(
      store,
      ranked.sort((a, b) => b.score - a.score || a.rowid - b.rowid),
      plan,
    );
    return { total: top.length, top, ...(orMore ? { orMore } : {}) };
  };
  /** A page of the matches by the named people (`theirs`); when they wrote none and `fallBack`, everyone's. */
  const matchesFor = (
    plan: Plan,
    offset: number,
    limit: number,
    authors: Named | undefined,
    fallBack: boolean,
  ) => {
    const page = (keys?: readonly string[]): Matches => {
      const all = allMatches.memo(JSON.stringify([plan, keys]), { context: { plan, keys } });
      return { ...all, top: all.top.slice(offset, offset + limit) };
    };
    const matches = page(authors?.keys);
    if (authors === undefined || matches.total > 0 || !fallBack)
      return { matches, theirs: authors !== undefined };
    return { matches: page(), theirs: false };
  };

  /** "Papers by Enyu Zhou or Senjie Jin.", for an OR of names alone. */
  const eitherNamedNotice = (plan: Plan): string[] => {
    const named: NamedPeople[] = [];
    for (const side of plan.alternatives ?? []) {
      const authors = positive(side) ? undefined : authorsOf(side);
      if (authors === undefined || "unknown" in authors) return [];
      named.push(...authors.named);
    }
    return named.length === 0 ? [] : [namedAuthorsNotice(named, "or")];
  };
  const positive = (plan: Plan) =>
    plan.terms.length + plan.phrases.length > 0 || plan.alternatives !== undefined;
  /** A topic the papers lack: its missing words weigh more than the policy lets go (or are all it has). */
  const lacks = (plan: Plan): boolean =>
    plan.alternatives !== undefined
      ? plan.alternatives.every(lacks)
      : plan.missing.length > 0 &&
        (!positive(plan) ||
          plan.terms.reduce((sum, term) => sum + term.weight, plan.phraseWeight) <
            neededWeight(plan, defaults) - 1e-9);

  /** Queries close to one that found nothing: each missing word corrected more loosely, or left out. */
  const suggestionsFor = (query: string, plan: Plan): string[] => {
    const finds = (text: string) => search(text, { limit: 0 }, false).total > 0;
    const options: string[] = [];
    const rest = plan.terms.map((term) => term.typed).join(" ");
    if ((plan.missing.length > 0 || plan.years !== undefined) && rest !== "") options.push(rest);
    if (plan.phrases.length > 0) options.push(query.replace(/["“”„‟″«»]/g, ""));
    return [...new Set(options)].filter((text) => text !== query && finds(text)).slice(0, 3);
  };

  const search = (query: string, options: SearchOptions = {}, suggest = true): SearchResult => {
    const limit = options.limit ?? 10;
    const offset = options.offset ?? 0;
    // The words to mark in snippets, unless the caller wants the papers alone.
    const marksAsked = (marks: () => Marks) => (options.snippets === false ? undefined : marks());
    const answer = (extra: Partial<SearchResult>): SearchResult => ({
      query,
      total: 0,
      offset,
      hits: [],
      ...extra,
    });
    const parsed = parseQuery(query, store.dated());
    const undated = parsed.yearsUnknown ? [yearsUnknownNotice] : [];
    if (isBlankQuery(parsed))
      return answer({
        notice: [...undated, parsed.emptyAuthor ? emptyAuthorNotice : emptyQueryNotice].join(" "),
      });
    const plan = planOf(parsed, context);
    const yearsLeftOut = plan.yearsUnknown ? [yearsUnknownNotice] : [];
    const authors = authorsOf(plan);
    if (authors !== undefined && "unknown" in authors)
      return answer({ notice: unknownAuthorNotice(authors.unknown.name), unknownAuthor: authors.unknown });
    const shown = showingFor(query, plan);
    const showing = shown === undefined ? {} : { showingFor: shown };
    const missing = plan.missing.length > 0 ? { missing: plan.missing } : {};
    const unmatched = (extra: Partial<SearchResult>) => {
      const didYouMean = suggest ? suggestionsFor(query, plan) : [];
      return answer({ ...extra, ...missing, ...(didYouMean.length > 0 ? { didYouMean } : {}) });
    };
    if (lacks(plan)) return unmatched({});
    const yearsAsked = plan.years !== undefined || plan.newest;
    /** What the answer says of the years asked for: "Newest first." only where the papers shown have years. */
    const yearsSaid = (hits: readonly SearchHit[]) =>
      yearsAsked
        ? [yearsNotice(plan.years, plan.newest && hits.some((hit) => hit.paper.year !== undefined))]
        : [];
    const noticeOf = (...parts: string[]) => {
      const said = parts.filter((part) => part !== "").join(" ");
      return said === "" ? {} : { notice: said };
    };
    if (!positive(plan)) {
      if (authors === undefined && !yearsAsked) {
        const why =
          yearsLeftOut.length > 0
            ? `${yearsUnknownNotice} ${emptyQueryNotice}`
            : parsed.words.length + parsed.phrases.length > 0
              ? stopWordsNotice
              : onlyExclusionsNotice;
        return answer({ notice: why });
      }
      const { total, page } = listedPapers(plan, authors?.each, offset, limit);
      const hits = hitsOf(
        store,
        page,
        marksAsked(() => marksOf(plan)),
      );
      if (total === 0 && authors === undefined) return unmatched({});
      const by = authors === undefined ? [] : [namedAuthorsNotice(authors.named)];
      return answer({
        total,
        hits,
        ...(authors === undefined ? {} : { by: authors.keys }),
        ...noticeOf(...yearsLeftOut, ...by, ...yearsSaid(hits)),
      });
    }
    // Names read among the words with no such paper: everyone's, and the answer says so.
    const fallBack = plan.named.length === plan.authors.length;
    let { matches, theirs } = matchesFor(plan, offset, limit, authors, fallBack);
    // A bare year no paper of these is from ("RMB 2025" of a 2024 preprint): these, from any year.
    const { years, yearsBare, ...anyYear } = plan;
    const yearless = matches.total === 0 && yearsBare === true && years !== undefined;
    if (yearless) ({ matches, theirs } = matchesFor(anyYear, offset, limit, authors, fallBack));
    if (matches.total === 0) return unmatched(showing);
    const marks = marksAsked(() => marksOf(plan, matches.phrase, defaults.prefixFrom, synonymsIn(store)));
    const hits = hitsOf(store, matches.top, marks);
    const notices = [
      ...yearsLeftOut,
      ...(authors === undefined ? [] : [(theirs ? namedAuthorsNotice : noPapersByNotice)(authors.named)]),
      ...eitherNamedNotice(plan),
      ...(plan.missing.length > 0 ? [missingWordsNotice(plan.missing)] : []),
      ...(plan.missing.length === 0 && (matches.holdingAll ?? matches.total) < matches.total
        ? [holdingAllNotice(matches.holdingAll ?? 0)]
        : []),
      ...(yearless ? [noPaperFromNotice(years)] : yearsSaid(hits)),
    ];
    return answer({
      total: matches.total,
      ...(matches.orMore ? { orMore: true } : {}),
      hits,
      ...missing,
      ...noticeOf(...notices),
      ...showing,
      ...(theirs && authors !== undefined ? { by: authors.keys } : {}),
    });
  };

  /**
   * Papers of the named authors alone (by someone of each name), first-author ones first; or, with no names, the
   * papers of the years asked for, newest first.
   */
  const listedPapers = (plan: Plan, each: readonly string[][] | undefined, offset: number, limit: number) => {
    let rowids = each === undefined ? store.papersFrom(plan.years ?? {}) : store.papersOfAny(each.flat());
    if (each !== undefined && each.length > 1) {
      const theirs = each.map((keys) => new Set(store.papersOfAny(keys)));
      rowids = rowids.filter((rowid) => theirs.every((papers) => papers.has(rowid)));
    }
    if (plan.excluded.length > 0) {
      const excluded = store.holding(anyOf(plan.excluded.map(phraseMatch)), rowids);
      rowids = rowids.filter((rowid) => !excluded.has(rowid));
    }
    const ranked = rowids.map((rowid) => ({ rowid, score: 0 }));
    // papersFrom gives the years asked for, newest first, already.
    const listed = each === undefined ? ranked : datedAsAsked(store, ranked, plan);
    return { total: listed.length, page: listed.slice(offset, offset + limit) };
  };

  /** Who's evidence, saying so where years asked for were left out (no paper has a year). */
  const evidenceFor = (topic: string, limit: number): Evidence & { plan: Plan } => {
    const evidence = evidenceOf(planOf(parseQuery(topic, store.dated()), context), limit);
    if (!evidence.plan.yearsUnknown || evidence.matches.top.length === 0) return evidence;
    return { ...evidence, notice: [yearsUnknownNotice, evidence.notice].filter(Boolean).join(" ") };
  };

  /** Who's evidence: with names in the topic, their papers on it (others are the answer); with none, everyone's. */
  const evidenceOf = (plan: Plan, limit: number): Evidence & { plan: Plan } => {
    const none = (notice?: string) => ({ plan, matches: noMatches, leaving: [], notice });
    // Only a name ("who enyu zhou"): no topic, and no notice, so the answer can offer their papers. Only stop
    // words ("who the"): the search's notice.
    if (!positive(plan) && plan.missing.length === 0)
      return none(plan.authors.length === 0 ? stopWordsNotice : undefined);
    if (lacks(plan)) return none(nobodyOnNotice(plan.missing));
    const authors = authorsOf(plan);
    if (authors !== undefined && "unknown" in authors) return none(unknownAuthorNotice(authors.unknown.name));
    const { matches, theirs } = matchesFor(plan, 0, limit, authors, true);
    const partly = matches.holdingAll === 0 ? { notice: nobodyOnAllNotice } : {};
    if (authors === undefined) return { plan, matches, leaving: [], ...partly };
    if (!theirs) return { plan, matches, leaving: [], notice: noPapersByNotice(authors.named) };
    const { keys, named } = authors;
    return { plan, matches, leaving: keys, notice: coauthorsNotice(named), alone: aloneNotice(named) };
  };

  return { search: (query: string, options?: SearchOptions) => search(query, options), evidenceFor };
}
