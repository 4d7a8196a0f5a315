import { z } from "zod";

/**
 * A button's payload, carried in its `value` as JSON and validated on the way back in.
 * Keys are one letter to stay far inside Slack's 2000-character value limit.
 */
export const actionSchema = z.discriminatedUnion("a", [
  z.object({ a: z.literal("share"), id: z.string().min(1).max(64) }),
  z.object({ a: z.literal("similar"), id: z.string().min(1).max(64) }),
  z.object({ a: z.literal("full"), id: z.string().min(1).max(64) }),
  z.object({ a: z.literal("by"), person: z.string().min(1).max(200) }),
  z.object({ a: z.literal("author"), person: z.string().min(1).max(200) }),
  z.object({ a: z.literal("page"), q: z.string().min(1).max(1500), offset: z.number().int().min(0) }),
  z.object({ a: z.literal("reroll") }),
]);

export type Action = z.infer<typeof actionSchema>;

export function encodeAction(action: Action): string {
  return JSON.stringify(action);
}

/** The action in a button value, or undefined when the value is not one of ours. */
export function decodeAction(value: string): Action | undefined {
  try {
    const parsed = actionSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
