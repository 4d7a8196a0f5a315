import type { Logger } from "../logger.js";
import { describeFailure, networkFailureOf, type SlackFailure } from "../slack-api/failures.js";
import { type DeliveryPolicy, deadlineOf } from "./delivery-policy.js";

export interface RespondDeps {
  /** The Slack fetch: every call has the configured timeout and is counted. */
  fetch: typeof fetch;
  policy: DeliveryPolicy;
  logger: Logger;
}

export type RespondResult =
  | { outcome: "sent" }
  /** Slack took nothing (4xx, or out of attempts after 429s and refused connections). */
  | { outcome: "failed"; failure: SlackFailure }
  /** A 5xx or a timeout: Slack may have shown it, and a response_url message cannot be looked up. */
  | { outcome: "unknown"; failure: SlackFailure };

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

async function postOnce(deps: RespondDeps, url: string, body: string): Promise<SlackFailure | undefined> {
  let response: Response;
  try {
    response = await deps.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    await response.text();
  } catch (error) {
    return networkFailureOf(error);
  }
  if (response.ok) return undefined;
  if (response.status === 429) return { kind: "rate-limited", retryAfterMs: retryAfterMs(response) };
  if (response.status >= 500) return { kind: "ambiguous", reason: `http_${response.status}` };
  return { kind: "refused", error: `http_${response.status}` };
}

/**
 * Posts a message to a response_url (what Bolt's respond() does) with the Slack fetch's timeout, posting
 * again only when Slack cannot have shown it (a 429 after its Retry-After, a refused connection), within
 * `attempts` (the policy's unless given) and the policy's deadline.
 */
export async function respondVia(
  deps: RespondDeps,
  url: string,
  payload: object,
  attempts = deps.policy.maxAttempts,
): Promise<RespondResult> {
  const { policy } = deps;
  const deadline = deadlineOf(policy);
  const body = JSON.stringify(payload);
  for (let attempt = 1; ; attempt++) {
    const failure = await postOnce(deps, url, body);
    if (failure === undefined) return { outcome: "sent" };
    if (failure.kind === "ambiguous") return { outcome: "unknown", failure };
    if (failure.kind === "refused") return { outcome: "failed", failure };
    const wait = failure.kind === "rate-limited" ? failure.retryAfterMs : policy.backoffMs(attempt);
    if (attempt >= attempts || !deadline.allows(wait)) return { outcome: "failed", failure };
    deps.logger.warn(
      { attempt, failure: describeFailure(failure), waitMs: wait },
      "response_url post failed; trying again",
    );
    await policy.sleep(wait);
  }
}
