import { LRUCache } from "lru-cache";
import type { Paper } from "../corpus/types.js";
import {
  foldedText,
  isNamedWord,
  type PhraseWord,
  phraseWordsOf,
  searchedWordsOf,
  shownWord,
  stemOf,
  wordsOf,
} from "./analyze.js";
import { longFormsAt, type Synonym, type Synonyms, synonymsIn } from "./index-text.js";
import { stemsMatch } from "./match.js";
import { byStanding, candidateOf } from "./people.js";
import type { PlanContext } from "./plan.js";
import type { IndexStore, PersonRow } from "./store-read.js";
import type { AuthorLookup, AuthorSummary } from "./types.js";

const maxCoauthors = 8;
const maxCandidates = 10;
const maxTopics = 5;
/** A person's papers read for their topics (first-author ones first). */
const maxPapersRead = 40;
/** Candidates counted in the corpus (one index query each): named ones, then those in most of theirs. */
const maxLookups = 30;
/** Topic lists remembered, so a person looked up again costs one lookup. */
const rememberedTopics = 500;

/** A structured abstract's headings: capitals opening a sentence, before a capital ("MAIN OUTCOME MEASURES The…"). */
const HEADINGS = /(^|[.:;!?]\s+)(?:\p{Lu}{2,}[,:]?\s+)*\p{Lu}{4,}:?\s+(?=\p{Lu})/gu;

/** A candidate topic: its stems (what the index matches), as shown, and the acronym it is, if one. */
interface Phrase {
  stems: string[];
  shown: string;
  short?: string;
  /** An acronym, a name ("LoRAMoE") or a phrase of a title: a concept, not a turn of phrase. */
  named?: boolean;
}

/** An acronym as a topic: "RLHF" as written; one of two letters by its long form ("reward model"). */
const phraseOf = ({ short, long, stems }: Synonym): Phrase => ({
  stems,
  shown: short.replace(/s$/, "").length > 2 ? short : foldedText(long),
  short,
  named: true,
});

/** The acronyms a text writes, in either form. */
function acronymsIn(text: string, acronyms: Synonyms): Phrase[] {
  const stems = searchedWordsOf(text).map(stemOf);
  return [
    ...wordsOf(text).flatMap((word) => acronyms.byShort.get(word.text) ?? []),
    ...stems.flatMap((_, at) => longFormsAt(acronyms, stems, at)),
  ].map(phraseOf);
}

/**
 * The two-word phrases of a text (no stop word, number or punctuation inside), and its named words ("LoRAMoE"). A
 * title's phrases are no more named than an abstract's: most two words of a title are a cut of a longer one
 * ("evolving large", "models part", "parallel speculative"), and one paper's rare cut outranked a person's subjects.
 */
function phrasesOf(text: string): Phrase[] {
  const words = phraseWordsOf(text);
  const kept = (w: PhraseWord | undefined): w is PhraseWord & { stem: string } =>
    w?.stem !== undefined && w.folded.length > 2 && !/\d/.test(w.folded);
  return words.flatMap((word, at) => {
    const next = words[at + 1];
    if (!kept(word)) return [];
    // A unit after a number ("10 microM") is no name.
    const unit = /^\p{N}/u.test(words[at - 1]?.folded ?? "");
    const named =
      isNamedWord(word.text) && !unit ? [{ stems: [word.stem], shown: word.text, named: true }] : [];
    if (!word.spaced || !kept(next)) return named;
    const shown = `${shownWord(word)} ${shownWord(next)}`;
    return [...named, { stems: [word.stem, next.stem], shown, named: false }];
  });
}

/**
 * The phrases that set a person apart, scored (1 + ln their papers using it) × ln(papers / papers using it); named ones
 * first (an acronym, a name); any other once two of their papers write it, in a title or an abstract (one, for a person
 * of one paper).
 */
function topicsOf(papers: readonly Paper[], store: IndexStore, total: number): string[] {
  const acronyms = synonymsIn(store);
  const found = new Map<string, Phrase & { papers: number }>();
  const mine = papers.slice(0, maxPapersRead);
  for (const paper of mine) {
    const title = paper.title ?? "";
    // Links are not words ("github.com/WooooDyy"), nor a structured abstract's headings ("CONTEXT Rates of…").
    const abstract = paper.abstract.replace(/\bhttps?:\/\/\S+/gu, " ").replace(HEADINGS, "$1");
    const phrases = [
      ...acronymsIn(`${title}. ${abstract}`, acronyms),
      // A named word that is an acronym ("RMs" too) is that acronym.
      ...[...phrasesOf(title), ...phrasesOf(abstract)].map((phrase) => {
        const [only, ...more] = phrase.stems;
        if (only === undefined || more.length > 0) return phrase;
        const acronym =
          acronyms.byShortStem.get(only.replace(/s$/, ""))?.[0] ?? acronyms.byShortStem.get(only)?.[0];
        return acronym === undefined ? phrase : phraseOf(acronym);
      }),
    ];
    const seen = new Set<string>();
    for (const phrase of phrases) {
      const key = phrase.stems.join(" ");
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = found.get(key) ?? { ...phrase, papers: 0 };
      entry.papers += 1;
      entry.named ||= phrase.named;
      found.set(key, entry);
    }
  }
  // A turn of phrase in one paper is no topic; a name or an acronym may be.
  const least = Math.min(2, mine.length);
  const scored = [...found.values()]
    .filter((entry) => entry.named || entry.papers >= least)
    .sort((a, b) => Number(b.named) - Number(a.named) || b.papers - a.papers)
    .slice(0, maxLookups)
    .flatMap((entry) => {
      const short = entry.short === undefined ? [] : [` OR ${stemsMatch([stemOf(foldedText(entry.short))])}`];
      const using = Math.max(entry.papers, store.count(`(${stemsMatch(entry.stems)}${short.join("")})`));
      if (using > total / 2 || entry.papers / mine.length <= using / total) return [];
      // A second paper counts for less than the first: a person of many papers does not make a common phrase theirs.
      return [{ ...entry, score: (1 + Math.log(entry.papers)) * Math.log(total / using) }];
    })
    .sort((a, b) => Number(b.named) - Number(a.named) || b.score - a.score);
  const shown = scored.map((entry) => entry.shown.toLowerCase());
  return scored
    .filter((_, at) => !shown.slice(0, at).some((other) => other.includes(shown[at] ?? "")))
    .slice(0, maxTopics)
    .map((entry) => entry.shown);
}

export function createAuthors(context: PlanContext) {
  const { store, people, papers: total } = context;
  const topicsByKey = new LRUCache<string, string[], readonly Paper[]>({
    max: rememberedTopics,
    memoMethod: (_key, _stale, { context }) => topicsOf(context, store, total),
  });

  const summaryOf = (person: PersonRow): AuthorSummary => {
    const rows = store.papersOf(person.key);
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
      topics: topicsByKey.memo(person.key, { context: papers.map((p) => p.paper) }),
    };
  };

  return {
    author(name: string): AuthorLookup {
      const { people: named, near, slip } = people.read(name);
      const [only] = named;
      if (named.length > 1)
        return { kind: "ambiguous", query: name, candidates: named.slice(0, maxCandidates).map(candidateOf) };
      if (only !== undefined) return { kind: "found", summary: summaryOf(only) };
      const slipOf = slip === undefined ? {} : { slipOf: candidateOf(slip) };
      return { kind: "notFound", query: name, suggestions: near.map(candidateOf), ...slipOf };
    },
    authorByKey(key: string): AuthorSummary | undefined {
      const person = people.person(key);
      return person === undefined ? undefined : summaryOf(person);
    },
  };
}
