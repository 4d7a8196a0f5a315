import { isWordUnitAt } from "../corpus/code-units.js";

/**
 * Hyphenated words written joined, so that "PPO-max" is found as "ppomax" too (and a slip in it corrected).
 * Read around each hyphen only: a scan of every word would cost seconds over 100,000 abstracts.
 */
export function joinedCompoundsOf(text: string): string {
  const found: string[] = [];
  let end = 0;
  for (let at = text.indexOf("-"); at > 0; at = text.indexOf("-", Math.max(at + 1, end))) {
    if (!isWordUnitAt(text, at - 1) || !isWordUnitAt(text, at + 1)) continue;
    let start = at - 1;
    while (start > 0 && isWordUnitAt(text, start - 1)) start--;
    end = at + 1;
    while (
      end < text.length &&
      (isWordUnitAt(text, end) || (text[end] === "-" && isWordUnitAt(text, end + 1)))
    )
      end++;
    found.push(text.slice(start, end).replaceAll("-", ""));
  }
  return found.join(" ");
}
