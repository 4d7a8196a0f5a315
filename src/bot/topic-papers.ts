import type { SearchIndex } from "../search/types.js";

/**
 * A paper belongs to a followed topic when it holds every word of the topic (a paper holding some of them is
 * a search result, not news on the topic) with a score of at least this share of the best score the topic
 * reaches over the whole corpus. A share, not a score, so it holds whatever scale the engine scores on.
 *
 * Chosen on eval/qrels.json's first ten topics (graded by hand) over the FTS5 engine: the papers judged
 * "about" their topic score from 0.43 of the best up (the reward-model paper that measures preference
 * strength, for "reward model"); papers that only touch a topic score 0.28–0.51. 0.4 keeps every paper a
 * topic is about and drops most that merely touch it.
 */
const TOPIC_SHARE_OF_BEST = 0.4;

/**
 * How deep a topic is read: the best score is the first hit's, and a paper must be among the topic's first
 * 100 hits. A topic with more than 100 papers over its bar is so broad that only new papers in its top 100
 * are told: each hit read costs a snippet, and every distinct followed topic is read on each corpus change.
 */
const depth = 100;

/** Ids of the papers that belong to a topic now (see TOPIC_SHARE_OF_BEST). */
export async function topicPaperIds(index: SearchIndex, topic: string): Promise<Set<string>> {
  const result = await index.search(topic, { limit: depth });
  const hits = result.hits.slice(0, result.withAllWords ?? 0);
  const best = hits[0]?.score;
  if (best === undefined || !(best > 0)) return new Set();
  const bar = best * TOPIC_SHARE_OF_BEST;
  return new Set(hits.filter((hit) => hit.score >= bar).map((hit) => hit.paper.id));
}

/** Folded topic words: what two spellings of one topic ("RLHF", " rlhf ") have in common. */
export function topicKeyOf(topic: string): string {
  return topic.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
