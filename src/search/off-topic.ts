import { isEnglishWord } from "./english.js";
import { allOf } from "./match.js";
import type { QueryPlan, WordGroup } from "./plan-types.js";
import { clauseOf } from "./ranking.js";
import type { IndexStore } from "./store-read.js";
import type { Dictionary } from "./terms.js";

/** A word in more than this share of the papers, and more than so many, says little alone ("learning", "models"). */
const commonShare = 0.2;
const commonPapers = 10;

/**
 * Whether a group matches more than `common` papers. Its words' paper counts (FTS5's vocabulary) bound that
 * from both sides, so a count over the index (thousands of rows for a common word) is the rare case.
 */
function isCommon(store: IndexStore, group: WordGroup, common: number): boolean {
  // Each word's terms (one, unless the tokenizer splits it) and how many papers hold each, in one probe.
  const wordPapers = store
    .termsOf(group.alternatives.flat())
    .map((terms) => terms.map((term) => store.termPapers(term)));
  let from = 0;
  let most = 0;
  let atMost = 0;
  for (const phrase of group.alternatives) {
    const counts = wordPapers.slice(from, from + phrase.length);
    from += phrase.length;
    const [only] = counts;
    if (counts.length === 1 && only?.length === 1) most = Math.max(most, only[0] ?? 0);
    // A phrase is in no more papers than its rarest term.
    atMost += Math.min(...counts.flat());
  }
  if (most > common) return true;
  if (atMost <= common) return false;
  return store.rowidsUpTo({ match: clauseOf(group) }, common + 1).length > common;
}

/**
 * A word read as itself (or a correction of it) that is everyday English: "object" of "object detection", "image"
 * of "image classification" does not name a topic the other words miss, however few papers hold it; a coinage does
 * ("EliteKV", "RLHF", "PPO-max"), and so does a prefix (it stands for the corpus's words).
 */
const isEverydayWord = (group: WordGroup): boolean =>
  (group.exact.length > 0 || group.corrected) &&
  group.expansions.length === 0 &&
  group.shown.split(" ").every((word) => /^\p{Ll}+$/u.test(word) && isEnglishWord(word));

/**
 * The topic is not in the corpus: most of its words are in no paper, and the others say little alone. A word no
 * paper holds that is not English but starts words of the corpus ("jailbr") was left unfinished: not counted.
 */
export function isOffTopic(
  store: IndexStore,
  dictionary: Pick<Dictionary, "completions">,
  plan: QueryPlan,
  papers: number,
): boolean {
  const { groups } = plan;
  // The plan alone first: most queries are decided before a word is looked up.
  if (plan.phrases.length > 0 || groups.length === 0 || plan.missing.length === 0) return false;
  const unfinished = (word: string) => !isEnglishWord(word) && dictionary.completions(word, 1).length > 0;
  const missing = plan.missing.filter((word) => !unfinished(word)).length;
  if (missing === 0) return false;
  // With fewer words missing than found, the found ones must also be in no paper together ("time series
  // forecasting": "time" and "series" are, apart, in papers about neither).
  if (missing < groups.length && (groups.length < 2 || store.anyMatch(allOf(groups.map(clauseOf)))))
    return false;
  const common = Math.max(commonPapers, Math.ceil(papers * commonShare));
  return groups.every((group) => isEverydayWord(group) || isCommon(store, group, common));
}
