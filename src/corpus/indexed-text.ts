import type { PaperRead } from "./types.js";

/**
 * The text a paper is found by: its title and venue before its abstract, so that a paper whose export has no
 * abstract (Google Scholar, DBLP) is still found. An author file's paper has neither: its abstract alone.
 */
export function indexedTextOf(paper: Pick<PaperRead, "title" | "venue" | "abstract">): string {
  if (paper.title === undefined && paper.venue === undefined) return paper.abstract;
  return [paper.title, paper.venue, paper.abstract]
    .filter((part) => part !== undefined && part.length > 0)
    .join(". ");
}
