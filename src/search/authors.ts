import type { Paper } from "../corpus/types.js";
import type { AcronymTable } from "./analyze.js";
import { phraseOf } from "./match.js";
import { byStanding, type PeopleIndex } from "./people.js";
import type { IndexStore, PersonRow } from "./store-read.js";
import type { Dictionary } from "./terms.js";
import { distinctiveTopicsOf } from "./topics.js";
import type { AuthorLookup, AuthorSummary, PersonCandidate } from "./types.js";

const maxCoauthors = 8;
/** A phrase in this many papers is too common to be anyone's topic (at 100,000 papers, 2%). */
const commonEnough = 2000;
/** Topic lists remembered, so a person looked up again costs one lookup (bounded: a few KB each). */
const rememberedTopics = 500;

export interface AuthorContext {
  store: IndexStore;
  dictionary: Dictionary;
  people: PeopleIndex;
  acronyms: AcronymTable;
  papers: number;
}

export function createAuthors(context: AuthorContext) {
  const { store, people } = context;
  const topicsByKey = new Map<string, string[]>();
  const topicStats = {
    totalPapers: context.papers,
    wordPapers: (word: string) => context.dictionary.papers(word),
    // Counting stops where a phrase is common enough to set nobody apart: the cost stays bounded.
    phrasePapers: (words: readonly string[]) => store.countUpTo({ match: phraseOf(words) }, commonEnough),
    acronyms: context.acronyms,
  };
  const topicsOf = (key: string, papers: readonly Paper[]): string[] => {
    let topics = topicsByKey.get(key);
    if (topics === undefined) {
      topics = distinctiveTopicsOf(papers, topicStats);
      if (topicsByKey.size >= rememberedTopics) topicsByKey.delete(topicsByKey.keys().next().value as string);
      topicsByKey.set(key, topics);
    }
    return topics;
  };

  const summaryOf = (person: PersonRow): AuthorSummary => {
    // First-author papers first, then in the order of the author line, papers found only through a file last.
    const rows = store
      .papersOf(person.key)
      .sort((a, b) => (a.position ?? 99) - (b.position ?? 99) || a.paper - b.paper);
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
      topics: topicsOf(
        person.key,
        papers.map((p) => p.paper),
      ),
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
      return { kind: "notFound", query: name, suggestions: resolution.suggestions.map(candidateOf) };
    },
    authorByKey(key: string): AuthorSummary | undefined {
      const person = people.person(key);
      return person === undefined ? undefined : summaryOf(person);
    },
  };
}
