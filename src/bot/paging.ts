import type { Action } from "./actions.js";
import { type Answer, info, toAsker } from "./ports.js";
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
    return info(notice ? `${notice} ${empty}` : empty, replaceOriginal);
  }
  const { page, ...list } = pageAt(items, shown.offset, perPage);
  return toAsker(replyOf(page, { ...list, ...(notice ? { notice } : {}) }), replaceOriginal);
}

export type PagedReply = Extract<
  Reply,
  { kind: "results" | "similar" | "people" | "following" | "saved" | "digest" | "whatsNew" }
>;

/** The action that shows a paged reply's page at an offset (people: offsets count people). */
export function pageActionOf(reply: PagedReply): (offset: number) => Action {
  switch (reply.kind) {
    case "results":
      return (offset) => ({
        a: "page",
        q: reply.query,
        offset,
        ...(reply.perPage ? { n: reply.perPage } : {}),
      });
    case "similar":
      return (o) => ({ a: "similar", id: reply.of.id, o });
    case "people": {
      const { like } = reply;
      return (offset) =>
        like === undefined
          ? { a: "who", t: reply.topic, offset }
          : { a: "whoLike", id: like.id, ...(like.others ? { e: true } : {}), offset };
    }
    case "following":
      return (o) => ({ a: "following", o });
    case "saved":
      return (o) => ({ a: "saved", o });
    case "digest":
      return (o) => ({ a: "digest", d: reply.digestId, o });
    case "whatsNew":
      return (o) => ({ a: "new", o, ...(reply.topic ? { t: reply.topic } : {}) });
  }
}

/** What a reply's Show more shows: its next page, when there is one. */
export function nextPageOf(reply: PagedReply): Action | undefined {
  return reply.nextOffset === undefined ? undefined : pageActionOf(reply)(reply.nextOffset);
}
