import { LRUCache } from "lru-cache";
import type { AcronymTable } from "./analyze.js";
import { phraseOf } from "./match.js";
import { isSlipOfName } from "./names.js";
import { byStanding, type PeopleIndex } from "./people.js";
import { type AuthorshipRow, HIDDEN_OWNER_PLACE, type IndexStore, type PersonRow } from "./store-read.js";
import type { Dictionary } from "./terms.js";
import { distinctiveTopicsOf, type ReadPaper } from "./topics.js";
import type { AuthorLookup, AuthorSummary, PersonCandidate } from "./types.js";

const maxCoauthors = 8;
/** A phrase in this many papers of the sample is too common to be anyone's topic. */
const commonEnough = 500;
/** Papers a phrase is counted in (rowids follow a hash: the first ones are a fair sample). */
const countedSample = 10_000;
/** Topic lists remembered, so a person looked up again costs one lookup (bounded: a few KB each). */
const rememberedTopics = 500;
/** Phrase counts remembered: people of one field share most candidate phrases (bounded: a few dozen bytes each). */
const rememberedCounts = 20_000;

/** First-author papers first, then in the order of the author line, papers found only through a file last. */
export function byAuthorOrder(a: AuthorshipRow, b: AuthorshipRow): number {
  return (a.position ?? HIDDEN_OWNER_PLACE) - (b.position ?? HIDDEN_OWNER_PLACE) || a.paper - b.paper;
}

export interface AuthorContext {
  store: IndexStore;
  dictionary: Dictionary;
  people: PeopleIndex;
  acronyms: AcronymTable;
  papers: number;
}

export function createAuthors(context: AuthorContext) {
  const { store, people } = context;
  const topicsByKey = new LRUCache<string, string[]>({ max: rememberedTopics });
  const phraseCounts = new LRUCache<string, number>({ max: rememberedCounts });
  const topicStats = {
    totalPapers: context.papers,
    wordPapers: (word: string) => context.dictionary.papers(word),
    // Counted in a fair sample of the corpus, and only up to where a phrase is too common to set anyone
    // apart: a phrase of two common words is otherwise checked in every paper holding both.
    phrasePapers: (words: readonly string[]) => {
      const match = phraseOf(words);
      let counted = phraseCounts.get(match);
      if (counted === undefined) {
        const sample = Math.min(context.papers, countedSample);
        const found = store.rowidsUpTo({ match }, commonEnough, sample < context.papers ? sample : undefined);
        counted = Math.round((found.length * context.papers) / sample);
        phraseCounts.set(match, counted);
      }
      return counted;
    },
    acronyms: context.acronyms,
  };
  const topicsOf = (key: string, papers: readonly ReadPaper[]): string[] => {
    let topics = topicsByKey.get(key);
    if (topics === undefined) {
      topics = distinctiveTopicsOf(papers, topicStats);
      topicsByKey.set(key, topics);
    }
    return topics;
  };

  const summaryOf = (person: PersonRow): AuthorSummary => {
    const rows = store.papersOf(person.key).sort(byAuthorOrder);
    const byRowid = store.papers(rows.map((row) => row.paper));
    const papers = rows.flatMap((row) => {
      const paper = byRowid.get(row.paper);
      return paper ? [{ paper, firstAuthor: row.position === 0 }] : [];
    });
    const coauthors = store
      .coauthorsOf(person.key, maxCoauthors * 4)
      .flatMap(({ key, papers: shared }) => {
        const other = people.person(key);
        return other ? [{ other, shared }] : [];
      })
      .sort((a, b) => b.shared - a.shared || byStanding(a.other, b.other))
      .slice(0, maxCoauthors)
      .map(({ other, shared }) => ({ key: other.key, name: other.name, papers: shared }));
    return {
      key: person.key,
      name: person.name,
      profiled: person.profiled,
      papers,
      coauthors,
      topics: topicsOf(person.key, papers),
    };
  };

  const candidateOf = (person: PersonRow): PersonCandidate => ({
    key: person.key,
    name: person.name,
    papers: person.papers,
  });

  return {
    author(name: string): AuthorLookup {
      const resolution = people.resolve(name);
      if (resolution.kind === "found") return { kind: "found", summary: summaryOf(resolution.person) };
      if (resolution.kind === "ambiguous")
        return { kind: "ambiguous", query: name, candidates: resolution.candidates.map(candidateOf) };
      // The one near name that keeps the typed words right, in their places or swapped ("Zhou Enyu").
      const typed = name.trim().toLowerCase().split(/\s+/);
      const fitting = resolution.suggestions.filter(
        (person) => isSlipOfName(typed, person.name, 1) || isSlipOfName([...typed].reverse(), person.name, 1),
      );
      const [only, ...more] = fitting;
      const slip = only !== undefined && more.length === 0 ? { slipOf: candidateOf(only) } : {};
      return { kind: "notFound", query: name, suggestions: resolution.suggestions.map(candidateOf), ...slip };
    },
    authorByKey(key: string): AuthorSummary | undefined {
      const person = people.person(key);
      return person === undefined ? undefined : summaryOf(person);
    },
  };
}
