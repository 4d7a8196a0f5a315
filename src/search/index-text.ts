import type { Acronym } from "../corpus/types.js";
import { foldedText, isStopWord, lightStemOf, stemOf, wordsOf } from "./analyze.js";
import { joinedCompoundsOf } from "./compounds.js";

/** One paper's row of `text`: each column's terms, joined by spaces. */
export interface TextRow {
  headline: string;
  stems: string;
  surface: string;
  synonyms: string;
  venue: string;
}

/** The acronyms as the index writes them: by the short form as papers write it, and by the long form's first stem. */
export interface Synonyms {
  byShort: Map<string, string[][]>;
  byFirstStem: Map<string, { stems: string[]; short: string }[]>;
}

const searched = (folded: string) => !isStopWord(folded);
const stemsOf = (text: string) =>
  wordsOf(text).flatMap((word) => {
    const folded = foldedText(word.text);
    return searched(folded) ? [stemOf(folded)] : [];
  });

/** Acronyms with a short form that is no stop word and a long form of two terms or more, each pair once. */
export function synonymsOf(acronyms: readonly Acronym[]): Synonyms {
  const table: Synonyms = { byShort: new Map(), byFirstStem: new Map() };
  const seen = new Set<string>();
  for (const { short, long } of acronyms) {
    const stems = stemsOf(long);
    const shortFolded = foldedText(short);
    const key = `${short} ${stems.join(" ")}`;
    if (!searched(shortFolded) || stems.length < 2 || seen.has(key)) continue;
    seen.add(key);
    table.byShort.set(short, [...(table.byShort.get(short) ?? []), stems]);
    const first = stems[0] ?? "";
    table.byFirstStem.set(first, [
      ...(table.byFirstStem.get(first) ?? []),
      { stems, short: stemOf(shortFolded) },
    ]);
  }
  return table;
}

/**
 * A paper's row: the abstract's stems and its words as written, its title's stems (the headline worked out from the
 * abstract when its export gave no title), the synonyms, and its venue's stems. An acronym counts where the paper
 * writes it as defined ("SFT", not "sft"; "NO", not the word "no"), both ways.
 */
export function textRowOf(
  paper: { abstract: string; title?: string | undefined; venue?: string | undefined },
  headline: string,
  synonyms: Synonyms,
): TextRow {
  const { abstract } = paper;
  const words = wordsOf(abstract);
  const stems: string[] = [];
  const surface: string[] = [];
  const added: string[] = [];
  for (const word of words) {
    for (const long of synonyms.byShort.get(word.text) ?? []) added.push(...long);
    const folded = foldedText(word.text);
    if (!searched(folded)) continue;
    surface.push(lightStemOf(folded));
    stems.push(stemOf(folded));
  }
  for (let at = 0; at < stems.length; at++) {
    for (const entry of synonyms.byFirstStem.get(stems[at] ?? "") ?? []) {
      if (entry.stems.every((stem, j) => stems[at + j] === stem)) added.push(entry.short);
    }
  }
  const compounds = joinedCompoundsOf(`${paper.title ?? ""}. ${abstract}`)
    .split(" ")
    .filter((word) => word !== "")
    .map((word) => stemOf(foldedText(word)));
  return {
    headline: stemsOf(paper.title ?? headline).join(" "),
    stems: stems.join(" "),
    surface: surface.join(" "),
    synonyms: [...added, ...compounds].join(" "),
    venue: stemsOf(paper.venue ?? "").join(" "),
  };
}
