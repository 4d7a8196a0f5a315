import { type Answer, toAsker } from "./ports.js";
import type { ListPage, Reply } from "./reply.js";

/** The page of `items` at `offset`, and where it sits in the list; an offset past the end gives the last page. */
export function pageAt<T>(items: readonly T[], offset: number, perPage: number): { page: T[] } & ListPage {
  const start = offset >= items.length ? Math.max(0, items.length - perPage) : offset;
  const page = items.slice(start, start + perPage);
  const shown = start + page.length;
  return {
    page,
    total: items.length,
    offset: start,
    ...(shown < items.length ? { nextOffset: shown } : {}),
  };
}

/**
 * A page of a person's list (follows, reading list) with the notice of what was just done; `empty` after the
 * notice when the list has nothing in it. `replaceOriginal` when it takes the place of the message clicked in.
 */
export function listPageAnswer<T>(
  items: readonly T[],
  at: { offset: number; perPage: number; replaceOriginal: boolean },
  words: { empty: string; notice?: string | undefined },
  replyOf: (page: T[], list: ListPage & { notice?: string }) => Reply,
): Answer {
  const { notice, empty } = words;
  if (items.length === 0) {
    return toAsker({ kind: "info", message: notice ? `${notice} ${empty}` : empty }, at.replaceOriginal);
  }
  const { page, ...list } = pageAt(items, at.offset, at.perPage);
  return toAsker(replyOf(page, { ...list, ...(notice ? { notice } : {}) }), at.replaceOriginal);
}
