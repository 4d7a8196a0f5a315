import { isContentWord } from "./lexicon.js";
import { type MarkovChain, sentenceIds } from "./markov.js";
import type { Random } from "./random.js";

/** What one abstract may mention besides chain text: its own method, a topic's acronym and terms. */
export interface AbstractPlan {
  method: string;
  acronym?: { long: string; short: string };
  /** Lexicon ids of the paper's topic terms, favoured over the general vocabulary. */
  topicTerms: readonly number[];
  words: number;
}

/** Everything the abstract writer reads; built once per corpus. */
export interface WriterContext {
  chain: MarkovChain;
  lexicon: readonly string[];
  /** Lexicon id of each chain token, -1 for tokens that are not content words. */
  lexiconIdOfToken: Int32Array;
  sampleLexiconId: () => number;
  random: Random;
}

export interface WrittenAbstract {
  text: string;
  /** Lexicon ids of every content word written, repeats included. */
  lexiconIds: number[];
}

const PROPOSALS = [
  "In this paper, we propose",
  "We propose",
  "We introduce",
  "This paper presents",
  "To this end, we develop",
];
const FINDINGS = ["Experiments show that", "Extensive experiments demonstrate that", "Our results show that"];
const BRIDGES = [
  "Building on",
  "Motivated by recent work on",
  "Prior work on",
  "Unlike existing approaches to",
];

export function createWriterContext(
  chain: MarkovChain,
  lexicon: readonly string[],
  sampleLexiconId: () => number,
  random: Random,
): WriterContext {
  const index = new Map(lexicon.map((word, id) => [word, id]));
  const lexiconIdOfToken = Int32Array.from(chain.tokens, (token) =>
    isContentWord(token) ? (index.get(token) ?? -1) : -1,
  );
  return { chain, lexicon, lexiconIdOfToken, sampleLexiconId, random };
}

/** A title-less abstract of about `plan.words` words: chain sentences with Zipf-drawn content words swapped in. */
export function writeAbstract(context: WriterContext, plan: AbstractPlan): WrittenAbstract {
  const { chain, lexicon, lexiconIdOfToken, sampleLexiconId, random } = context;
  const parts: string[] = [];
  const lexiconIds: number[] = [];
  let words = 0;
  const methodAt = 1 + random.int(2);
  const acronymAt = plan.acronym && random.chance(0.5) ? 0 : methodAt + 1;
  let acronymDefined = false;
  let methodMentioned = false;

  const emit = (ids: number[], lead: string): void => {
    let sentence = lead;
    for (const id of ids) {
      const token = chain.tokens[id] as string;
      if (token === "." || token === "," || token === ";" || token === ":") {
        sentence += token;
        continue;
      }
      let word = token;
      let lexiconId = lexiconIdOfToken[id] as number;
      if (lexiconId >= 0) {
        const roll = random.next();
        if (roll < 0.04 && plan.topicTerms.length > 0)
          lexiconId = plan.topicTerms[random.int(plan.topicTerms.length)] as number;
        else if (roll < 0.32) lexiconId = sampleLexiconId();
        else if (roll < 0.34 && acronymDefined && plan.acronym) lexiconId = -2;
        word = lexiconId === -2 ? (plan.acronym?.short ?? token) : (lexicon[lexiconId] as string);
        if (lexiconId >= 0) lexiconIds.push(lexiconId);
      }
      sentence += sentence.length === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : ` ${word}`;
      words++;
    }
    parts.push(sentence);
  };
  const startOf = (word: string): number | undefined => chain.idOf.get(word);

  for (let index = 0; words < plan.words || !methodMentioned; index++) {
    if (index === methodAt || (!methodMentioned && words >= plan.words)) {
      const lead = `${random.pick(PROPOSALS)} ${plan.method}, a`;
      words += lead.split(" ").length;
      emit(sentenceIds(chain, random, startOf("a")).slice(1), lead);
      methodMentioned = true;
    } else if (index === acronymAt && plan.acronym) {
      const lead = `${random.pick(BRIDGES)} ${plan.acronym.long} (${plan.acronym.short}),`;
      words += lead.split(" ").length;
      emit(sentenceIds(chain, random), lead);
      acronymDefined = true;
    } else if (methodMentioned && random.chance(0.15)) {
      const lead = `${random.pick(FINDINGS)} ${plan.method}`;
      words += lead.split(" ").length;
      const verb = random.chance(0.5) ? "outperforms" : "achieves";
      emit(sentenceIds(chain, random, startOf(verb)), lead);
    } else {
      emit(sentenceIds(chain, random), "");
    }
  }
  return { text: parts.join(" "), lexiconIds };
}
