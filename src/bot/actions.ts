import { z } from "zod";

const paperId = z.string().min(1).max(64);
const personKey = z.string().min(1).max(200);
/** Ids of the papers a thread has shown already; old buttons without the list still decode. */
const seenIds = z.array(z.string().regex(/^[a-z0-9]{1,64}$/)).max(400);

/**
 * What a button or menu option does, carried in its `value` as JSON and validated on the way back in.
 * Keys are short to stay inside Slack's limits (2000 characters for a button, 150 for a menu option).
 */
export const actionSchema = z.discriminatedUnion("a", [
  z.object({ a: z.literal("share"), id: paperId }),
  z.object({ a: z.literal("similar"), id: paperId }),
  z.object({ a: z.literal("full"), id: paperId }),
  z.object({ a: z.literal("open"), id: paperId }),
  z.object({ a: z.literal("by"), person: personKey }),
  z.object({ a: z.literal("author"), person: personKey }),
  z.object({ a: z.literal("page"), q: z.string().min(1).max(1500), offset: z.number().int().min(0) }),
  z.object({ a: z.literal("who"), t: z.string().min(1).max(1500), offset: z.number().int().min(0) }),
  z.object({ a: z.literal("reroll"), seen: seenIds.default([]) }),
]);

export type Action = z.infer<typeof actionSchema>;

export function encodeAction(action: Action): string {
  return JSON.stringify(action);
}

/** The action in a button or option value, or undefined when the value is not one of ours. */
export function decodeAction(value: string): Action | undefined {
  try {
    const parsed = actionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
