import { LRUCache } from "lru-cache";
import { eng } from "stopword/src/stopwords_eng.js";
import porter2 from "wink-porter2-stemmer";

/** A word of a text and where it sits, so snippets can mark it. */
export interface Word {
  text: string;
  start: number;
  end: number;
}

/** The one stop list, of the index and queries alike: English function words, and the words a question is framed with. */
const stopWords: ReadonlySet<string> = new Set([
  ...eng,
  ...`please pls plz thanks thank thx thanx hey hi hello show find give list looking look want need recommend tell know
  paper papers article articles publication publications anything something everything stuff thing things
  anyone anybody someone somebody everyone write writes wrote written authored publish published`.split(
    /\s+/,
  ),
]);
/** Printable ASCII and line breaks: text that needs no Unicode folding and holds only [A-Za-z0-9] words. */
const ascii = /^[\t\n\r -~]*$/;
const wordPattern = /[\p{L}\p{N}]+/gu;

/** Lower case without accents, as the index's tokenizer folds them: "Zoë" → "zoe". */
export function foldedText(text: string): string {
  if (ascii.test(text)) return text.toLowerCase();
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Scripts written without spaces between words (Thai, kana, CJK ideographs, Hangul): their runs are cut into words
 * as Intl.Segmenter cuts them. Plain ranges: a \p{Script=…} scan of every abstract costs more.
 */
const unspaced = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const segmenter = new Intl.Segmenter("zh", { granularity: "word" });

export function wordsOf(text: string): Word[] {
  const words = Array.from(text.matchAll(wordPattern), (m) => ({
    text: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  if (!unspaced.test(text)) return words;
  return words.flatMap((word) =>
    unspaced.test(word.text)
      ? [...segmenter.segment(word.text)]
          .filter((part) => part.isWordLike)
          .map((part) => ({
            text: part.segment,
            start: word.start + part.index,
            end: word.start + part.index + part.segment.length,
          }))
      : [word],
  );
}

const asciiWordPattern = /[A-Za-z0-9]+/g;

/** The words of a text as written, in order. */
export function wordTextsOf(text: string): string[] {
  // The same words, found twice as fast in ASCII text (most abstracts): the index's rows read 18 million at 100,000.
  if (ascii.test(text)) return text.match(asciiWordPattern) ?? [];
  if (unspaced.test(text)) return wordsOf(text).map((word) => word.text);
  return text.match(wordPattern) ?? [];
}

/** The folded words of a text, in order, stop words included. */
export function foldedWordsOf(text: string): string[] {
  // Cut first, then folded: folding takes Hangul syllables apart, which the cut must see whole (as the index does).
  if (unspaced.test(text)) return wordTextsOf(text).map(foldedText);
  return foldedText(text).match(wordPattern) ?? [];
}

/** A citation's "et al." ("Zhou et al. 2024"), which names nobody and no topic, left out. */
export const withoutEtAl = (text: string): string => text.replace(/\bet\s+al\b\.?/giu, " ");

export function isStopWord(folded: string): boolean {
  return stopWords.has(folded);
}

/**
 * British and American spellings written one way, so "tumour" finds "tumor" and "randomized" "randomised": the
 * productive patterns (-ize, -yze, -our, -tre, -ogue, ae/oe of medicine), not a word list, which misses a field's own
 * words ("haematopoietic", "hypoxaemia"). Both sides of a pair map alike, so a word with one spelling only looks odd.
 */
const britishSpellings: readonly [RegExp, string][] = [
  // -ize the other way: "supervise" has no -ize form, and it must stay "supervision"'s.
  [/^(\w{3,})iz(e|es|ed|ing|ation|ations|er|ers)$/, "$1is$2"],
  [/yz(e|es|ed|ing)$/, "ys$1"],
  // Not contour, detour, devour, nor hatred: American writes them so too.
  [/^(\w{2,}[^t])(?<!^dev)our(s|ed|ing|al|ally|ite|ites|er|ers|able)?$/, "$1or$2"],
  [/^(\w{2,}[bt])re(s?)$/, "$1er$2"],
  [/^(\w{3,}[bt])red$/, "$1ered"],
  [/^(\w{3,}og)ue(s?)$/, "$1$2"],
  [/^(defen|offen|licen|preten)ce(s?)$/, "$1se$2"],
  [/^programme(s?)$/, "program$1"],
  [/(h|^an|^leuk|isch|glyc|ox|ur|ter|tic|tox)aem/, "$1em"],
  [/paed/, "ped"],
  [/^(an|gyn|c|f)ae(s|c)/, "$1e$2"],
  [/^aet/, "et"],
  [/^(f?)oe(st|so|de|tu|ta)/, "$1e$2"],
  [/(diarrh|dyspn)oe/, "$1e"],
  [/^coeli/, "celi"],
];

/** What every pattern above holds: most words hold none, and one test is cheaper than all of them. */
const mayDiffer = /iz|yz|our|[bt]re|ogue|ae|oe|nce|mme/;

export function oneSpellingOf(folded: string): string {
  if (!mayDiffer.test(folded)) return folded;
  return britishSpellings.reduce((word, [pattern, american]) => word.replace(pattern, american), folded);
}

/** Longer than any English word (a pasted sequence, a key): no stem, no slip of a word. */
export const LONGEST_WORD = 40;

/**
 * A folded word's Snowball English stem (keeps generation/general apart, unlike Porter); words with digits stay, and
 * words longer than LONGEST_WORD (the stemmer's patterns take time quadratic in a word's length: 100 ms at 3,000).
 */
export const stemOfUncached = (folded: string): string =>
  /\d/.test(folded) || folded.length > LONGEST_WORD ? folded : porter2(oneSpellingOf(folded));

const stems = new LRUCache<string, string>({ max: 100_000, memoMethod: stemOfUncached });

/** stemOfUncached, the words met most recently kept. */
export const stemOf = (folded: string): string => stems.memo(folded);

/** A light stem, plurals only (Harman's S-stemmer): what `surface` holds ("models" is "model", "computation" stays). */
export function lightStemOf(word: string): string {
  if (word.length < 4 || /\d/.test(word)) return word;
  const folded = oneSpellingOf(word);
  if (/[^ae]ies$/.test(folded)) return `${folded.slice(0, -3)}y`;
  if (/[^aeo]es$/.test(folded)) return folded.slice(0, -1);
  if (/[^us]s$/.test(folded)) return folded.slice(0, -1);
  return folded;
}

/** The index term of one word as written, or undefined for a stop word or a single letter. */
export function termOf(word: string): string | undefined {
  const folded = foldedText(word);
  return folded.length < 1 || stopWords.has(folded) ? undefined : stemOf(folded);
}

/** The words of a text that are searched (stop words and single letters left out), folded. */
export function searchedWordsOf(text: string): string[] {
  return foldedWordsOf(text).filter((word) => !stopWords.has(word));
}

/** A word of a text as phrases read it: a stem (none for a stop word, a number, two letters but an acronym's). */
export interface PhraseWord {
  text: string;
  folded: string;
  stem: string | undefined;
  /**
   * Only spaces part it from the next word, and neither is cut from a hyphenated word: the two may be a phrase
   * ("large language", not the "based agents" of "Model-based Agents").
   */
  spaced: boolean;
}

export function phraseWordsOf(text: string): PhraseWord[] {
  const words = wordsOf(text);
  const between = (at: number) => {
    const [word, next] = [words[at], words[at + 1]];
    return word === undefined || next === undefined ? "" : text.slice(word.end, next.start);
  };
  return words.map((word, at) => {
    const folded = foldedText(word.text);
    const short = folded.length < 3 && !/^\p{Lu}+$/u.test(word.text);
    const stem = short || stopWords.has(folded) || /^\p{N}+$/u.test(folded) ? undefined : stemOf(folded);
    const spaced = /^ +$/.test(between(at)) && between(at - 1) !== "-" && between(at + 1) !== "-";
    return { text: word.text, folded, stem, spaced };
  });
}

/** A name or an acronym ("RLHF", "RMs", "GPT4", "AgentGym", "LoRA"), not a long form spelt with capitals ("BAlanced"). */
export const isNamedWord = (text: string) => /^[\p{Lu}\d]{2,}s?$|\p{Ll}\p{Lu}/u.test(text);

/** A word as a phrase shows it: a name or an acronym as written, any other folded. */
export const shownWord = (word: { text: string; folded: string }) =>
  isNamedWord(word.text) ? word.text : word.folded;
