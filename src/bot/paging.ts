import type { ListPage } from "./reply.js";

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
