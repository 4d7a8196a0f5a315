import { personKey } from "../corpus/names.js";

/** Name parts as typed and with hyphens joined: "Wen-Xiang Chen" → wen, xiang, wenxiang, chen. */
export function nameTokensOf(name: string): string[] {
  const tokens = new Set<string>();
  for (const part of name.split(/\s+/)) {
    const pieces = part
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .map(personKey)
      .filter(Boolean);
    for (const piece of pieces) tokens.add(piece);
    if (pieces.length > 1) tokens.add(pieces.join(""));
  }
  return [...tokens];
}

const TRANSLITERATED: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ø: "oe", å: "aa" };

/** A name as a keyboard without ä, ö, ü, ø or å writes it: Müller → Mueller, Søren Østergaard → Soeren Oestergaard. */
export const transliterated = (name: string): string =>
  name.normalize("NFC").replace(/[äöüøåÄÖÜØÅ]/g, (letter) => {
    const written = TRANSLITERATED[letter.toLowerCase()] ?? letter;
    return letter === letter.toLowerCase() ? written : `${written[0]?.toUpperCase()}${written.slice(1)}`;
  });

/** Typed name words as the person writes them: "zheng" → Zheng, for Rui Zheng. */
export function asWrittenIn(typed: string, name: string): string {
  const parts = name.split(/\s+/);
  return typed
    .split(/\s+/)
    .map((word) => parts.find((part) => part.toLowerCase() === word.toLowerCase()) ?? word)
    .join(" ");
}
