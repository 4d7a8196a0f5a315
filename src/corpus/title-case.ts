import { isWordUnitAt } from "./code-units.js";
import { STOP_WORDS } from "./title-match.js";

/** A word as written, hyphenated parts kept together ("GPT-4", "PPO-max"), and whether it has a capital past a letter. */
interface Written {
  text: string;
  cased: boolean;
  start: number;
}

/** A unit of a word: a letter, a digit, or a hyphen between two ("GPT-4"). */
const inWord = (text: string, at: number) =>
  isWordUnitAt(text, at) || (text[at] === "-" && isWordUnitAt(text, at - 1) && isWordUnitAt(text, at + 1));

/** The words of a short text (a title), each with whether a capital follows a letter in it. */
function writtenWordsOf(text: string): Written[] {
  const words: Written[] = [];
  let start = -1;
  for (let at = 0; at <= text.length; at++) {
    if (inWord(text, at)) {
      if (start < 0) start = at;
    } else if (start >= 0) {
      const word = text.slice(start, at);
      words.push({ text: word, cased: !isCaseFlattened(word), start });
      start = -1;
    }
  }
  return words;
}

/**
 * A capital after a letter, in ASCII (several times faster than Unicode classes over 100,000 abstracts; an acronym
 * is almost always written in ASCII, and a word in another script with one such pair is found all the same).
 */
const capitalAfterLetter = /[A-Za-z][A-Z]/g;

/**
 * The words of a text written with a capital after a letter ("BERT", "LoRA", "GPT-4": an acronym or a coined name as
 * written), found by a regex and widened to the word: a scan of every word took seconds at 100,000 abstracts.
 */
function casedWordsOf(text: string): Written[] {
  const words: Written[] = [];
  capitalAfterLetter.lastIndex = 0;
  for (let hit = capitalAfterLetter.exec(text); hit !== null; hit = capitalAfterLetter.exec(text)) {
    let start = hit.index;
    while (start > 0 && inWord(text, start - 1)) start--;
    let end = hit.index + 2;
    while (end < text.length && inWord(text, end)) end++;
    words.push({ text: text.slice(start, end), cased: true, start });
    capitalAfterLetter.lastIndex = end;
  }
  return words;
}

/** A word and, when hyphenated, its parts. */
const withParts = (word: Written): Written[] =>
  word.text.includes("-") ? [word, ...writtenWordsOf(word.text.replaceAll("-", " "))] : [word];

/**
 * A title with no capital past any word's first letter, as Google Scholar's BibTeX writes every title ("Bert:
 * Pre-training of deep bidirectional transformers…", "Lora: Low-rank adaptation…"): its acronyms were lowered.
 */
export const isCaseFlattened = (title: string): boolean => {
  capitalAfterLetter.lastIndex = 0;
  return !capitalAfterLetter.test(title);
};

/**
 * How an abstract writes a title's words: each word's writings with a capital after a letter, and how often it is
 * written without.
 */
class Writings {
  /** Folded word → its writings with such a capital and how often, and how often it is written without. */
  private readonly tallies = new Map<string, { forms: Map<string, number>; plain: number }>();

  constructor(abstract: string, words: ReadonlySet<string>) {
    for (const { text, cased } of casedWordsOf(abstract).flatMap(withParts)) {
      if (!cased) continue;
      this.addForm(text, words);
      // "LLMs" is a writing of "LLM".
      if (/\p{Lu}s$/u.test(text)) this.addForm(text.slice(0, -1), words);
    }
    if (this.tallies.size > 0) this.addPlainOf(abstract);
  }

  private addForm(written: string, words: ReadonlySet<string>): void {
    const folded = written.toLowerCase();
    if (!words.has(folded)) return;
    const tally = this.tallies.get(folded) ?? { forms: new Map<string, number>(), plain: 0 };
    tally.forms.set(written, (tally.forms.get(written) ?? 0) + 1);
    this.tallies.set(folded, tally);
  }

  /** Counts the writings without such a capital of the words tallied, each found with indexOf. */
  private addPlainOf(text: string): void {
    const folded = text.toLowerCase();
    // Folding that changes a text's length ("İ") moves every place after it: such a text is not read further.
    if (folded.length !== text.length) return;
    for (const [word, tally] of this.tallies) {
      for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + word.length)) {
        const end = at + word.length + (folded[at + word.length] === "s" ? 1 : 0);
        if (isWordUnitAt(folded, at - 1) || isWordUnitAt(folded, end)) continue;
        if (isCaseFlattened(text.slice(at, end))) tally.plain += 1;
      }
    }
  }

  /**
   * How a folded word is written, when written with a capital after a letter more often than without ("llms": LLMs,
   * from LLM).
   */
  formOf(folded: string): string | undefined {
    const tally = this.tallies.get(folded);
    if (tally === undefined) {
      const form = folded.endsWith("s") ? this.formOf(folded.slice(0, -1)) : undefined;
      return form !== undefined && /\p{Lu}$/u.test(form) ? `${form}s` : undefined;
    }
    let best: [string, number] | undefined;
    for (const form of tally.forms) if (best === undefined || form[1] > best[1]) best = form;
    return best !== undefined && best[1] > tally.plain && !STOP_WORDS.has(folded) ? best[0] : undefined;
  }
}

/**
 * A title an export lowered ("Bert: Pre-training of deep…") with its acronyms and coined names written as the
 * paper's abstract writes them ("BERT: Pre-training of deep…"); any other title as it is.
 */
export function titleCased(title: string, abstract: string): string {
  if (abstract === "" || !isCaseFlattened(title)) return title;
  const words = writtenWordsOf(title);
  // Each word, its parts, and its singular ("llms" may be written "LLM").
  const folded = words.flatMap(withParts).map((word) => word.text.toLowerCase());
  const writings = new Writings(
    abstract,
    new Set([...folded, ...folded.map((word) => word.replace(/s$/, ""))]),
  );
  const formOf = (word: string) => writings.formOf(word.toLowerCase()) ?? word;
  // Rebuilt word by word: a word or, for a hyphenated one, each part in the form found for it.
  let cased = "";
  let last = 0;
  for (const word of words) {
    const whole = formOf(word.text);
    const parts = withParts(word).slice(1);
    const form =
      whole !== word.text || parts.length === 0 ? whole : parts.map((part) => formOf(part.text)).join("-");
    cased += title.slice(last, word.start) + form;
    last = word.start + word.text.length;
  }
  return cased + title.slice(last);
}
