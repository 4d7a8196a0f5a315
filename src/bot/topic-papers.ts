import { searchDefaults } from "../search/defaults.js";
import type { SearchIndex } from "../search/types.js";

/** Topics with more papers than this tell only new papers among their first 100: bounded work a topic. */
const depth = 100;

/**
 * A topic's papers now: its words as a phrase (each side's, for "RLHF OR DPO"), or matched with BM25 ≥
 * `topicScoreFloor` (absolute).
 */
export async function topicPaperIds(index: SearchIndex, topic: string): Promise<Set<string>> {
  const words = topic.replace(/["“”]/g, " ").trim();
  const phrases = words
    .split(/\s+OR\s+/)
    .map((side) => `"${side}"`)
    .join(" OR ");
  const [scored, phrased] = await Promise.all([
    index.search(words, { limit: depth, snippets: false }),
    index.search(phrases, { limit: depth, snippets: false }),
  ]);
  return new Set([
    ...scored.hits.filter((hit) => hit.score >= searchDefaults.topicScoreFloor).map((hit) => hit.paper.id),
    ...phrased.hits.map((hit) => hit.paper.id),
  ]);
}

/** Folded topic words: what two spellings of one topic ("RLHF", " rlhf ") have in common. */
export function topicKeyOf(topic: string): string {
  return topic.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
