import type { BotDeps } from "../../src/bot/ports.js";
import type { SearchIndex } from "../../src/search/types.js";
import { servedIndex } from "./served-index.js";

export const FIXTURE_CORPUS = "test/fixtures/slack-corpus";

/**
 * The real bot core over the two-author fixture corpus, with a fixed clock and random source; its index is
 * served by a search worker as in the bot, one per test file.
 */
export async function fixtureBot(): Promise<{ bot: BotDeps; index: SearchIndex }> {
  const index = await servedIndex(FIXTURE_CORPUS);
  const bot: BotDeps = {
    index: () => index,
    random: () => 0.25,
    now: () => new Date("2025-01-06T09:00:00Z"),
    defaultTimeZone: "UTC",
  };
  return { bot, index };
}
