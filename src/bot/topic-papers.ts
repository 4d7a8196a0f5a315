import type { SearchHit, SearchIndex } from "../search/types.js";

/**
 * A paper belongs to a followed topic when the search finds it by the topic's own words (not as a "related"
 * paper that lacks them) with a score of at least this share of the best score the topic reaches over the
 * whole corpus. A share, not a score, so it holds whatever scale the engine scores on.
 *
 * Chosen on eval/qrels.json (10 topics, 27 papers, graded by hand): every share from 0.4 to 0.6 keeps all
 * 20 papers judged "about" their topic and drops all but one unjudged paper (precision 0.96, against 0.83
 * with no threshold); at 0.7 three papers judged "touches it" go. 0.5 sits in the middle of that plateau.
 */
export const TOPIC_SHARE_OF_BEST = 0.5;

/**
 * How deep a topic is read: the best score is the first hit's, and a paper must be among the topic's first
 * 100 hits. A topic with more than 100 papers over its bar is so broad that only new papers in its top 100
 * are told: each hit read costs a snippet, and every distinct followed topic is read on each corpus change.
 */
const depth = 100;

function direct(hits: readonly SearchHit[]): SearchHit[] {
  return hits.filter((hit) => hit.related !== true);
}

/** Ids of the papers that belong to a topic now (see TOPIC_SHARE_OF_BEST). */
export function topicPaperIds(index: SearchIndex, topic: string): Set<string> {
  const hits = direct(index.search(topic, { limit: depth }).hits);
  const best = hits[0]?.score;
  if (best === undefined || !(best > 0)) return new Set();
  const bar = best * TOPIC_SHARE_OF_BEST;
  return new Set(hits.filter((hit) => hit.score >= bar).map((hit) => hit.paper.id));
}

/** Folded topic words: what two spellings of one topic ("RLHF", " rlhf ") have in common. */
export function topicKeyOf(topic: string): string {
  return topic.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
