import type { webApi } from "@slack/bolt";
import { z } from "zod";
import type { Reply } from "../bot/reply.js";
import { exportText } from "../render/follow-blocks.js";
import { savedFiles } from "../render/saved-markdown.js";

const openSchema = z.object({ channel: z.object({ id: z.string().min(1) }) });

/** The DM channel with a person (conversations.open, im:write): opening it sends nothing. */
export async function dmChannelOf(client: webApi.WebClient, userId: string): Promise<string> {
  return openSchema.parse(await client.conversations.open({ users: userId })).channel.id;
}

/**
 * Uploads the reading list as a Markdown file and a .bib file to the person's DM with the bot (files.uploadV2:
 * an upload URL and the bytes for each, then completeUploadExternal sharing both in the DM; files:write).
 * Once: an upload is not idempotent, so a failure is reported, not retried.
 */
export async function uploadSavedList(
  client: webApi.WebClient,
  reply: Extract<Reply, { kind: "export" }>,
): Promise<{ channel: string; fileNames: string[] }> {
  const channel = await dmChannelOf(client, reply.userId);
  const files = savedFiles(reply);
  await client.filesUploadV2({
    channel_id: channel,
    initial_comment: exportText(reply),
    file_uploads: files.map((file) => ({
      file: Buffer.from(file.content, "utf8"),
      filename: file.fileName,
      title: file.title,
    })),
  });
  return { channel, fileNames: files.map((file) => file.fileName) };
}
