import type { Corpus } from "../../src/corpus/types.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import { corpusOf } from "./fixture-corpus.js";

const syllables = [
  "ka",
  "ri",
  "mo",
  "te",
  "lu",
  "sha",
  "vin",
  "dor",
  "pe",
  "qua",
  "zen",
  "ith",
  "bro",
  "nal",
];
const common = ["model", "reward", "agent", "learning", "policy", "language", "vision", "entropy", "tokens"];
const people = ["Ana Silva", "Bo Chen", "Wen-Xiang Li", "Wenxiang Li", "Zoë Müller", "Kai Sheng", "Lu Wang"];

/** A seeded corpus of `count` papers mixing common words, invented words, hyphen compounds and an acronym. */
export function generatedCorpus(count: number, seed = 7): Corpus {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const invented = Array.from({ length: 400 }, () => pick(syllables) + pick(syllables) + pick(syllables));
  const sentence = () =>
    Array.from({ length: 8 + Math.floor(random() * 10) }, () => {
      const roll = random();
      if (roll < 0.35) return pick(common);
      if (roll < 0.4) return `${pick(invented)}-${pick(common)}`;
      if (roll < 0.43) return "proximal policy optimization";
      return pick(invented);
    }).join(" ");
  return corpusOf(
    Array.from({ length: count }, (_, i) => {
      const authors = [pick(people), pick(people), pick(people)].filter(
        (name, at, all) => all.indexOf(name) === at,
      );
      return {
        id: `g${i.toString(16).padStart(6, "0")}`,
        authors,
        owners: [authors[0] as string],
        abstract: `${sentence()}. ${sentence()} (PPO). ${sentence()}.`,
      };
    }),
    [{ short: "PPO", long: "proximal policy optimization" }],
  );
}
