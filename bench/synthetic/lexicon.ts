import type { MarkovChain } from "./markov.js";
import type { Random } from "./random.js";

const STOP_WORDS = new Set(
  (
    "about above after again against also among an and any are because been before being below between both but " +
    "can cannot could does doing down during each even from further have having here hence however into itself " +
    "just more most much must only other our ours over same should such than that their theirs them then there " +
    "these they this those through thus under until upon very various well were what when where which while who " +
    "whom whose will with within without would your yours often across while"
  ).split(" "),
);

/** A word the index would keep: lowercase, at least four letters, not a stop word. */
export function isContentWord(token: string): boolean {
  return /^[a-z]{4,}$/.test(token) && !STOP_WORDS.has(token);
}

const ONSETS = [
  "b",
  "br",
  "c",
  "cr",
  "d",
  "dr",
  "f",
  "g",
  "gr",
  "h",
  "k",
  "l",
  "m",
  "n",
  "p",
  "pr",
  "qu",
  "r",
].concat(["s", "sc", "sp", "st", "t", "tr", "v", "z", "ph", "th", "ch"]);
const VOWELS = ["a", "e", "i", "o", "u", "a", "e", "i", "o", "io", "ea", "y"];
const CODAS = ["", "", "", "", "n", "r", "l", "s", "m", "x", "nt", "st"];
const SUFFIXES = [
  "",
  "",
  "",
  "",
  "",
  "",
  "ation",
  "ive",
  "al",
  "ing",
  "ity",
  "ic",
  "ous",
  "ism",
  "oid",
  "er",
];

function pseudoWord(random: Random): string {
  const syllables = 1 + random.int(3);
  let word = "";
  for (let i = 0; i < syllables; i++) word += random.pick(ONSETS) + random.pick(VOWELS) + random.pick(CODAS);
  return word + random.pick(SUFFIXES);
}

/**
 * Content words ranked for Zipf sampling: the real words of the sources by frequency first,
 * then invented words, so the vocabulary keeps growing with corpus size as real text does.
 */
export function rankedLexicon(
  chain: MarkovChain,
  size: number,
  random: Random,
): { words: string[]; real: number } {
  const counts = new Map<string, number>();
  for (const list of chain.next1) {
    for (const id of list) {
      const token = chain.tokens[id] as string;
      if (isContentWord(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
    }
  }
  const real = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
  const seen = new Set(real);
  const lexicon = real.slice(0, size);
  while (lexicon.length < size) {
    const word = pseudoWord(random);
    if (word.length >= 4 && !seen.has(word)) {
      seen.add(word);
      lexicon.push(word);
    }
  }
  return { words: lexicon, real: Math.min(real.length, size) };
}

const METHOD_TAILS = [
  "-RL",
  "-LM",
  "Net",
  "-PO",
  "Former",
  "-Bench",
  "GPT",
  "-X",
  "-Agent",
  "Align",
  "-Zero",
  "Mix",
];

/** A unique invented method name such as "Vorkastrel-RL" or "PRAXIONet". */
export function methodName(random: Random, taken: Set<string>): string {
  for (;;) {
    const stem = pseudoWord(random);
    const head = random.chance(0.4) ? stem.slice(0, 4 + random.int(3)).toUpperCase() : capitalize(stem);
    const name = head + random.pick(METHOD_TAILS);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "Reinforcement Learning from Human Feedback (RLHF)"-style: the long form and its initials. */
export function acronymOf(words: readonly string[]): { long: string; short: string } {
  return {
    long: words.map(capitalize).join(" "),
    short: words.map((word) => word.charAt(0).toUpperCase()).join(""),
  };
}
