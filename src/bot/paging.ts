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
    ...(start > 0 ? { previousOffset: Math.max(0, start - perPage) } : {}),
    ...(shown < items.length ? { nextOffset: shown } : {}),
  };
}

/** Which page of a person's list: where it starts, whether it replaces the message clicked in, what was done. */
export interface ShownPage {
  offset: number;
  replaceOriginal: boolean;
  notice?: string;
}

/** A page of a person's list (follows, reading list); `empty` after the notice when it has nothing in it. */
export function listPageAnswer<T>(
  items: readonly T[],
  perPage: number,
  shown: ShownPage,
  empty: string,
  replyOf: (page: T[], list: ListPage & { notice?: string }) => Reply,
): Answer {
  const { notice, replaceOriginal } = shown;
  if (items.length === 0) {
    return toAsker({ kind: "info", message: notice ? `${notice} ${empty}` : empty }, replaceOriginal);
  }
  const { page, ...list } = pageAt(items, shown.offset, perPage);
  return toAsker(replyOf(page, { ...list, ...(notice ? { notice } : {}) }), replaceOriginal);
}
