import type { SearchOptions as MiniSearchOptions, Query } from "minisearch";
import SearchableMap from "minisearch/SearchableMap";
import type { Corpus, Paper, Person } from "../corpus/types.js";
import { acronymsSpelledOutIn, acronymTableOf, createVocabulary } from "./analyze.js";
import { bulkMiniSearchOf } from "./bulk-index.js";
import {
  emptyQueryNotice,
  expansionNotice,
  onlyExclusionsNotice,
  relatedNotice,
  someWordsNotice,
  stopWordsNotice,
  unknownAuthorNotice,
} from "./notices.js";
import { createPeopleIndex } from "./people.js";
import { isBlankQuery, parseQuery } from "./query.js";
import { hasPositiveTerms, type QueryPlan, queryPlanOf } from "./query-plan.js";
import { snippetOf } from "./snippet.js";
import { distinctiveTopicsOf } from "./topics.js";
import type { AuthorLookup, AuthorSummary, Expert, SearchHit, SearchIndex, SearchResult } from "./types.js";

interface IndexedPaper {
  id: number;
  text: string;
  names: string;
}

/** A ranked match: `at` is the paper's position in corpus.papers, `terms` the index terms it matched. */
interface Match {
  at: number;
  score: number;
  terms: string[];
}

const defaultLimit = 10;
const snippetLength = 280;
const whoEvidence = 50;
const whoMinShare = 0.2;
const relatedTerms = 12;
const relatedSeeds = 3;
/** Below this share of a seed's score against itself, a "related" paper is mostly noise (tuned on the seeds). */
const minRelatedShare = 0.05;
const maxCoauthors = 8;
const phraseBoost = 1.5;
const boostWindow = 200;
const maxCorrections = 8;
const correctionWeight = 0.5;

const top = (matches: readonly Match[]) => matches[0]?.score || 1;
const splitTerms = (text: string) => text.split(" ");
const looseTerms: MiniSearchOptions = {
  prefix: (term) => term.length >= 4,
  fuzzy: (term) => (term.length >= 9 ? 2 : term.length >= 5 ? 1 : false),
};
const exactTerms: MiniSearchOptions = { prefix: false, fuzzy: false };

/** Builds every structure search needs in one pass over the papers. */
export function createSearchIndex(corpus: Corpus): SearchIndex {
  const { papers, people } = corpus;
  const vocabulary = createVocabulary();
  const acronyms = acronymTableOf(corpus.acronyms);
  const nameTerms = new Map<string, string[]>();
  const termsOfName = (name: string): string[] => {
    let terms = nameTerms.get(name);
    if (!terms) {
      const { sequence, compounds } = vocabulary.analyze(name);
      terms = [...Array.from(sequence, vocabulary.termOfId), ...compounds];
      nameTerms.set(name, terms);
    }
    return terms;
  };
  const sequences: Uint32Array[] = [];
  const documents = papers.map((paper) => {
    const { sequence, compounds } = vocabulary.analyze(paper.abstract);
    sequences.push(sequence);
    const inOrder = Array.from(sequence, vocabulary.termOfId);
    return {
      text: [...inOrder, ...compounds, ...acronymsSpelledOutIn(inOrder, acronyms)],
      names: [...new Set([...paper.authors, ...paper.owners])].flatMap(termsOfName),
    };
  });
  const { mini, documentFrequency } = bulkMiniSearchOf<IndexedPaper>(documents, ["text", "names"], {
    fields: ["text", "names"],
    tokenize: splitTerms,
    processTerm: (term) => term || null,
    searchOptions: { tokenize: splitTerms, processTerm: (term) => term || null },
  });
  const words = SearchableMap.from<string>(vocabulary.words);
  const positionOf = new Map(papers.map((paper, at) => [paper.id, at]));
  const byLowerId = new Map(papers.map((paper) => [paper.id.toLowerCase(), paper]));
  const sortedIds = [...byLowerId.keys()].sort();
  const peopleIndex = createPeopleIndex(people);
  const topicsByPerson = new Map<string, string[]>();
  const termSequenceAt = (at: number): string[] => Array.from(sequences[at] ?? [], vocabulary.termOfId);

  /** Whether the paper's abstract holds the terms side by side, in order. */
  const containsRun = (at: number, run: readonly string[]): boolean => {
    if (run.length === 1) return true;
    const ids = run.map(vocabulary.idOf);
    const sequence = sequences[at];
    if (!sequence || ids.some((id) => id === undefined)) return false;
    outer: for (let i = 0; i + ids.length <= sequence.length; i++) {
      for (let j = 0; j < ids.length; j++) if (sequence[i + j] !== ids[j]) continue outer;
      return true;
    }
    return false;
  };

  const papersWithRun = (run: string[]): Set<number> =>
    new Set(
      mini
        .search({ combineWith: "AND", queries: run, ...exactTerms })
        .map((r) => r.id as number)
        .filter((at) => containsRun(at, run)),
    );

  /** Papers the author:… values allow, or undefined when there is no author filter. */
  const allowedByAuthors = (plan: QueryPlan): { allowed?: Set<number>; unknown?: string } => {
    if (plan.authors.length === 0) return {};
    const allowed = new Set<number>();
    for (const name of plan.authors) {
      const matches = peopleIndex.matching(name);
      if (matches.length === 0) return { allowed, unknown: name };
      for (const person of matches) {
        for (const id of person.paperIds) {
          const at = positionOf.get(id);
          if (at !== undefined) allowed.add(at);
        }
      }
    }
    return { allowed };
  };

  /** Terms of real words near a typed word whose own term is unknown ("decodng" → decod, "speculativ" → specul). */
  const correctionsOf = (term: string, typed: string | undefined): string[] => {
    if (typed === undefined || documentFrequency.has(term) || typed.length < 4) return [];
    const found = new Map<string, number>();
    const distance = typed.length >= 9 ? 2 : typed.length >= 5 ? 1 : 0;
    for (const [, [corrected, edits]] of words.fuzzyGet(typed, distance)) {
      found.set(corrected, Math.min(found.get(corrected) ?? edits, edits));
    }
    for (const [, corrected] of words.atPrefix(typed)) {
      if (found.size >= maxCorrections * 4) break;
      if (!found.has(corrected)) found.set(corrected, 1);
    }
    found.delete(term);
    return [...found]
      .sort((a, b) => a[1] - b[1] || (documentFrequency.get(b[0]) ?? 0) - (documentFrequency.get(a[0]) ?? 0))
      .slice(0, maxCorrections)
      .map(([corrected]) => corrected);
  };

  /** Whether a paper passes the plan's author filter and exclusions. */
  const keepOf = (plan: QueryPlan): ((at: number) => boolean) => {
    const { allowed } = allowedByAuthors(plan);
    const excluded = new Set(plan.excluded.flatMap((run) => [...papersWithRun(run)]));
    return (at) => !excluded.has(at) && (allowed === undefined || allowed.has(at));
  };

  const matchesOf = (plan: QueryPlan, combineWith: "AND" | "OR"): Match[] => {
    const keep = keepOf(plan);
    if (!hasPositiveTerms(plan)) {
      const { allowed } = allowedByAuthors(plan);
      return [...(allowed ?? [])].filter(keep).map((at) => ({ at, score: 0, terms: [] }));
    }
    const corrections = new Set<string>();
    const termQuery = (term: string): Query => {
      // A term the corpus knows is taken as typed; only an unknown one is read as a typo or a prefix.
      if (documentFrequency.has(term)) return { combineWith: "OR", queries: [term], ...exactTerms };
      const corrected = correctionsOf(term, plan.typed.get(term));
      for (const c of corrected) corrections.add(c);
      if (corrected.length === 0) return { combineWith: "OR", queries: [term], ...looseTerms };
      return {
        combineWith: "OR",
        queries: [
          { combineWith: "OR", queries: [term], ...looseTerms },
          { combineWith: "OR", queries: corrected, ...exactTerms },
        ],
      };
    };
    const groupQuery = (alternatives: string[][]): Query => ({
      combineWith: "OR",
      queries: alternatives.map((terms) => ({ combineWith: "AND", queries: terms.map(termQuery) })),
    });
    const required: Query[] = plan.phrases.map((run) => ({
      combineWith: "AND",
      queries: run,
      ...exactTerms,
    }));
    if (plan.groups.length > 0) {
      required.push({ combineWith, queries: plan.groups.map((group) => groupQuery(group.alternatives)) });
    }
    const phraseTerms = plan.phrases.flat();
    const matches = mini
      .search(
        { combineWith: "AND", queries: required },
        {
          filter: (result) => keep(result.id as number),
          boostTerm: (term) => (corrections.has(term) ? correctionWeight : 1),
        },
      )
      .map((result) => ({
        at: result.id as number,
        score: result.score,
        terms: [...result.terms, ...phraseTerms],
      }))
      .filter((match) => plan.phrases.every((run) => containsRun(match.at, run)));
    return boostedByAdjacency(matches, plan);
  };

  /** Papers holding the free words side by side, as typed, rank above those that scatter them. */
  const boostedByAdjacency = (matches: Match[], plan: QueryPlan): Match[] => {
    const runs = plan.groups
      .map((group) => group.alternatives)
      .filter((alternatives) => alternatives.length > 0);
    const typed = runs.flatMap((alternatives) => alternatives[0] ?? []);
    if (typed.length < 2) return matches;
    const head = matches
      .slice(0, boostWindow)
      .map((match) =>
        containsRun(match.at, typed) ? { ...match, score: match.score * phraseBoost } : match,
      );
    return [...head.sort((a, b) => b.score - a.score || a.at - b.at), ...matches.slice(boostWindow)];
  };

  const hitOf = (match: Match): SearchHit => {
    const paper = papers[match.at] as Paper;
    // A paper found through an acronym may only spell out its long form: mark those words too.
    const terms = new Set(match.terms);
    for (const term of match.terms) {
      for (const entry of acronyms.byShort.get(term) ?? [])
        for (const long of entry.longTerms) terms.add(long);
    }
    return {
      paper,
      score: match.score,
      snippet: snippetOf(paper.abstract, terms, snippetLength, vocabulary.termOfWord),
    };
  };

  const search = (query: string, options: { limit?: number; offset?: number } = {}): SearchResult => {
    const limit = options.limit ?? defaultLimit;
    const offset = options.offset ?? 0;
    const empty = (notice: string): SearchResult => ({ query, total: 0, offset, hits: [], notice });
    const parsed = parseQuery(query);
    if (isBlankQuery(parsed)) return empty(emptyQueryNotice);
    const plan = queryPlanOf(parsed, acronyms);
    if (!hasPositiveTerms(plan) && plan.authors.length === 0) {
      return empty(parsed.words.length + parsed.phrases.length > 0 ? stopWordsNotice : onlyExclusionsNotice);
    }
    const { unknown } = allowedByAuthors(plan);
    if (unknown !== undefined) return empty(unknownAuthorNotice(unknown));
    const notices: string[] = [];
    let matches = matchesOf(plan, "AND");
    if (matches.length === 0 && plan.groups.length > 1) {
      matches = matchesOf(plan, "OR");
      if (matches.length > 0) notices.push(someWordsNotice);
    }
    if (plan.expansions.length > 0) notices.push(expansionNotice(plan.expansions));
    let related: Match[] = [];
    if (matches.length > 0 && matches.length < defaultLimit && plan.phrases.length === 0) {
      const matched = new Set(matches.map((match) => match.at));
      const keep = keepOf(plan);
      const seeds = matches
        .slice(0, relatedSeeds)
        .map((match) => ({ at: match.at, weight: match.score / top(matches) }));
      related = relatedMatchesOf(
        seeds,
        (at) => !matched.has(at) && keep(at),
        defaultLimit - matches.length,
        minRelatedShare,
      );
      if (related.length > 0) notices.push(relatedNotice(matches.length));
    }
    const all = [
      ...matches.map((match) => ({ match, related: false })),
      ...related.map((match) => ({ match, related: true })),
    ];
    const result: SearchResult = {
      query,
      total: all.length,
      offset,
      hits: all
        .slice(offset, offset + limit)
        .map(({ match, related }) => (related ? { ...hitOf(match), related } : hitOf(match))),
    };
    if (notices.length > 0) result.notice = notices.join(" ");
    return result;
  };

  const who = (topic: string, options: { limit?: number } = {}) => {
    const limit = options.limit ?? 5;
    const parsed = parseQuery(topic);
    const plan = queryPlanOf({ ...parsed, authors: [] }, acronyms);
    if (!hasPositiveTerms(plan)) return { topic, people: [] };
    let matches = matchesOf(plan, "AND");
    if (matches.length === 0) matches = matchesOf(plan, "OR");
    const top = matches[0]?.score ?? 0;
    const experts = new Map<string, Expert>();
    for (const match of matches.slice(0, whoEvidence)) {
      if (match.score < top * whoMinShare) break;
      const paper = papers[match.at] as Paper;
      const share = top > 0 ? match.score / top : 1;
      for (const key of new Set([...paper.authorKeys, ...paper.ownerKeys])) {
        const person = people.get(key);
        if (!person) continue;
        const expert = experts.get(key) ?? {
          key,
          name: person.name,
          score: 0,
          profiled: person.profiled,
          papers: [],
        };
        expert.score += share;
        expert.papers.push({ paper, score: match.score });
        experts.set(key, expert);
      }
    }
    const people_ = [...experts.values()]
      .map((expert) => ({ ...expert, score: Math.round(expert.score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || b.papers.length - a.papers.length || a.name.localeCompare(b.name))
      .slice(0, limit);
    return { topic, people: people_ };
  };

  const summaryOf = (person: Person): AuthorSummary => {
    const own = person.paperIds
      .map((id) => papers[positionOf.get(id) ?? -1])
      .filter((paper): paper is Paper => paper !== undefined);
    const counts = new Map<string, number>();
    for (const paper of own) {
      for (const key of new Set([...paper.authorKeys, ...paper.ownerKeys])) {
        if (key !== person.key) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    const coauthors = [...counts]
      .map(([key, count]) => ({ key, name: people.get(key)?.name ?? key, papers: count }))
      .sort((a, b) => b.papers - a.papers || a.name.localeCompare(b.name))
      .slice(0, maxCoauthors);
    let topics = topicsByPerson.get(person.key);
    if (!topics) {
      topics = distinctiveTopicsOf(own, {
        documentFrequency: (term) => documentFrequency.get(term) ?? 0,
        totalPapers: papers.length,
        acronyms,
        termOfWord: vocabulary.termOfWord,
      });
      topicsByPerson.set(person.key, topics);
    }
    return {
      key: person.key,
      name: person.name,
      profiled: person.profiled,
      papers: own.map((paper) => ({ paper, firstAuthor: paper.authorKeys[0] === person.key })),
      coauthors,
      topics,
    };
  };

  const author = (name: string): AuthorLookup => {
    const resolution = peopleIndex.resolve(name);
    const candidate = (person: Person) => ({
      key: person.key,
      name: person.name,
      papers: person.paperIds.length,
    });
    if (resolution.kind === "found") return { kind: "found", summary: summaryOf(resolution.person) };
    if (resolution.kind === "ambiguous") {
      return { kind: "ambiguous", query: name, candidates: resolution.candidates.map(candidate) };
    }
    return { kind: "notFound", query: name, suggestions: resolution.suggestions.map(candidate) };
  };

  const paper = (id: string): Paper | undefined => {
    const wanted = id.trim().toLowerCase();
    if (wanted === "") return undefined;
    const exact = byLowerId.get(wanted);
    if (exact) return exact;
    let low = 0;
    let high = sortedIds.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((sortedIds[mid] as string) < wanted) low = mid + 1;
      else high = mid;
    }
    const first = sortedIds[low];
    const second = sortedIds[low + 1];
    if (first === undefined || !first.startsWith(wanted) || second?.startsWith(wanted)) return undefined;
    return byLowerId.get(first);
  };

  /** Papers sharing the most distinctive terms of `seeds` (weighted by their scores), best first. */
  const relatedMatchesOf = (
    seeds: readonly { at: number; weight: number }[],
    include: (at: number) => boolean,
    limit: number,
    minShare: number,
  ): Match[] => {
    const weights = new Map<string, number>();
    for (const seed of seeds) {
      const frequency = new Map<string, number>();
      for (const term of termSequenceAt(seed.at)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
      for (const [term, count] of frequency) {
        const idf = Math.log(papers.length / (documentFrequency.get(term) ?? 1));
        if (idf > 0) weights.set(term, (weights.get(term) ?? 0) + seed.weight * count * idf);
      }
    }
    const terms = [...weights]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, relatedTerms)
      .map(([term]) => term);
    if (terms.length === 0) return [];
    const seedSet = new Set(seeds.map((seed) => seed.at));
    const results = mini.search(
      { combineWith: "OR", queries: terms, ...exactTerms },
      {
        fields: ["text"],
        boostTerm: (term) => weights.get(term) ?? 1,
        filter: (r) => seedSet.has(r.id as number) || include(r.id as number),
      },
    );
    // Scores are relative to the seeds' own: a paper must share a fair part of what makes them distinctive.
    const seedScore = Math.max(...results.filter((r) => seedSet.has(r.id as number)).map((r) => r.score), 0);
    return results
      .filter((r) => !seedSet.has(r.id as number) && r.score >= seedScore * minShare)
      .slice(0, limit)
      .map((result) => ({ at: result.id as number, score: result.score, terms: result.terms }));
  };

  const similar = (id: string, options: { limit?: number } = {}): SearchHit[] | undefined => {
    const found = paper(id);
    if (!found) return undefined;
    const at = positionOf.get(found.id) as number;
    return relatedMatchesOf([{ at, weight: 1 }], (other) => other !== at, options.limit ?? 5, 0).map(hitOf);
  };

  const random = (source: () => number): Paper => {
    if (papers.length === 0) throw new Error("The corpus has no papers to pick from.");
    return papers[Math.min(papers.length - 1, Math.floor(source() * papers.length))] as Paper;
  };

  return { corpus, search, who, author, paper, similar, random };
}
