import type { Corpus, Paper, Person } from "../corpus/types.js";
import { acronymTableOf, foldedText, holdsWholeWord } from "./analyze.js";
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
import type { FieldPostings, IndexData } from "./postings.js";
import { isBlankQuery, parseQuery } from "./query.js";
import { hasPositiveTerms, type QueryPlan, queryPlanOf } from "./query-plan.js";
import {
  Accumulator,
  accumulateTerm,
  bitCount,
  type DerivedTerm,
  documentFrequencyOf,
  holdsTerm,
  lengthNormsOf,
  type QueryNode,
  type Scorer,
  type ScoringField,
  scoredOf,
  topPositionsOf,
} from "./scoring.js";
import { snippetOf } from "./snippet.js";
import { distinctiveTopicsOf } from "./topics.js";
import type { AuthorLookup, AuthorSummary, Expert, SearchHit, SearchIndex, SearchResult } from "./types.js";

/** Which index terms a match may hold (checked per shown hit), plus terms it holds by construction. */
interface Reach {
  ids: readonly number[];
  fields: readonly FieldPostings[];
  extra: readonly string[];
}

/** A ranked match: `at` is the paper's position in corpus.papers. */
interface Match {
  at: number;
  score: number;
  reach: Reach;
}

/** The best matches in order, and how many matched in all. */
interface Matches {
  total: number;
  top: Match[];
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
/** Topics read at most this many of a person's papers: plenty to tell them apart, and bounded work. */
const maxTopicPapers = 200;
const phraseBoost = 1.5;
/** Weighs the rarity of a free word as typed among the best matches (see reranked). */
const surfaceBoost = 1;
const boostWindow = 200;
const maxCorrections = 8;
const correctionWeight = 0.5;
const prefixWeight = 0.375;
const fuzzyWeight = 0.45;

const topScore = (matches: readonly Match[]) => matches[0]?.score || 1;
const dataBehind = new WeakMap<SearchIndex, IndexData>();

/** The engine's index: the SearchIndex, plus the corpus it holds (for snapshots and tests of the engine). */
export type EngineIndex = SearchIndex & { readonly corpus: Corpus };

/** The index data a search index was made from, for snapshots. */
export function indexDataBehind(index: SearchIndex): IndexData | undefined {
  return dataBehind.get(index);
}

/** The search engine over a corpus and its index data (freshly built or restored from a snapshot). */
export function searchIndexOf(corpus: Corpus, data: IndexData): EngineIndex {
  const { papers, people } = corpus;
  const { vocabulary, termCount, sequences } = data;
  const documents = papers.length;
  const acronyms = acronymTableOf(corpus.acronyms);
  const { termKeys: terms, wordKeys: words } = data;
  const text: ScoringField = { postings: data.text, norms: lengthNormsOf(data.text) };
  const names: ScoringField = { postings: data.names, norms: lengthNormsOf(data.names) };
  const accumulator = new Accumulator(documents);
  const positionOf = new Map(papers.map((paper, at) => [paper.id, at]));
  const byLowerId = new Map(papers.map((paper) => [paper.id.toLowerCase(), paper]));
  const sortedIds = [...byLowerId.keys()].sort();
  const peopleIndex = createPeopleIndex(people);
  const topicsByPerson = new Map<string, string[]>();

  const indexedIdOf = (term: string): number | undefined => {
    const id = vocabulary.idOf(term);
    return id !== undefined && id < termCount ? id : undefined;
  };
  /** Papers whose abstract holds the term (the text field). */
  const documentFrequency = (term: string): number => {
    const id = indexedIdOf(term);
    return id === undefined ? 0 : documentFrequencyOf(data.text, id);
  };
  const scorerOf = (fields: readonly ScoringField[]): Scorer => ({
    fields,
    documents,
    accumulator,
    sourceBits: new Map(),
  });

  /** Equal scores go to the shorter abstract (the match is more of what it is about), then to corpus order. */
  const tieRankOf = (at: number): number =>
    ((sequences.offsets[at + 1] as number) - (sequences.offsets[at] as number)) * documents + at;
  const ranksAbove = (a: Match, c: Match): number => c.score - a.score || tieRankOf(a.at) - tieRankOf(c.at);

  /** Whether the paper's abstract holds the terms side by side, in order. */
  const containsRun = (at: number, run: readonly string[]): boolean => {
    if (run.length === 1) return true;
    const ids = run.map(vocabulary.idOf);
    if (ids.some((id) => id === undefined)) return false;
    const start = sequences.offsets[at] as number;
    const end = sequences.offsets[at + 1] as number;
    const { ids: sequence } = sequences;
    outer: for (let i = start; i + ids.length <= end; i++) {
      for (let j = 0; j < ids.length; j++) if (sequence[i + j] !== ids[j]) continue outer;
      return true;
    }
    return false;
  };

  const exactLeaf = (term: string): QueryNode => {
    const id = indexedIdOf(term);
    return { kind: "term", source: term, derived: id === undefined ? [] : [{ id, weight: 1 }], boost: 1 };
  };

  /** A word taken as typed, or as the start of longer words, or with a typo or two (as MiniSearch weighs them). */
  const looseLeaf = (term: string): QueryNode => {
    const derived: DerivedTerm[] = [];
    const id = indexedIdOf(term);
    if (id !== undefined) derived.push({ id, weight: 1 });
    const prefixed = new Set<string>();
    if (term.length >= 4) {
      for (const [longer, longerId] of terms.atPrefix(term)) {
        const distance = longer.length - term.length;
        if (distance === 0) continue;
        prefixed.add(longer);
        derived.push({
          id: longerId,
          weight: (prefixWeight * longer.length) / (longer.length + 0.3 * distance),
        });
      }
    }
    const maxDistance = term.length >= 9 ? 2 : term.length >= 5 ? 1 : 0;
    if (maxDistance > 0) {
      for (const [near, [nearId, distance]] of terms.fuzzyGet(term, maxDistance)) {
        if (distance === 0 || prefixed.has(near)) continue;
        derived.push({ id: nearId, weight: (fuzzyWeight * near.length) / (near.length + distance) });
      }
    }
    return { kind: "term", source: term, derived, boost: 1 };
  };

  /** Papers holding the run of terms side by side, as a mask over positions. */
  const papersWithRun = (run: string[], mask: Uint8Array): void => {
    const found = scoredOf(scorerOf([text, names]), { kind: "and", children: run.map(exactLeaf) });
    for (const at of found.docs) if (containsRun(at, run)) mask[at] = 1;
  };

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
    if (typed === undefined || documentFrequency(term) > 0 || typed.length < 4) return [];
    const found = new Map<string, number>();
    const distance = typed.length >= 9 ? 2 : typed.length >= 5 ? 1 : 0;
    for (const [, [id, edits]] of words.fuzzyGet(typed, distance)) {
      const corrected = vocabulary.termOfId(id);
      found.set(corrected, Math.min(found.get(corrected) ?? edits, edits));
    }
    for (const [, id] of words.atPrefix(typed)) {
      const corrected = vocabulary.termOfId(id);
      if (found.size >= maxCorrections * 4) break;
      if (!found.has(corrected)) found.set(corrected, 1);
    }
    found.delete(term);
    return [...found]
      .sort((a, b) => a[1] - b[1] || documentFrequency(b[0]) - documentFrequency(a[0]))
      .slice(0, maxCorrections)
      .map(([corrected]) => corrected);
  };

  /** Whether a paper passes the plan's author filter and exclusions. */
  const keepOf = (plan: QueryPlan): ((at: number) => boolean) => {
    const { allowed } = allowedByAuthors(plan);
    if (plan.excluded.length === 0) return allowed === undefined ? () => true : (at) => allowed.has(at);
    const excluded = new Uint8Array(documents);
    for (const run of plan.excluded) papersWithRun(run, excluded);
    return (at) => excluded[at] === 0 && (allowed === undefined || allowed.has(at));
  };

  /** The query tree of a plan: MiniSearch's AND of phrases and word groups, typos and prefixes for unknown words. */
  const queryOf = (plan: QueryPlan, combineWith: "and" | "or"): QueryNode => {
    const corrections = new Set<string>();
    const termQuery = (term: string): QueryNode => {
      // A term the corpus knows is taken as typed; only an unknown one is read as a typo or a prefix.
      if (documentFrequency(term) > 0) return exactLeaf(term);
      const corrected = correctionsOf(term, plan.typed.get(term));
      for (const c of corrected) corrections.add(c);
      if (corrected.length === 0) return looseLeaf(term);
      return { kind: "or", children: [looseLeaf(term), { kind: "or", children: corrected.map(exactLeaf) }] };
    };
    const required: QueryNode[] = plan.phrases.map((run) => ({ kind: "and", children: run.map(exactLeaf) }));
    if (plan.groups.length > 0) {
      required.push({
        kind: combineWith,
        children: plan.groups.map((group) => ({
          kind: "or",
          children: group.alternatives.map((run) => ({ kind: "and", children: run.map(termQuery) })),
        })),
      });
    }
    const root: QueryNode = { kind: "and", children: required };
    const boost = (node: QueryNode): void => {
      if (node.kind === "term") node.boost = corrections.has(node.source) ? correctionWeight : 1;
      else node.children.forEach(boost);
    };
    boost(root);
    return root;
  };

  const derivedIdsOf = (node: QueryNode, into: Set<number>): Set<number> => {
    if (node.kind === "term") for (const { id } of node.derived) into.add(id);
    else for (const child of node.children) derivedIdsOf(child, into);
    return into;
  };

  const matchesOf = (plan: QueryPlan, combineWith: "and" | "or", wanted: number): Matches => {
    const keep = keepOf(plan);
    if (!hasPositiveTerms(plan)) {
      const { allowed } = allowedByAuthors(plan);
      const kept = [...(allowed ?? [])].filter(keep);
      const reach: Reach = { ids: [], fields: [], extra: [] };
      return { total: kept.length, top: kept.slice(0, wanted).map((at) => ({ at, score: 0, reach })) };
    }
    const root = queryOf(plan, combineWith);
    const scored = scoredOf(scorerOf([text, names]), root);
    const positions: number[] = [];
    const scores: number[] = [];
    for (let i = 0; i < scored.docs.length; i++) {
      const at = scored.docs[i] as number;
      if (!keep(at) || !plan.phrases.every((run) => containsRun(at, run))) continue;
      positions.push(at);
      scores.push((scored.scores[i] as number) * (bitCount(scored.sources[i] as number) || 1));
    }
    const reach: Reach = {
      ids: [...derivedIdsOf(root, new Set())],
      fields: [data.text, data.names],
      extra: plan.phrases.flat(),
    };
    const best = topPositionsOf(
      positions.length,
      (i) => scores[i] as number,
      (i) => tieRankOf(positions[i] as number),
      Math.max(wanted, boostWindow),
    );
    const top = best.map((i) => ({ at: positions[i] as number, score: scores[i] as number, reach }));
    return { total: positions.length, top: reranked(top, plan) };
  };

  /** Among the best matches, papers holding the free words side by side, and exactly as typed, rank higher. */
  const reranked = (matches: Match[], plan: QueryPlan): Match[] => {
    const typed = plan.groups.flatMap((group) => group.alternatives[0] ?? []);
    const adjacent = typed.length >= 2;
    const { surface } = plan;
    if (matches.length < 2 || (!adjacent && surface.length === 0)) return matches;
    const head = matches.slice(0, boostWindow);
    // Stemming merges a rare word into a common one ("reasonableness" → reason): the word as typed tells them
    // apart, the more so the fewer of these papers hold it (an IDF over the head, so bounded work).
    const held = head.map((match) => {
      const paper = papers[match.at] as Paper;
      const folded = foldedText(`${paper.abstract} ${paper.authors.join(" ")}`);
      return surface.map((word) => holdsWholeWord(folded, word));
    });
    const weights = surface.map((_, w) => {
      const holders = held.filter((words) => words[w]).length;
      return holders === 0 ? 1 : 1 + surfaceBoost * Math.log(head.length / holders);
    });
    const boosted = head.map((match, i) => {
      let score = match.score;
      if (adjacent && containsRun(match.at, typed)) score *= phraseBoost;
      held[i]?.forEach((holds, w) => {
        if (holds) score *= weights[w] as number;
      });
      return { ...match, score };
    });
    return [...boosted.sort(ranksAbove), ...matches.slice(boostWindow)];
  };

  const termsOf = (match: Match): string[] => [
    ...match.reach.ids
      .filter((id) => match.reach.fields.some((field) => holdsTerm(field, id, match.at)))
      .map(vocabulary.termOfId),
    ...match.reach.extra,
  ];

  const hitOf = (match: Match): SearchHit => {
    const paper = papers[match.at] as Paper;
    const matched = termsOf(match);
    // A paper found through an acronym may only spell out its long form: mark those words too.
    const marked = new Set(matched);
    for (const term of matched) {
      for (const entry of acronyms.byShort.get(term) ?? [])
        for (const long of entry.longTerms) marked.add(long);
    }
    return {
      paper,
      score: match.score,
      snippet: snippetOf(paper.abstract, marked, snippetLength, vocabulary.termOfWord),
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
    const wanted = offset + limit;
    let matches = matchesOf(plan, "and", wanted);
    if (matches.total === 0 && plan.groups.length > 1) {
      matches = matchesOf(plan, "or", wanted);
      if (matches.total > 0) notices.push(someWordsNotice);
    }
    if (plan.expansions.length > 0) notices.push(expansionNotice(plan.expansions));
    let related: Match[] = [];
    if (matches.total > 0 && matches.total < defaultLimit && plan.phrases.length === 0) {
      const matched = new Set(matches.top.map((match) => match.at));
      const keep = keepOf(plan);
      const seeds = matches.top
        .slice(0, relatedSeeds)
        .map((match) => ({ at: match.at, weight: match.score / topScore(matches.top) }));
      related = relatedMatchesOf(
        seeds,
        (at) => !matched.has(at) && keep(at),
        defaultLimit - matches.total,
        minRelatedShare,
      );
      if (related.length > 0) notices.push(relatedNotice(matches.total));
    }
    const all = [
      ...matches.top.map((match) => ({ match, related: false })),
      ...related.map((match) => ({ match, related: true })),
    ];
    const result: SearchResult = {
      query,
      total: matches.total + related.length,
      offset,
      hits: all
        .slice(offset, offset + limit)
        .map(({ match, related }) => (related ? { ...hitOf(match), related } : hitOf(match))),
    };
    if (notices.length > 0) result.notice = notices.join(" ");
    return result;
  };

  const who = (topic: string, options: { limit?: number; offset?: number } = {}) => {
    const limit = options.limit ?? 5;
    const offset = options.offset ?? 0;
    const parsed = parseQuery(topic);
    const plan = queryPlanOf({ ...parsed, authors: [] }, acronyms);
    if (!hasPositiveTerms(plan)) return { topic, total: 0, offset, people: [] };
    let matches = matchesOf(plan, "and", whoEvidence).top;
    if (matches.length === 0) matches = matchesOf(plan, "or", whoEvidence).top;
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
    const ranked = [...experts.values()]
      .map((expert) => ({ ...expert, score: Math.round(expert.score * 1000) / 1000 }))
      .sort((a, b) => b.score - a.score || b.papers.length - a.papers.length || a.name.localeCompare(b.name));
    return { topic, total: ranked.length, offset, people: ranked.slice(offset, offset + limit) };
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
      topics = distinctiveTopicsOf(own.slice(0, maxTopicPapers), {
        documentFrequency,
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
    const weights = new Map<number, number>();
    for (const seed of seeds) {
      const frequency = new Map<number, number>();
      const end = sequences.offsets[seed.at + 1] as number;
      for (let i = sequences.offsets[seed.at] as number; i < end; i++) {
        const id = sequences.ids[i] as number;
        frequency.set(id, (frequency.get(id) ?? 0) + 1);
      }
      for (const [id, count] of frequency) {
        const idf = Math.log(papers.length / (documentFrequencyOf(data.text, id) || 1));
        if (idf > 0) weights.set(id, (weights.get(id) ?? 0) + seed.weight * count * idf);
      }
    }
    const chosen = [...weights]
      .map(([id, weight]) => ({ id, weight, term: vocabulary.termOfId(id) }))
      .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
      .slice(0, relatedTerms);
    if (chosen.length === 0) return [];
    accumulator.reset();
    chosen.forEach(({ id, weight }, bit) => {
      accumulateTerm(text, id, weight, documents, accumulator, 2 ** bit);
    });
    const seedSet = new Set(seeds.map((seed) => seed.at));
    const scoreOf = (at: number) =>
      (accumulator.scores[at] as number) * bitCount(accumulator.sources[at] as number);
    let seedScore = 0;
    const candidates: number[] = [];
    const candidateScores: number[] = [];
    for (let i = 0; i < accumulator.size; i++) {
      const at = accumulator.touched[i] as number;
      if (seedSet.has(at)) seedScore = Math.max(seedScore, scoreOf(at));
      else if (include(at)) {
        candidates.push(at);
        candidateScores.push(scoreOf(at));
      }
    }
    // Scores are relative to the seeds' own: a paper must share a fair part of what makes them distinctive.
    const reach: Reach = { ids: chosen.map(({ id }) => id), fields: [data.text], extra: [] };
    return topPositionsOf(
      candidates.length,
      (i) => candidateScores[i] as number,
      (i) => candidates[i] as number,
      limit,
    )
      .filter((i) => (candidateScores[i] as number) >= seedScore * minShare)
      .map((i) => ({ at: candidates[i] as number, score: candidateScores[i] as number, reach }));
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

  const authorByKey = (key: string): AuthorSummary | undefined => {
    const person = people.get(key);
    return person === undefined ? undefined : summaryOf(person);
  };

  const stats = () => ({
    papers: papers.length,
    people: people.size,
    profiles: corpus.profiles,
    files: corpus.files,
    problems: corpus.problems,
  });
  const ids = papers.map((p) => p.id);

  const index: EngineIndex = {
    corpus,
    stats,
    paperIds: () => ids,
    search,
    who,
    author,
    authorByKey,
    paper,
    similar,
    random,
  };
  dataBehind.set(index, data);
  return index;
}
