import type { AcronymTerms } from "./analyze.js";

export const emptyQueryNotice =
  'Type a few words to search for, e.g. `reward models` or `author:"Shihan Dou"`.';
export const stopWordsNotice =
  "Those words are too common to search for. Try something more specific, e.g. `speculative decoding`.";
export const onlyExclusionsNotice = "Add a word to search for besides the ones to leave out.";
export const someWordsNotice = "No paper has all of those words, so these have some of them.";

export function unknownAuthorNotice(name: string): string {
  return `No author matches “${name}”.`;
}

export function expansionNotice(expansions: readonly AcronymTerms[]): string {
  const seen = [...new Map(expansions.map((e) => [`${e.short}|${e.long.toLowerCase()}`, e])).values()];
  return `Also searched for ${seen.map((e) => `${e.short} (${e.long.toLowerCase()})`).join(", ")}.`;
}

export function relatedNotice(matching: number): string {
  return `Only ${matching === 1 ? "one paper mentions" : `${matching} papers mention`} that; the ones after ${matching === 1 ? "it" : "them"} are related papers.`;
}
