import { MESSAGES_EXPORT } from "../bot/messages.js";
import type { Answer } from "../bot/ports.js";
import { uploadSavedList } from "../follow/saved-upload.js";
import type { Logger } from "../logger.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import type { SlackClient } from "./web-client.js";

/** An export answer as a file in the person's DM; any other as it is. */
export async function handedOver(client: SlackClient, logger: Logger, answer: Answer): Promise<Answer> {
  const { reply } = answer;
  if (reply.kind !== "export") return answer;
  try {
    const { fileNames } = await uploadSavedList(client, reply);
    return {
      reply: { kind: "info", message: MESSAGES_EXPORT.sent(reply.items.length, fileNames) },
      audience: "asker",
    };
  } catch (error) {
    logger.error({ reason: describeFailure(slackFailureOf(error)) }, "could not upload a reading list");
    return { reply: { kind: "error", message: MESSAGES_EXPORT.failed }, audience: "asker" };
  }
}
