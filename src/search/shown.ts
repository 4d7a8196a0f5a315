import type { Paper } from "../corpus/types.js";
import { foldedWordsOf, termOf } from "./analyze.js";
import type { QueryPlan } from "./plan-types.js";
import { type Marks, snippetOf } from "./snippet.js";
import type { IndexStore } from "./store-read.js";
import type { SearchHit } from "./types.js";

// How a search's answer shows: its hits with snippets, the query as it was searched, words as they were typed.

const snippetLength = 280;

/** What a hit's snippet marks: every word and phrase the plan could have matched, and near misses where they counted. */
export function marksOf(plan: QueryPlan, nearMisses: boolean): Marks {
  const phrases = [...plan.groups.flatMap((g) => g.alternatives), ...plan.phrases].map((words) =>
    words.flatMap((word) => termOf(word) ?? []),
  );
  const related = nearMisses ? plan.groups.flatMap((g) => g.related()) : [];
  return {
    words: new Set([
      ...phrases.filter((p) => p.length === 1).flat(),
      ...related.flatMap((w) => termOf(w) ?? []),
    ]),
    // A long form is marked where it stands whole: not "policy" and "optimization" apart for DVPO.
    phrases: phrases.filter((p) => p.length > 1),
  };
}

/** Hits with their snippets; papers ranking already read (`paper`) are not read again. */
export function hitsOf(
  store: IndexStore,
  ranked: readonly { rowid: number; score: number; paper?: Paper }[],
  marks: Marks,
): SearchHit[] {
  const unread = store.papers(ranked.flatMap((r) => (r.paper ? [] : [r.rowid])));
  return ranked.flatMap(({ rowid, score, paper = unread.get(rowid) }) =>
    paper ? [{ paper, score, snippet: snippetOf(paper.abstract, marks, snippetLength) }] : [],
  );
}

const edgePunctuation = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** A token's words as one key: "rewrad" → rewrad, "Sestuing-RL" → sestuingrl (a compound is corrected whole). */
const joinedWordsOf = (token: string) => foldedWordsOf(token).join("");
/** A word of the query as it was typed there ("LLM", not "llm"). */
export const asTypedIn = (query: string, word: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
    "iu",
  ).exec(query)?.[0] ?? word;

/** The query as searched: each corrected word replaced by the correction the best paper holds, as it writes it. */
export function showingFor(query: string, plan: QueryPlan, best: Paper | undefined): string | undefined {
  const corrected = plan.groups.filter((g) => g.corrected);
  if (corrected.length + plan.stopSlips.length + plan.nameSlips.length === 0) return undefined;
  const held = new Set(best ? foldedWordsOf(best.abstract) : []);
  const tokens = best ? best.abstract.split(/\s+/).map((token) => token.replace(edgePunctuation, "")) : [];
  // A named thing is shown as the paper writes it ("Senstuing-RL", "EliteKV"); other words in lower case.
  const writtenAs = (joined: string) =>
    tokens.find((token) => /-|.\p{Lu}/u.test(token) && joinedWordsOf(token) === joined);
  const replacement = new Map([
    ...corrected.flatMap((g): [string, string][] => {
      // A long form with a slip in it ("rewrad modle"): each word typed, as read.
      const typed = g.typed.split(" ");
      const shown = g.shown.split(" ");
      if (typed.length > 1) return typed.map((word, at) => [word, shown[at] ?? word]);
      // Of words typed joined ("rewardmodel"), the words: their acronym (RM) is searched but not what was meant.
      const meant = g.expansions.length > 0 ? g.alternatives.slice(0, 1) : g.alternatives;
      const options = meant.map((a) => a.join(" "));
      const found = options.map(writtenAs).find(Boolean) ?? options.find((w) => held.has(w));
      return [[g.typed, found ?? g.shown]];
    }),
    ...plan.stopSlips.map((slip): [string, string] => [slip.typed, slip.stopWord]),
    ...plan.nameSlips.map((slip): [string, string] => [slip.typed, slip.name]),
  ]);
  return query
    .trim()
    .split(/\s+/)
    .map((token) => replacement.get(joinedWordsOf(token)) ?? token)
    .join(" ");
}
