import { z } from "zod";

const paperId = z.string().min(1).max(64);
const personKey = z.string().min(1).max(200);
/** Ids of the papers a thread has shown already; old buttons without the list still decode. */
const seenIds = z.array(z.string().regex(/^[a-z0-9]{1,64}$/)).max(400);
const followKind = z.enum(["t", "a"]);
/** A followed topic's folded words or a person key. */
const followTarget = z.string().min(1).max(300);
const offset = z.number().int().min(0);
/** Papers a page of results shows, unless the asker named another number ("give me 3 papers"). */
export const RESULTS_PER_PAGE = 5;
/** At most this many papers are shown at once, however many are asked for. */
export const MOST_PER_PAGE = 10;
/** Where a click on a list came from: the list it should show again ("f" following, "s" saved). */
const listOrigin = z.object({ l: z.enum(["f", "s"]), o: offset }).optional();

/** What a button or menu option does, as JSON in its `value`; short keys fit Slack's value limits. */
export const actionSchema = z.discriminatedUnion("a", [
  z.object({ a: z.literal("share"), id: paperId }),
  /** `o`: the page of a Show more under papers like it (absent on the card's own menu option). */
  z.object({ a: z.literal("similar"), id: paperId, o: offset.optional() }),
  z.object({ a: z.literal("full"), id: paperId }),
  z.object({ a: z.literal("open"), id: paperId }),
  /** A card's Copy BibTeX: the entry as it came in, or one made from the paper's fields. */
  z.object({ a: z.literal("bib"), id: paperId }),
  z.object({ a: z.literal("by"), person: personKey }),
  z.object({ a: z.literal("author"), person: personKey }),
  /** `n`: papers a page, as many as the page it is under showed ("give me 3 papers"); absent: the usual five. */
  z.object({
    a: z.literal("page"),
    q: z.string().min(1).max(1500),
    offset,
    n: z.number().int().min(1).max(MOST_PER_PAGE).optional(),
  }),
  z.object({ a: z.literal("who"), t: z.string().min(1).max(1500), offset }),
  /** `e`: others than the paper's own authors ("who else works on this?"). */
  z.object({ a: z.literal("whoLike"), id: paperId, e: z.boolean().optional(), offset }),
  z.object({ a: z.literal("reroll"), seen: seenIds.default([]) }),
  /** `n`: the name as typed, for a person no paper names yet (their key alone finds nobody). */
  z.object({ a: z.literal("follow"), k: followKind, t: followTarget, n: followTarget.optional() }),
  z.object({ a: z.literal("unfollow"), k: followKind, t: followTarget, from: listOrigin }),
  z.object({ a: z.literal("following"), o: offset }),
  z.object({ a: z.literal("save"), id: paperId }),
  z.object({ a: z.literal("unsave"), id: paperId, from: listOrigin }),
  z.object({ a: z.literal("saved"), o: offset }),
  z.object({ a: z.literal("export") }),
  z.object({ a: z.literal("digest"), d: z.string().min(1).max(64), o: offset }),
  z.object({ a: z.literal("new"), o: offset, t: z.string().min(1).max(300).optional() }),
  /** The Home tab's Ask Paperbot… button: opens the form that asks what to look for. */
  z.object({ a: z.literal("ask") }),
  /** The Home tab's daily channels: turn one off, or open the form that changes its time and days. */
  z.object({
    a: z.literal("daily"),
    c: z.string().regex(/^[CG][A-Z0-9]{2,20}$/),
    op: z.enum(["off", "edit"]),
  }),
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
