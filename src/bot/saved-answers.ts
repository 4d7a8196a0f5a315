import { titleOf } from "../corpus/headline.js";
import type { Paper } from "../corpus/types.js";
import type { PaperLookups } from "../search/types.js";
import type { FollowIntent, ListOrigin } from "./intents.js";
import { MESSAGES, PAPER_SUGGESTIONS } from "./messages.js";
import { listPageAnswer, type ShownPage } from "./paging.js";
import {
  type Answer,
  type BotDeps,
  info,
  problem,
  type ReadingList,
  type SavedEntry,
  toAsker,
} from "./ports.js";
import type { SavedItem } from "./reply.js";
import type { BotRequest } from "./request.js";

/** Saved papers per page of `/paper saved`: one block each, inside a message's 50. */
const SAVED_PER_PAGE = 30;

/** What a reading list keeps of a paper, so it can be shown after the paper is gone (the author line as text). */
export function savedEntryOf(paper: Paper, at: number): SavedEntry {
  return {
    paperId: paper.id,
    savedAt: at,
    headline: titleOf(paper),
    authors: `${paper.authors.join(", ")}${paper.etAl ? " et al." : ""}`,
    owners: [...paper.owners],
    abstract: paper.abstract,
  };
}

/** The reading list with each entry's paper while it is still in the corpus (by its exact id). */
export async function savedItemsOf(
  list: ReadingList,
  index: PaperLookups,
  userId: string,
): Promise<SavedItem[]> {
  return (await list.list(userId)).map((entry) => {
    const paper = index.paper(entry.paperId);
    return paper !== undefined && paper.id === entry.paperId ? { ...entry, paper } : entry;
  });
}

async function savedPage(list: ReadingList, index: PaperLookups, userId: string, shown: ShownPage) {
  const items = await savedItemsOf(list, index, userId);
  return listPageAnswer(items, SAVED_PER_PAGE, shown, MESSAGES.nothingSaved, (page, list) => ({
    kind: "saved",
    items: page,
    ...list,
  }));
}

async function unsaved(
  list: ReadingList,
  index: PaperLookups,
  userId: string,
  id: string,
  from: ListOrigin | undefined,
): Promise<Answer> {
  const entry = (await list.list(userId)).find((e) => e.paperId === id || e.paperId.startsWith(id));
  if (entry === undefined) {
    return from
      ? savedPage(list, index, userId, { offset: from.offset, replaceOriginal: true })
      : info(MESSAGES.notSaved);
  }
  const removed = await list.remove(userId, entry.paperId);
  if (from?.list === "saved") {
    return savedPage(list, index, userId, {
      offset: from.offset,
      replaceOriginal: true,
      notice: `Removed “${entry.headline}”.`,
    });
  }
  return toAsker({ kind: "unsaved", paper: { id: entry.paperId, headline: entry.headline }, removed });
}

type SavedIntent = Extract<FollowIntent, { kind: "save" | "unsave" | "saved" | "savedExport" }>;

/** Save, remove, the reading list and its export. */
export async function savedAnswer(deps: BotDeps, request: BotRequest, intent: SavedIntent): Promise<Answer> {
  const list = deps.readingList;
  if (!list) return problem(MESSAGES.savedUnavailable);
  const index = deps.index();
  const { userId } = request;
  try {
    switch (intent.kind) {
      case "save": {
        const paper = index.paper(intent.id);
        if (paper === undefined) {
          return toAsker({
            kind: "notFound",
            what: "paper",
            query: intent.id,
            suggestions: [...PAPER_SUGGESTIONS],
          });
        }
        const { added, total } = await list.save(userId, savedEntryOf(paper, deps.now().getTime()));
        return toAsker({
          kind: "savedOne",
          paper: { id: paper.id, headline: titleOf(paper) },
          added,
          total,
        });
      }
      case "unsave":
        return await unsaved(list, index, userId, intent.id, intent.from);
      case "saved":
        return await savedPage(list, index, userId, {
          offset: intent.offset,
          replaceOriginal: intent.paging,
        });
      case "savedExport": {
        const items = await savedItemsOf(list, index, userId);
        if (items.length === 0) return info(MESSAGES.nothingSaved);
        return toAsker({ kind: "export", userId, items, at: deps.now().getTime() });
      }
    }
  } catch {
    return problem(MESSAGES.stateFailed);
  }
}
