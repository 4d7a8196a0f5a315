import { isSlipOfName } from "./names.js";

/** A word of the query as the plan reads it: a word, or a hyphenated compound's pieces. */
export type Unit = { word: string; prefix: boolean } | { compound: string[] };

/** A typed word of a name read as the name's word ("zhuo" in "Enyu Zhuo" → Zhou). */
export interface NameSlip {
  typed: string;
  name: string;
}

export interface NameReading {
  /** How many papers hold the word in their text. */
  textPapers(unit: Unit): number;
  /** How many papers are by the people the words name; 0: nobody (asked often: the caller remembers answers). */
  namedPapers(name: string): number;
  /** The names near a misspelt one ("Enyu Zhuo" → Enyu Zhou), nearest first. */
  nearNames(name: string): string[];
}

/** A person's name is at most this many words ("Wen-Xiang Chen", "Jan van der Berg"). */
const longestName = 4;
/** One word is a name where this many times more papers are by someone so named than mention it ("zhou" in a
 * link), and a word otherwise ("GAN" in abstracts, beside a Gan among the authors). */
const clearlyMore = 3;

const textOf = (unit: Unit) => ("word" in unit ? unit.word : unit.compound.join("-"));

/**
 * Names typed among the words ("zheng reward models", "Enyu Zhou RLHF"): the longest runs of words that name
 * someone. The papers' text does not hold their authors' names, so a name is read as an author filter: two or
 * more words that name someone always, one word when clearly more papers are by someone so named than hold it.
 * Two or more words, one of them someone's and one in no paper, may be a slip in a name ("Enyu Zhuo").
 */
export function namedAuthorsOf(
  units: readonly Unit[],
  reading: NameReading,
): { names: string[]; slips: NameSlip[]; rest: Unit[] } {
  const names: string[] = [];
  const slips: NameSlip[] = [];
  const rest: Unit[] = [];
  const { namedPapers } = reading;
  const nameable = (unit: Unit | undefined): unit is Unit =>
    unit !== undefined && !("prefix" in unit && unit.prefix);
  // Every word of a name is part of someone's ("PPO-max" is not, though a hyphen lets the lookup pass over it).
  const exactly = (run: readonly Unit[]): boolean => {
    const [only] = run;
    if (only === undefined || !run.every((unit) => namedPapers(textOf(unit)) > 0)) return false;
    const papers = namedPapers(run.map(textOf).join(" "));
    return papers > 0 && (run.length > 1 || papers > clearlyMore * reading.textPapers(only));
  };
  const nearly = (run: readonly Unit[]): string | undefined => {
    if (run.length < 2 || !run.some((unit) => reading.textPapers(unit) === 0)) return undefined;
    const typed = run.map(textOf);
    if (!typed.some((word) => namedPapers(word) > 0)) return undefined;
    // The one near name that keeps the words typed right, each in its place, and the others a slip away from
    // theirs ("Rui Zhneg" is Rui Zheng, not Guodong Zheng; "RLHF Zhiheng" is nobody).
    const near = reading.nearNames(typed.join(" ")).filter((name) => isSlipOfName(typed, name));
    const [name] = near;
    const words = name?.split(/\s+/) ?? [];
    if (name === undefined || near.length > 1) return undefined;
    // Shown whole, as the person's name is written: "Enyu Zhou", not "enyu Zhou".
    for (const [at, word] of typed.entries()) slips.push({ typed: word, name: words[at] ?? word });
    return name;
  };
  for (let at = 0; at < units.length; ) {
    let longest = at;
    while (longest - at < longestName && nameable(units[longest])) longest++;
    let found: { name: string; end: number } | undefined;
    for (let end = longest; end > at && !found; end--) {
      const run = units.slice(at, end);
      const name = exactly(run) ? run.map(textOf).join(" ") : nearly(run);
      if (name !== undefined) found = { name, end };
    }
    if (found) {
      names.push(found.name);
      at = found.end;
    } else {
      const unit = units[at];
      if (unit !== undefined) rest.push(unit);
      at += 1;
    }
  }
  return { names, slips, rest };
}
