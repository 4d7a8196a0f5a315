import type { webApi } from "@slack/bolt";
import { MESSAGES_DAILY } from "../bot/messages.js";
import type { Paper } from "../corpus/types.js";
import { renderSlackMessage } from "../render/blocks.js";
import { NO_UNFURL } from "../render/payloads.js";

export function dailyMessageOf(
  channelId: string,
  localDate: string,
  paper: Paper,
  memberKeys: ReadonlySet<string>,
): webApi.ChatPostMessageArguments {
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
  return {
    channel: channelId,
    text: message.text,
    blocks: message.blocks,
    ...NO_UNFURL,
    metadata: { event_type: "paperbot_daily", event_payload: { date: localDate, paper: paper.id } },
  };
}
