import { acronymGroup } from "./acronym-group.js";
import { isStopWord, longFormsAt, termOf } from "./analyze.js";
import type { PlanContext, WordGroup } from "./plan-types.js";

/** Parts shorter than this are found by chance in too many joined words. */
const shortestPart = 3;
/** A word shorter than this is rarely two words typed together. */
const shortestJoined = 7;
/** Longer than this, a word is no two words run together but a pasted string: not split (a lookup per letter). */
const longestJoined = 30;
/** Splits looked for in the papers, the likeliest first (one index lookup each). */
const maxTried = 3;

/**
 * A word the corpus does not know read as two typed without the space between them ("rewardmodel"): the split
 * into two words some paper writes side by side, the pair of commonest words first, with the acronym they are
 * the long form of ("rewardmodel" is reward model, or RM). Undefined when there is none.
 */
export function joinedWordsOf(
  word: string,
  context: Pick<PlanContext, "dictionary" | "holdsAll" | "acronyms">,
): WordGroup | undefined {
  if (word.length < shortestJoined || word.length > longestJoined || /\d/.test(word)) return undefined;
  const splits: { words: string[]; papers: number }[] = [];
  for (let at = shortestPart; at <= word.length - shortestPart; at++) {
    const words = [word.slice(0, at), word.slice(at)];
    if (words.some(isStopWord)) continue;
    const papers = Math.min(...words.map((part) => context.dictionary.papers(part)));
    if (papers > 0) splits.push({ words, papers });
  }
  const likeliest = splits.sort((a, b) => b.papers - a.papers).slice(0, maxTried);
  const held = likeliest.find((split) => context.holdsAll([[split.words]]));
  if (held === undefined) return undefined;
  const stems = held.words.map((part) => termOf(part) ?? "");
  const meanings = longFormsAt(stems, 0, context.acronyms).filter((m) => m.longTerms.length === stems.length);
  // The acronym's forms too ("rewardmodel" is reward model, or RM), as when the words are typed apart.
  const forms = meanings.length > 0 ? acronymGroup(word, meanings, context.acronyms).alternatives : [];
  const shown = held.words.join(" ");
  return {
    typed: word,
    shown,
    alternatives: [held.words, ...forms.filter((words) => words.join(" ") !== shown)],
    exact: [],
    related: () => [],
    corrected: true,
    expansions: meanings,
  };
}
