import type { webApi } from "@slack/bolt";
import { z } from "zod";
import type { Reply } from "../bot/reply.js";
import { exportText } from "../render/follow-blocks.js";
import { savedFiles } from "../render/saved-markdown.js";

const openSchema = z.object({ channel: z.object({ id: z.string().min(1) }) });

/** conversations.open (im:write) sends nothing. */
export async function dmChannelOf(client: webApi.WebClient, userId: string): Promise<string> {
  return openSchema.parse(await client.conversations.open({ users: userId })).channel.id;
}

/** Markdown and .bib files to the person's DM (files:write); an upload is not idempotent, so never retried. */
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
