import { searchDefaults } from "../search/defaults.js";
import type { SearchIndex } from "../search/types.js";

/**
 * How deep a topic is read: a topic with more papers than this is so broad that only new papers among its first
 * 100 are told (each hit read costs a snippet, and every followed topic is read on each corpus change).
 */
const depth = 100;

/**
 * Ids of the papers that belong to a topic now: those writing the topic's words as a phrase ("reward models"), and
 * those matching its words under the search's match policy with a BM25 score of at least `topicScoreFloor`. An
 * absolute rule: a paper's standing does not depend on how well the best paper of the day scores. The phrase keeps
 * a topic most papers of a small corpus share, whose words' BM25 weight falls toward nothing, followed.
 */
export async function topicPaperIds(index: SearchIndex, topic: string): Promise<Set<string>> {
  const words = topic.replace(/["“”]/g, " ").trim();
  const [scored, phrased] = await Promise.all([
    index.search(words, { limit: depth }),
    index.search(`"${words}"`, { limit: depth }),
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
