import { writeFileSync } from "node:fs";
import type { ReadingList } from "../bot/ports.js";
import type { Reply } from "../bot/reply.js";
import { savedAnswer } from "../bot/saved-answers.js";
import { replyJson } from "../render/json.js";
import { savedBibtex, savedMarkdown } from "../render/saved-markdown.js";
import { renderTerminal } from "../render/terminal.js";
import type { SearchIndex } from "../search/types.js";
import type { CliIo } from "./command-table.js";

/** What `paperbot saved export` needs from main: the state store's reading list and, with a bot token, Slack. */
export interface SavedExportOptions {
  /** The reading list in the state store (STATE_PATH / STATE_URL); throws when it cannot be opened. */
  openReadingList(): Promise<{ list: ReadingList; close(): Promise<void> }>;
  /** With SLACK_BOT_TOKEN: uploads the Markdown and .bib files to the person's DM. */
  upload?: (reply: Extract<Reply, { kind: "export" }>) => Promise<{ fileNames: string[] }>;
}

export const SAVED_SUMMARY =
  "a person's reading list as Markdown and BibTeX: to their DM with SLACK_BOT_TOKEN, else to FILE or stdout";

export class SavedUsageError extends Error {}

/** `paperbot saved export`: the files `/paper saved export` uploads, to --out FILE, the person's DM or stdout. */
export async function runSavedExport(
  values: { user: string; out?: string; bib?: boolean },
  io: CliIo,
  context: { json: boolean; index(): Promise<SearchIndex>; now(): Date },
  options: SavedExportOptions | undefined,
): Promise<number> {
  const userId = values.user;
  if (!/^[UW][A-Z0-9]{2,20}$/.test(userId))
    throw new SavedUsageError(`--user needs a Slack user id such as U012ABCDEF, got "${userId}".`);
  if (options === undefined)
    throw new SavedUsageError("saved export needs the state store (STATE_PATH or STATE_URL).");
  const index = await context.index();
  const opened = await options.openReadingList();
  try {
    const deps = {
      index: () => index,
      random: Math.random,
      now: context.now,
      defaultTimeZone: "UTC",
      readingList: opened.list,
    };
    const { reply } = await savedAnswer(
      deps,
      { source: "slash", text: "saved export", userId, channelId: "C0CLI" },
      { kind: "savedExport" },
    );
    if (reply.kind !== "export") {
      io.stderr(`paperbot: ${renderTerminal(reply, { buttons: false }).text.trim()}\n`);
      return reply.kind === "error" ? 2 : 1;
    }
    const asBibtex = values.bib === true || /\.bib$/i.test(values.out ?? "");
    const file = asBibtex ? savedBibtex(reply) : savedMarkdown(reply);
    // Where the file went, for the JSON answer; the text said to a person.
    let went: { file: string } | { uploaded: string[] } | undefined;
    let said = file.content;
    if (values.out !== undefined) {
      writeFileSync(values.out, file.content);
      went = { file: values.out };
      said = `Wrote ${reply.items.length} saved papers to ${values.out}\n`;
    } else if (options.upload) {
      const { fileNames } = await options.upload(reply);
      went = { uploaded: fileNames };
      said = `Sent ${reply.items.length} saved papers to ${userId}'s DM as ${fileNames.join(" and ")}\n`;
    }
    const json = went === undefined ? replyJson(reply) : { ...(replyJson(reply) as object), ...went };
    io.stdout(context.json ? `${JSON.stringify(json, null, 2)}\n` : said);
    return 0;
  } finally {
    await opened.close();
  }
}
