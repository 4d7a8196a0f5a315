import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { type Vocabulary, vocabularyOf } from "./store-vocabulary.js";

/** What the index takes from the abstracts alone: worked out on another thread, it is done while the rest is written. */
export interface FromAbstracts extends AbstractFacts {
  vocabulary: Vocabulary;
}

export function fromAbstracts(abstracts: readonly string[]): FromAbstracts {
  return { ...abstractFactsOf(abstracts), vocabulary: vocabularyOf(abstracts) };
}
