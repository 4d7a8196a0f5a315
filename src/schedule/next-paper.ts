import type { Paper } from "../corpus/types.js";
import type { PaperLookups } from "../search/types.js";
import type { StateStore } from "../state/store.js";
import { bagSeedOf, drawFromBag } from "./shuffle-bag.js";

/** The next post's paper, without drawing it; the bag's seed is stored now, so preview and post agree. */
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
