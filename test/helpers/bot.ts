import type { BotDeps } from "../../src/bot/ports.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { createSearchIndex } from "../../src/search/index.js";
import type { SearchIndex } from "../../src/search/types.js";

export const FIXTURE_CORPUS = "test/fixtures/slack-corpus";

/** The real bot core over the two-author fixture corpus, with a fixed clock and random source. */
export async function fixtureBot(): Promise<{ bot: BotDeps; index: SearchIndex }> {
  const index = createSearchIndex(await loadCorpus(FIXTURE_CORPUS));
  const bot: BotDeps = {
    index: () => index,
    random: () => 0.25,
    now: () => new Date("2025-01-06T09:00:00Z"),
    defaultTimeZone: "UTC",
  };
  return { bot, index };
}
