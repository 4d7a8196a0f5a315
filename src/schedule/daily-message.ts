import { MESSAGES_DAILY } from "../bot/messages.js";
import type { Paper } from "../corpus/types.js";
import { renderSlackMessage } from "../render/blocks.js";
import { NO_UNFURL } from "../render/payloads.js";
import { type SlackFailure, slackFailureOf } from "../slack-api/failures.js";
import { historyPageSchema, nextCursorOf } from "../slack-api/history.js";
import type { SlackClient } from "./daily-post-types.js";

/*
 * The daily post's side of Slack: the message itself, the metadata that finds it again in the channel's
 * history (src/schedule/daily-post.ts decides what to do when a call fails; slack-api/failures.ts says what it means).
 */

const dailyEventType = "paperbot_daily";

// Slack stamps messages with its own clock; look a little before our claim in case the clocks disagree.
const historyMarginSeconds = 10 * 60;

/** Our earlier message for that date, if Slack has it. */
export async function findDailyMessage(
  client: SlackClient,
  channelId: string,
  localDate: string,
  since: number,
): Promise<{ found: true; ts: string | undefined } | { found: false }> {
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const raw = await client.conversations.history({
      channel: channelId,
      oldest: String(Math.floor(since / 1000) - historyMarginSeconds),
      include_all_metadata: true,
      limit: 200,
      ...(cursor === undefined ? {} : { cursor }),
    });
    const history = historyPageSchema.parse(raw);
    const hit = history.messages.find(
      (m) => m.metadata?.event_type === dailyEventType && m.metadata.event_payload?.date === localDate,
    );
    if (hit !== undefined) return { found: true, ts: hit.ts };
    cursor = nextCursorOf(history);
    if (cursor === undefined) break;
  }
  return { found: false };
}

export type PostAttempt =
  | { kind: "sent"; ts: string | undefined }
  | { kind: "failed"; failure: SlackFailure };

export async function sendDailyMessage(
  client: SlackClient,
  channelId: string,
  localDate: string,
  paper: Paper,
  /** Person keys of the group's members (members.yml): marked among the paper's authors. */
  memberKeys: ReadonlySet<string> = new Set(),
): Promise<PostAttempt> {
  const members = paper.authorKeys.filter((key) => memberKeys.has(key));
  const message = renderSlackMessage({
    kind: "card",
    title: MESSAGES_DAILY.title,
    card: {
      paper,
      buttons: ["similar", "moreBy", "full", "save", "follow", "reroll"],
      ...(members.length > 0 ? { members } : {}),
    },
  });
  try {
    const sent = await client.chat.postMessage({
      channel: channelId,
      text: message.text,
      blocks: message.blocks,
      ...NO_UNFURL,
      metadata: { event_type: dailyEventType, event_payload: { date: localDate, paper: paper.id } },
    });
    return { kind: "sent", ts: sent.ts };
  } catch (error) {
    return { kind: "failed", failure: slackFailureOf(error) };
  }
}
