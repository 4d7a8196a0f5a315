import type { BotRequest } from "../bot/request.js";
import { renderBibtexModal } from "../render/bibtex-blocks.js";
import { responsePayload } from "../render/payloads.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import { answerFor, count, type ListenerDeps, type PrivateReply, sendPrivately } from "./answering.js";
import type { SlackClient } from "./web-client.js";

/** Copy BibTeX in a form; when it cannot open (an expired trigger, a paper gone), privately in the conversation. */
export async function openBibtex(
  deps: ListenerDeps,
  client: Pick<SlackClient, "views">,
  triggerId: string,
  reply: PrivateReply,
  request: BotRequest,
  receivedAt: number,
): Promise<void> {
  const answer = await answerFor(deps, request);
  if (answer.reply.kind === "bibtex") {
    try {
      await client.views.open({ trigger_id: triggerId, view: renderBibtexModal(answer.reply.paper) });
      return count(deps, "action", "answered", receivedAt);
    } catch (error) {
      deps.logger.warn(
        { reason: describeFailure(slackFailureOf(error)) },
        "could not open the BibTeX form; answering in the conversation",
      );
    }
  }
  await sendPrivately(deps, "action", receivedAt, reply, {
    message: responsePayload(answer),
    apologised: false,
  });
}
