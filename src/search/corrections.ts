import { isStopWord } from "./analyze.js";
import { isEnglishWord } from "./english.js";
import type { PlanContext, WordGroup } from "./plan-types.js";
import { slipLikelihood } from "./slips.js";
import { type Candidate, type Dictionary, exactFormsOf, forgivenEdits } from "./terms.js";

const maxCorrections = 3;
/** A correction joins the best one only when at least this share as likely (1 in 4). */
const rivalShare = 4;
/** Near words of a slip the other words of the query may confirm (one index lookup each). */
const maxConfirmable = 12;

/**
 * A word the corpus does not know, read as a slip of one it does: the likeliest near words, with every near word
 * kept for the rest of the query to confirm one (see confirmedGroups). A stop word is never searched for.
 * Most slips are one edit: words two edits away (twice the trees to read) are looked up only when no word one
 * edit away is found, or when the rest of the query confirms none of them. An English word ("prediction") is
 * more likely a word the corpus lacks than a slip: it is read as one only one edit away, where the rest of the
 * query confirms it ("reward modes").
 */
export function correctionOf(word: string, dictionary: Dictionary): WordGroup | undefined {
  const realWord = isEnglishWord(word);
  const forgiven = realWord ? Math.min(1, forgivenEdits(word)) : forgivenEdits(word);
  // A number is never a slip of another ("2023" is not 2024, "gpt5" not gpt4): a correction keeps the digits.
  const digits = digitsOf(word);
  // An English word was meant as typed at its first letter ("hacking" is not "lacking").
  const nearWord = (edits: number) =>
    dictionary.near(word, edits, !realWord).filter((c) => digitsOf(c.word) === digits);
  const oneEdit = nearWord(Math.min(1, forgiven));
  const near = oneEdit.length > 0 || forgiven < 2 ? oneEdit : nearWord(forgiven);
  const candidates = confirmable(near);
  const furtherCandidates =
    near === oneEdit && forgiven > 1 ? () => confirmable(nearWord(forgiven)) : undefined;
  const likeliest = correctionGroup(word, near, dictionary);
  if (likeliest !== undefined && isStopWord(likeliest.shown) && !realWord) {
    // "wiht" is "with" mistyped, unless the rest of the query confirms another reading: left out as "with" is.
    return { ...likeliest, alternatives: [], candidates, furtherCandidates, stopWord: likeliest.shown };
  }
  const group = correctionGroup(word, candidates, dictionary);
  return group && { ...group, candidates, furtherCandidates, ...(realWord ? { realWord } : {}) };
}

const digitsOf = (word: string) => word.replace(/\D/g, "");

const confirmable = (near: readonly Candidate[]) =>
  near.filter((c) => !isStopWord(c.word)).slice(0, maxConfirmable);

/**
 * A slip read as the likeliest of `near`: the nearest words, the likeliest first (how common the word is, times
 * how likely the slip: a swap or a neighbouring key before a key across the keyboard), and those nearly as likely.
 */
function correctionGroup(
  typed: string,
  near: readonly Candidate[],
  dictionary: Dictionary,
): WordGroup | undefined {
  const nearest = Math.min(...near.map((c) => c.distance));
  const likely = near
    .filter((c) => c.distance === nearest)
    .map((c) => ({ word: c.word, likelihood: c.papers * slipLikelihood(typed, c.word) }))
    .sort((a, b) => b.likelihood - a.likelihood || (a.word < b.word ? -1 : 1));
  const best = likely[0];
  if (best === undefined) return undefined;
  // A rare near word would outrank the common one meant (its BM25 weight is higher): keep the likely ones.
  const closest = likely.filter((c) => c.likelihood * rivalShare >= best.likelihood).slice(0, maxCorrections);
  return {
    typed,
    shown: best.word,
    alternatives: closest.map((c) => [c.word]),
    exact: exactFormsOf(best.word, dictionary),
    related: () => [],
    corrected: true,
    expansions: [],
  };
}

/**
 * Corrections the rest of the query confirms: of a slip's near words, those some paper holds beside the
 * other words ("thism soous" is "thiism soous" when only that paper holds both), read as above among them.
 */
export function confirmedGroups(groups: readonly WordGroup[], context: PlanContext): WordGroup[] {
  return groups.map((group, at) => {
    if (!group.corrected || group.candidates === undefined) return group;
    // Unconfirmed, an English word is not read as a slip: it is a word no paper holds.
    const unconfirmed = group.realWord ? (group.otherwise ?? { ...group, alternatives: [] }) : group;
    const others = groups.filter((g, j) => j !== at && g.alternatives.length > 0).map((g) => g.alternatives);
    if (others.length === 0) return unconfirmed;
    const heldOf = (candidates: readonly Candidate[]) =>
      candidates.filter((c) => context.holdsAll([[[c.word]], ...others]));
    let held = heldOf(group.candidates);
    if (held.length === 0 && group.furtherCandidates !== undefined) held = heldOf(group.furtherCandidates());
    return correctionGroup(group.typed, held, context.dictionary) ?? unconfirmed;
  });
}
