import { type AcronymTable, type AcronymTerms, foldedWordsOf, isUnambiguous } from "./analyze.js";
import type { WordGroup } from "./plan-types.js";

/** Words that are an acronym's long form, or the acronym (`short`, as typed): any of its forms matches. */
export function acronymGroup(
  typed: string,
  meanings: AcronymTerms[],
  table: AcronymTable,
  short?: string,
): WordGroup {
  const alternatives = new Map<string, string[]>();
  if (short !== undefined) alternatives.set(short, [short]);
  for (const meaning of meanings) {
    const words = foldedWordsOf(meaning.long);
    alternatives.set(words.join(" "), words);
    const shortWords = foldedWordsOf(meaning.short);
    if (isUnambiguous(table, meaning.shortTerm) && shortWords.length > 0)
      alternatives.set(shortWords.join(" "), shortWords);
  }
  return {
    typed,
    shown: typed,
    alternatives: [...alternatives.values()],
    exact: [],
    related: () => [],
    corrected: false,
    expansions: meanings,
  };
}
