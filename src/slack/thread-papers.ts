import { z } from "zod";
import { decodeAction } from "../bot/actions.js";
import type { ThreadPapers } from "../bot/ports.js";
import type { Logger } from "../logger.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import type { SlackClient } from "./web-client.js";

const threadSchema = z.object({
  messages: z.array(z.object({ blocks: z.array(z.unknown()).optional() })).default([]),
});
const blockSchema = z.object({
  elements: z.array(z.unknown()).optional(),
  accessory: z.unknown().optional(),
});
/** A button's value, or an overflow menu's options' values. */
const elementSchema = z.object({
  value: z.string().optional(),
  options: z.array(z.object({ value: z.string() })).optional(),
});

// A thread of up to 1,000 messages is read to its end.
const PAGE_MESSAGES = 200;
const MAX_PAGES = 5;

function valuesOf(element: unknown): string[] {
  const parsed = elementSchema.safeParse(element);
  if (!parsed.success) return [];
  const { value, options = [] } = parsed.data;
  return [...(value === undefined ? [] : [value]), ...options.map((option) => option.value)];
}

/** The papers of a message's cards: each card's "More like this" carries its paper's id. */
function cardPapersOf(blocks: readonly unknown[]): string[] {
  const ids = blocks.flatMap((block) => {
    const parsed = blockSchema.safeParse(block);
    if (!parsed.success) return [];
    const { elements = [], accessory } = parsed.data;
    return [...elements, accessory].flatMap(valuesOf).flatMap((value) => {
      const action = decodeAction(value);
      return action?.a === "similar" && action.o === undefined ? [action.id] : [];
    });
  });
  return [...new Set(ids)];
}

/** A thread it cannot read has no cards (the bot then asks which). */
export function threadPapersOf(client: SlackClient, logger: Logger): ThreadPapers {
  return {
    async latestCard(channelId, threadTs) {
      try {
        let latest: string | undefined;
        let pages = 0;
        const read = { channel: channelId, ts: threadTs, limit: PAGE_MESSAGES };
        for await (const page of client.paginate("conversations.replies", read)) {
          for (const message of threadSchema.parse(page).messages) {
            // A list (the answer to "more like this") is about no one paper: the card the thread is under is.
            const ids = cardPapersOf(message.blocks ?? []);
            if (ids.length === 1) latest = ids[0];
          }
          if (++pages >= MAX_PAGES) break;
        }
        return latest;
      } catch (error) {
        logger.warn(
          { channel: channelId, reason: describeFailure(slackFailureOf(error)) },
          "could not read the thread to see which paper it is about",
        );
        return undefined;
      }
    },
  };
}
