import { z } from "zod";
import { networkCodeOf } from "../slack-api/failures.js";

export interface SlackCallResult {
  /** A Web API method, or `response_url`. */
  method: string;
  seconds: number;
  /** Slack's error, `http_<status>`, `ratelimited`, `timeout` or a network code. */
  code: string | undefined;
}

export interface SlackFetchOptions {
  /** For calls without a signal of their own (Bolt's respond()). */
  timeoutMs: number;
  observe: (result: SlackCallResult) => void;
}

function methodOf(url: string): string {
  const match = /\/api\/([A-Za-z0-9_.]+)(?:[?#]|$)/.exec(url);
  return match?.[1] ?? "response_url";
}

const slackRefusalSchema = z.object({ ok: z.literal(false), error: z.string().catch("unknown_error") });

async function errorCodeOf(response: Response): Promise<string | undefined> {
  if (response.status === 429) return "ratelimited";
  if (response.status < 200 || response.status > 299) return `http_${response.status}`;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const refused = slackRefusalSchema.safeParse(body);
  return refused.success ? refused.data.error : undefined;
}

/** Each outcome reported (metrics, readiness) without changing what the caller sees. */
export function createSlackFetch(options: SlackFetchOptions): typeof fetch {
  return async (input, init) => {
    const method = methodOf(input instanceof Request ? input.url : String(input));
    const signal = init?.signal ?? AbortSignal.timeout(options.timeoutMs);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      // Looked up per call, so a fetch patched later (an HTTP recorder, a proxy agent) is the one used.
      const response = await globalThis.fetch(input, { ...init, signal });
      options.observe({ method, seconds: seconds(), code: await errorCodeOf(response) });
      return response;
    } catch (error) {
      options.observe({ method, seconds: seconds(), code: networkCodeOf(error) });
      throw error;
    }
  };
}
