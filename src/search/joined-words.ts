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

type Context = Pick<PlanContext, "dictionary" | "holdsAll" | "mostWrittenOf" | "acronyms">;
interface Split {
  words: string[];
  /** Papers holding the rarer of the two words. */
  papers: number;
}

/** Splits into two words of the corpus. */
function wholeSplitsOf(word: string, { dictionary }: Context): Split[] {
  const splits: Split[] = [];
  for (let at = shortestPart; at <= word.length - shortestPart; at++) {
    const words = [word.slice(0, at), word.slice(at)];
    if (words.some(isStopWord)) continue;
    const papers = Math.min(...words.map((part) => dictionary.papers(part)));
    if (papers > 0) splits.push({ words, papers });
  }
  return splits;
}

/** Endings looked at for the start of a word (the most common first): "gen" is general, generation, … */
const maxEndings = 10;
/** Splits into a word and a start looked for in the papers by their stems (one index lookup each). */
const maxAsked = 12;

/** Splits into a word and the start of one, as "codegen" is code gen(eration): the commonest endings of each. */
function shortenedSplitsOf(word: string, { dictionary }: Context): Split[] {
  const splits: Split[] = [];
  for (let at = shortestPart; at <= word.length - shortestPart; at++) {
    const [head, start] = [word.slice(0, at), word.slice(at)];
    const headPapers = isStopWord(head) ? 0 : dictionary.papers(head);
    if (headPapers === 0) continue;
    for (const ending of dictionary.completions(start, maxEndings)) {
      if (ending.word !== start && !isStopWord(ending.word))
        splits.push({ words: [head, ending.word], papers: Math.min(headPapers, ending.papers) });
    }
  }
  return splits;
}

/**
 * The likeliest split into a word and the start of one that a paper writes side by side. Endings of one stem
 * ("general", "generation") are one phrase to the index: the papers holding it tell which is written.
 */
function writtenShortenedSplitOf(word: string, context: Context): Split | undefined {
  const likeliest = shortenedSplitsOf(word, context)
    .sort((a, b) => b.papers - a.papers)
    .slice(0, maxAsked);
  const byStems = new Map<string, Split[]>();
  for (const split of likeliest) {
    const stems = split.words.map((part) => termOf(part) ?? part).join(" ");
    byStems.set(stems, [...(byStems.get(stems) ?? []), split]);
  }
  for (const splits of [...byStems.values()].slice(0, maxTried)) {
    const written = context.mostWrittenOf(splits.map((split) => split.words));
    const split = splits.find((each) => each.words === written);
    if (split !== undefined) return split;
  }
  return undefined;
}

/** The likeliest of these splits that some paper writes side by side. */
function heldSplitOf(splits: Split[], context: Context): Split | undefined {
  const likeliest = splits.sort((a, b) => b.papers - a.papers).slice(0, maxTried);
  return likeliest.find((split) => context.holdsAll([[split.words]]));
}

/**
 * A word the corpus does not know read as two typed without the space between them ("rewardmodel"): the split
 * into two words some paper writes side by side, the pair of commonest words first, with the acronym they are
 * the long form of ("rewardmodel" is reward model, or RM). Failing that, a word and the start of the next
 * ("codegen" is code generation). Undefined when there is none.
 */
export function joinedWordsOf(word: string, context: Context): WordGroup | undefined {
  if (word.length < shortestJoined || word.length > longestJoined || /\d/.test(word)) return undefined;
  const held = heldSplitOf(wholeSplitsOf(word, context), context) ?? writtenShortenedSplitOf(word, context);
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
