import type { PaperRead } from "./types.js";

/** What a paper is found by: title and venue before the abstract, so a paper without an abstract is found. */
export function indexedTextOf(paper: Pick<PaperRead, "title" | "venue" | "abstract">): string {
  if (paper.title === undefined && paper.venue === undefined) return paper.abstract;
  return [paper.title, paper.venue, paper.abstract]
    .filter((part) => part !== undefined && part.length > 0)
    .join(". ");
}
