import type { SearchHit, SearchIndex } from "../search/types.js";

/**
 * A paper belongs to a followed topic when the search finds it by the topic's own words (not as a "related"
 * paper that lacks them) with a score of at least this share of the best score the topic reaches over the
 * whole corpus. A share, not a score, so it holds whatever scale the engine scores on.
 *
 * Chosen on eval/qrels.json (10 topics, 27 papers, graded by hand): every share from 0.4 to 0.6 keeps all
 * 19 papers judged "about" their topic and drops all but one unjudged paper (precision 0.96, against 0.83
 * with no threshold); at 0.7 three papers judged "touches it" go. 0.5 sits in the middle of that plateau.
 */
export const TOPIC_SHARE_OF_BEST = 0.5;

const firstLook = 100;
/** A topic matching more than this many papers is searched no further: its share would be noise anyway. */
const maxLook = 5000;

function direct(hits: readonly SearchHit[]): SearchHit[] {
  return hits.filter((hit) => hit.related !== true);
}

/** Ids of the papers that belong to a topic now (see TOPIC_SHARE_OF_BEST). */
export function topicPaperIds(index: SearchIndex, topic: string): Set<string> {
  let result = index.search(topic, { limit: firstLook });
  let hits = direct(result.hits);
  const best = hits[0]?.score;
  if (best === undefined || !(best > 0)) return new Set();
  const bar = best * TOPIC_SHARE_OF_BEST;
  const last = hits.at(-1);
  if (last !== undefined && last.score >= bar && result.total > result.hits.length) {
    result = index.search(topic, { limit: Math.min(result.total, maxLook) });
    hits = direct(result.hits);
  }
  return new Set(hits.filter((hit) => hit.score >= bar).map((hit) => hit.paper.id));
}

/** Folded topic words: what two spellings of one topic ("RLHF", " rlhf ") have in common. */
export function topicKeyOf(topic: string): string {
  return topic.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
