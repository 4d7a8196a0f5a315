import { personKey } from "../corpus/names.js";
import { editsFor } from "./defaults.js";
import { editDistance } from "./edit-distance.js";

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

/**
 * Whether typed name words are a slip of `name`: as many words, one of them right, each in its own place and
 * the others a slip of the word there (at least `least` edits forgiven: "jn" for Jin, where a name is asked for).
 */
export function isSlipOfName(typed: readonly string[], name: string, least = 0): boolean {
  const parts = name.toLowerCase().split(/\s+/);
  return (
    parts.length === typed.length &&
    typed.some((word, at) => word === parts[at]) &&
    typed.every((word, at) => {
      const part = parts[at] ?? "";
      const forgiven = Math.max(least, editsFor(part.length));
      return editDistance(word, part, forgiven) <= forgiven;
    })
  );
}

/** Typed name words as the person writes them: "zheng" → Zheng, for Rui Zheng. */
export function asWrittenIn(typed: string, name: string): string {
  const parts = name.split(/\s+/);
  return typed
    .split(/\s+/)
    .map((word) => parts.find((part) => part.toLowerCase() === word.toLowerCase()) ?? word)
    .join(" ");
}
