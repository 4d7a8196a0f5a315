import { z } from "zod";

/** One page of `conversations.history` or `conversations.replies`, as far as looking for our own message needs. */
export const historyPageSchema = z.object({
  messages: z
    .array(
      z.object({
        ts: z.string().optional(),
        metadata: z
          .object({
            event_type: z.string().optional(),
            event_payload: z.record(z.string(), z.unknown()).optional(),
          })
          .optional(),
      }),
    )
    .default([]),
  response_metadata: z.object({ next_cursor: z.string().optional() }).optional(),
});

/** The cursor of the page after this one; undefined on the last page (Slack sends "" there). */
export function nextCursorOf(page: {
  response_metadata?: { next_cursor?: string } | undefined;
}): string | undefined {
  return page.response_metadata?.next_cursor || undefined;
}
