import type { BotRequest } from "../bot/request.js";
import { renderBibtexModal } from "../render/bibtex-blocks.js";
import { responsePayload } from "../render/payloads.js";
import { describeFailure, slackFailureOf } from "../slack-api/failures.js";
import { answerFor, count, type ListenerDeps, type PrivateReply, sendPrivately } from "./answering.js";
import type { SlackClient } from "./web-client.js";

/**
 * Copy BibTeX: the entry in a form over the conversation (views.open with the click's trigger_id, valid for
 * 3 s), where it can be selected and copied. When the form cannot open (an expired trigger, a paper gone), the
 * answer comes privately in the conversation instead.
 */
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
