import dictionary from "dictionary-en";
import nspell from "nspell";

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

let checker: ReturnType<typeof nspell> | undefined;

/**
 * Whether a folded word is English as Hunspell's en_US dictionary spells it ("prediction", not "modle"). The
 * checker is built on the first call (a quarter of a second, 12 MB), which only a word the corpus lacks makes.
 */
export function isEnglishWord(word: string): boolean {
  checker ??= nspell({ aff: bufferOf(dictionary.aff), dic: bufferOf(dictionary.dic) });
  return checker.correct(word);
}
