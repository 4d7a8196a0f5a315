import type { Paper } from "../corpus/types.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";
import { bagSeedOf, drawFromBag } from "./shuffle-bag.js";

/**
 * The paper a channel's next daily post will bring, without drawing it: the same choice the next claim
 * makes from the channel's bag (for a preview). A channel that never had a post gets its bag seed stored
 * now, so the preview and the post agree. Undefined for an empty corpus.
 */
export async function nextDailyPaper(
  store: Pick<StateStore, "dailyPosts">,
  channelId: string,
  index: PaperLookups,
  random: () => number,
): Promise<Paper | undefined> {
  const bag = await store.dailyPosts.bag(channelId, bagSeedOf(random));
  const drawn = drawFromBag(index.paperIds(), bag);
  return drawn === undefined ? undefined : index.paper(drawn.paperId);
}
