import { LRUCache } from "lru-cache";
import type { Paper } from "../corpus/types.js";
import { foldedText, isStopWord, wordsOf } from "./analyze.js";
import { phraseMatch } from "./match.js";
import { byStanding, type PeopleIndex, slipAmong } from "./people.js";
import { idfOf } from "./plan.js";
import { type AuthorshipRow, HIDDEN_OWNER_PLACE, type IndexStore, type PersonRow } from "./store-read.js";
import type { AuthorLookup, AuthorSummary, PersonCandidate } from "./types.js";

const maxCoauthors = 8;
const maxTopics = 5;
/** Candidates whose papers in the corpus are counted (one index query each), those in most of theirs first. */
const maxLookups = 30;
/** Topic lists remembered, so a person looked up again costs one lookup. */
const rememberedTopics = 500;

/** First-author papers first, then in the order of the author line, papers found only through a file last. */
export function byAuthorOrder(a: AuthorshipRow, b: AuthorshipRow): number {
  return (a.position ?? HIDDEN_OWNER_PLACE) - (b.position ?? HIDDEN_OWNER_PLACE) || a.paper - b.paper;
}

export interface AuthorContext {
  store: IndexStore;
  people: PeopleIndex;
  papers: number;
}

/**
 * Words and two-word phrases a person's papers use that the corpus seldom does: in how many of their papers,
 * times its IDF in the corpus. Shown as the papers write them ("RLHF", "reward model").
 */
function topicsOf(papers: readonly Paper[], store: IndexStore, total: number): string[] {
  const found = new Map<string, { papers: number; written: string; words: string[] }>();
  for (const paper of papers.slice(0, 40)) {
    const seen = new Set<string>();
    const words = wordsOf(paper.abstract).map((word, at, all) => ({
      text: word.text,
      folded: foldedText(word.text),
      // A phrase never runs over punctuation: only a space lies between its words.
      spaced: /^ +$/.test(paper.abstract.slice(word.end, all[at + 1]?.start ?? word.end)),
    }));
    const kept = (w: { folded: string } | undefined) =>
      w !== undefined && w.folded.length > 2 && !isStopWord(w.folded);
    words.forEach((word, at) => {
      const next = words[at + 1];
      // A word alone only where it names something ("RLHF", "SafeAligner"); otherwise a two-word phrase.
      const named = /^.\p{L}*[\p{Lu}\d]/u.test(word.text) ? [[word]] : [];
      const options = [...named, ...(kept(next) && next && word.spaced ? [[word, next]] : [])].filter((run) =>
        run.every(kept),
      );
      for (const run of options) {
        const key = run.map((w) => w.folded).join(" ");
        if (seen.has(key) || /\d/.test(key)) continue;
        seen.add(key);
        const entry = found.get(key) ?? {
          papers: 0,
          written: run.map((w) => (/^.\p{L}*[\p{Lu}\d]/u.test(w.text) ? w.text : w.folded)).join(" "),
          words: key.split(" "),
        };
        entry.papers += 1;
        found.set(key, entry);
      }
    });
  }
  const least = Math.min(2, papers.length);
  return [...found.values()]
    .filter((entry) => entry.papers >= least)
    .sort((a, b) => b.papers - a.papers || b.words.length - a.words.length)
    .slice(0, maxLookups)
    .map((entry) => ({
      ...entry,
      score:
        entry.papers *
        (entry.words.length === 1 ? 1.5 : 2) *
        idfOf(store.count(phraseMatch(entry.words)), total),
    }))
    .sort((a, b) => b.score - a.score)
    .filter(
      (entry, at, all) =>
        !all.slice(0, at).some((other) => other.words.join(" ").includes(entry.words.join(" "))),
    )
    .slice(0, maxTopics)
    .map((entry) => entry.written);
}

export function createAuthors(context: AuthorContext) {
  const { store, people } = context;
  const topicsByKey = new LRUCache<string, string[]>({ max: rememberedTopics });
  const topicsFor = (key: string, papers: readonly Paper[]): string[] => {
    let topics = topicsByKey.get(key);
    if (topics === undefined) {
      topics = topicsOf(papers, store, context.papers);
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
      topics: topicsFor(
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
      const near = slipAmong(name, resolution.suggestions);
      const slip = near === undefined ? {} : { slipOf: candidateOf(near) };
      return { kind: "notFound", query: name, suggestions: resolution.suggestions.map(candidateOf), ...slip };
    },
    authorByKey(key: string): AuthorSummary | undefined {
      const person = people.person(key);
      return person === undefined ? undefined : summaryOf(person);
    },
  };
}
