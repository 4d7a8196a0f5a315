import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { joinedCompoundsOf } from "./compounds.js";
import { type Vocabulary, vocabularyOf } from "./store-vocabulary.js";

/** What the index counts from the abstracts' words: worked out on another thread, it is done while the rest is written. */
export interface WordStats {
  vocabulary: Vocabulary;
}

/** FromAbstracts as a helper gives it: the headlines and acronyms first (the text rows wait for them), then the rest. */
export interface FromAbstractsInTurn {
  facts: Promise<AbstractFacts>;
  wordStats: Promise<WordStats>;
}

/** FromAbstractsInTurn worked out on this thread. */
export function fromAbstractsInLine(abstracts: readonly string[]): FromAbstractsInTurn {
  return {
    facts: Promise.resolve().then(() => abstractFactsOf(abstracts)),
    wordStats: Promise.resolve().then(() => wordStatsOf(abstracts)),
  };
}

/** The vocabulary of these abstracts: words as written, hyphenated ones joined too. */
export function wordStatsOf(abstracts: readonly string[]): WordStats {
  const rows = abstracts.map((abstract) => ({ abstract, compounds: joinedCompoundsOf(abstract) }));
  return { vocabulary: vocabularyOf(rows) };
}
