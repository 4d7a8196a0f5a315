import type { RespondArguments, RespondFn } from "@slack/bolt";
import { z } from "zod";
import type { Logger } from "../logger.js";
import { describeFailure, networkFailureOf, type SlackFailure } from "../slack-api/failures.js";
import type { DeliveryPolicy } from "./delivery-policy.js";

export interface RespondDeps {
  policy: DeliveryPolicy;
  logger: Logger;
}

export type RespondResult =
  | { outcome: "sent" }
  /** Slack took nothing (4xx, or out of attempts after 429s and refused connections). */
  | { outcome: "failed"; failure: SlackFailure }
  /** A 5xx or a timeout: Slack may have shown it, and a response_url message cannot be looked up. */
  | { outcome: "unknown"; failure: SlackFailure };

// What Bolt's respond() throws when Slack answers with a status other than 2xx.
const respondErrorSchema = z.object({ code: z.literal("slack_bolt_respond_error"), statusCode: z.number() });

function failureOf(error: unknown, backoffMs: number): SlackFailure {
  const parsed = respondErrorSchema.safeParse(error);
  if (!parsed.success) return networkFailureOf(error);
  const status = parsed.data.statusCode;
  // Bolt's error does not carry Retry-After: wait the policy's back-off instead.
  if (status === 429) return { kind: "rate-limited", retryAfterMs: backoffMs };
  if (status >= 500) return { kind: "ambiguous", reason: `http_${status}` };
  return { kind: "refused", error: `http_${status}` };
}

/**
 * Posts a note, or an answer or share from where there is no response_url (App Home), through Bolt's
 * respond(), again only when Slack cannot have shown it (a 429, a refused connection), at most `attempts`
 * times. Answers and shares go through the outbox instead (delivery.ts).
 */
export async function respondVia(
  deps: RespondDeps,
  respond: RespondFn,
  payload: RespondArguments,
  attempts = 3,
): Promise<RespondResult> {
  const { policy } = deps;
  for (let attempt = 1; ; attempt++) {
    let failure: SlackFailure;
    try {
      await respond(payload);
      return { outcome: "sent" };
    } catch (error) {
      failure = failureOf(error, policy.backoffMs(attempt));
    }
    if (failure.kind === "ambiguous") return { outcome: "unknown", failure };
    if (failure.kind === "refused") return { outcome: "failed", failure };
    const wait = failure.kind === "rate-limited" ? failure.retryAfterMs : policy.backoffMs(attempt);
    if (attempt >= attempts) return { outcome: "failed", failure };
    deps.logger.warn(
      { attempt, failure: describeFailure(failure), waitMs: wait },
      "response_url post failed; trying again",
    );
    await policy.sleep(wait);
  }
}
