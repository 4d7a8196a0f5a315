import type { AbstractFacts } from "../corpus/abstract-facts.js";
import type { Acronym, PaperRead } from "../corpus/types.js";
import {
  foldedText,
  isStopWord,
  lightStemOf,
  stemOf,
  stemOfUncached,
  termOf,
  wordTextsOf,
} from "./analyze.js";
import { joinedCompoundsOf } from "./compounds.js";
import type { IndexStore } from "./store-read.js";

/** One paper's row of `text`: each column's terms, joined by spaces. */
export interface TextRow {
  headline: string;
  stems: string;
  surface: string;
  synonyms: string;
  venue: string;
}

/** An acronym the corpus defines: its short form as written and stemmed, its long form as written and stemmed. */
export interface Synonym extends Acronym {
  shortStem: string;
  stems: string[];
}

/** The acronyms, by the short form as papers write it, by its stem, and by the long form's first two stems. */
export interface Synonyms {
  byShort: Map<string, Synonym[]>;
  byShortStem: Map<string, Synonym[]>;
  /** First stem → second stem → acronyms: two lookups of stems whose hashes are known, not one of a new string. */
  byOpening: Map<string, Map<string, Synonym[]>>;
}

const searched = (folded: string) => !isStopWord(folded);
const stemsOf = (text: string) => wordTextsOf(text).flatMap((word) => termOf(word) ?? []);

/** Acronyms with a short form that is no stop word and a long form of two terms or more, each pair once. */
export function synonymsOf(acronyms: readonly Acronym[]): Synonyms {
  const table: Synonyms = { byShort: new Map(), byShortStem: new Map(), byOpening: new Map() };
  const add = (map: Map<string, Synonym[]>, key: string, synonym: Synonym) =>
    map.set(key, [...(map.get(key) ?? []), synonym]);
  const seen = new Set<string>();
  for (const { short, long } of acronyms) {
    const stems = stemsOf(long);
    const shortFolded = foldedText(short);
    const key = `${short} ${stems.join(" ")}`;
    if (!searched(shortFolded) || stems.length < 2 || seen.has(key)) continue;
    seen.add(key);
    const synonym = { short, long, shortStem: stemOf(shortFolded), stems };
    add(table.byShort, short, synonym);
    add(table.byShortStem, synonym.shortStem, synonym);
    const [first = "", second = ""] = stems;
    const opening = table.byOpening.get(first) ?? new Map<string, Synonym[]>();
    table.byOpening.set(first, opening);
    add(opening, second, synonym);
  }
  return table;
}

/** The acronyms whose long form `stems` write from `at` on. */
export function longFormsAt(synonyms: Synonyms, stems: readonly string[], at: number): Synonym[] {
  if (at + 1 >= stems.length) return [];
  const opening = synonyms.byOpening.get(stems[at] ?? "")?.get(stems[at + 1] ?? "");
  return opening?.filter((synonym) => synonym.stems.every((stem, j) => stems[at + j] === stem)) ?? [];
}

// Read once a store: a corpus of 100,000 papers defines thousands.
const storeSynonyms = new WeakMap<IndexStore, Synonyms>();

/** The synonyms of the acronyms an index holds. */
export function synonymsIn(store: IndexStore): Synonyms {
  const table = storeSynonyms.get(store) ?? synonymsOf(store.acronyms());
  storeSynonyms.set(store, table);
  return table;
}

/** What a row takes from one word as written: the same for every paper that writes it. */
interface WordEntry {
  /** The long forms' stems, when the word is an acronym as papers define it. */
  longs: readonly string[] | undefined;
  /** Its terms in `surface` and `stems`, or undefined for a stop word. */
  terms: { surface: string; stem: string } | undefined;
  /** Some acronym's long form starts with its stem. */
  opens: boolean;
}

/**
 * Writes papers' rows over one set of synonyms: a paper's row holds the abstract's stems and its words as written,
 * its title's stems (none for a paper without: a headline made up from its abstract added nothing to any eval set's
 * ranking), the synonyms, and its venue's stems. An acronym counts where the paper writes it as defined ("SFT",
 * not "sft"; "NO", not the word
 * "no"), both ways. Each distinct word is analysed once per writer (one lookup a word after that): a corpus holds
 * far fewer words than tokens.
 */
export function textRowWriter(synonyms: Synonyms): (paper: TextPaper) => TextRow {
  const entries = new Map<string, WordEntry>();
  const firstStems = synonyms.byOpening;
  const entryOf = (word: string): WordEntry => {
    const known = entries.get(word);
    if (known !== undefined) return known;
    const folded = foldedText(word);
    // Each word once a writer: a cache of recent words, which 300,000 distinct words would churn, is not needed.
    const stem = searched(folded) ? stemOfUncached(folded) : undefined;
    const entry = {
      longs: synonyms.byShort.get(word)?.flatMap((synonym) => synonym.stems),
      terms: stem === undefined ? undefined : { surface: lightStemOf(folded), stem },
      opens: stem !== undefined && firstStems.has(stem),
    };
    entries.set(word, entry);
    return entry;
  };
  const termsOf = (text: string) => wordTextsOf(text).flatMap((word) => entryOf(word).terms ?? []);
  const stemsOfText = (text: string) =>
    termsOf(text)
      .map((terms) => terms.stem)
      .join(" ");
  return (paper) => {
    const { abstract } = paper;
    const stems: string[] = [];
    const surface = [...termsOf(paper.title ?? ""), ...termsOf(paper.venue ?? "")].map(
      (terms) => terms.surface,
    );
    const added: string[] = [];
    const opened: number[] = [];
    for (const word of wordTextsOf(abstract)) {
      const { longs, terms, opens } = entryOf(word);
      if (longs !== undefined) added.push(...longs);
      if (terms === undefined) continue;
      if (opens) opened.push(stems.length);
      surface.push(terms.surface);
      stems.push(terms.stem);
    }
    for (const at of opened)
      for (const { shortStem } of longFormsAt(synonyms, stems, at)) added.push(shortStem);
    for (const compound of joinedCompoundsOf(`${paper.title ?? ""}. ${abstract}`).split(" ")) {
      const terms = compound === "" ? undefined : entryOf(compound).terms;
      if (terms !== undefined) added.push(terms.stem);
      if (terms !== undefined) surface.push(terms.surface);
    }
    return {
      headline: stemsOfText(paper.title ?? ""),
      stems: stems.join(" "),
      surface: surface.join(" "),
      synonyms: added.join(" "),
      venue: stemsOfText(paper.venue ?? ""),
    };
  };
}

/** A paper as its text row reads it. */
export type TextPaper = Pick<PaperRead, "abstract" | "title" | "venue">;

/** The text rows of the papers at `places` (their places in `papers`, in the order given). */
export function textRowsOf(
  papers: readonly TextPaper[],
  facts: AbstractFacts,
  places: readonly number[],
): TextRow[] {
  const textRowOf = textRowWriter(synonymsOf(facts.acronyms));
  return places.map((at) => textRowOf(papers[at] ?? { abstract: "" }));
}
