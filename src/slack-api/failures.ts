import { z } from "zod";

/**
 * Why a Slack call failed, by what it means for a message that must not be lost or doubled: nothing stored
 * (rate-limited, not-sent: send again; refused: sending again won't help), or maybe stored (ambiguous: check first).
 */
export type SlackFailure =
  | { kind: "rate-limited"; retryAfterMs: number }
  | { kind: "not-sent"; reason: string }
  | { kind: "refused"; error: string }
  | { kind: "ambiguous"; reason: string };

// Slack documents these as "it's possible some aspect of the operation succeeded".
const MAYBE_DONE_ERRORS = new Set([
  "internal_error",
  "fatal_error",
  "service_unavailable",
  "request_timeout",
]);
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

const webApiErrorSchema = z.object({
  code: z.string(),
  retryAfter: z.number().optional(),
  statusCode: z.number().optional(),
  data: z.object({ error: z.string() }).optional(),
  original: z.unknown().optional(),
});

/** For a WebClient with retries off and rate limits rejected. */
export function slackFailureOf(error: unknown): SlackFailure {
  const parsed = webApiErrorSchema.safeParse(error);
  if (!parsed.success) return networkFailureOf(error);
  const e = parsed.data;
  if (e.code === "slack_webapi_rate_limited_error") {
    return { kind: "rate-limited", retryAfterMs: Math.max(1, e.retryAfter ?? 1) * 1000 };
  }
  if (e.code === "slack_webapi_platform_error") {
    const code = e.data?.error ?? "unknown_error";
    if (code === "ratelimited") return { kind: "rate-limited", retryAfterMs: 1000 };
    return MAYBE_DONE_ERRORS.has(code)
      ? { kind: "ambiguous", reason: code }
      : { kind: "refused", error: code };
  }
  if (e.code === "slack_webapi_http_error") return { kind: "ambiguous", reason: `http_${e.statusCode ?? 0}` };
  if (e.code === "slack_webapi_request_error") return networkFailureOf(e.original);
  return networkFailureOf(error);
}

export function networkFailureOf(error: unknown): SlackFailure {
  const code = networkCodeOf(error);
  return NOT_SENT_CODES.has(code) ? { kind: "not-sent", reason: code } : { kind: "ambiguous", reason: code };
}

export function describeFailure(failure: SlackFailure): string {
  switch (failure.kind) {
    case "rate-limited":
      return `rate limited for ${failure.retryAfterMs} ms`;
    case "refused":
      return failure.error;
    default:
      return failure.reason;
  }
}

/** The innermost network error code (ECONNREFUSED, …) or `timeout`. */
export function networkCodeOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const name = Reflect.get(current, "name");
    if (name === "TimeoutError") return "timeout";
    const code = Reflect.get(current, "code");
    if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return code;
    current = Reflect.get(current, "cause");
  }
  return "network_error";
}
