import { networkCodeOf } from "../slack-api/failures.js";
/** One finished Slack call, as the fetch wrapper saw it. */
export interface SlackCallResult {
  /** The Web API method (`chat.postMessage`), or `response_url`. */
  method: string;
  seconds: number;
  /** Undefined when it succeeded; else Slack's error, `http_<status>`, `ratelimited`, `timeout` or a network code. */
  code: string | undefined;
}

export interface SlackFetchOptions {
  /** For calls that come without a signal of their own: Bolt's respond() (the Web API clients set `timeout`). */
  timeoutMs: number;
  observe: (result: SlackCallResult) => void;
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/** `chat.postMessage` for a Web API URL, `response_url` for anything else (hooks.slack.com). */
export function methodOf(url: string): string {
  const match = /\/api\/([A-Za-z0-9_.]+)(?:[?#]|$)/.exec(url);
  return match?.[1] ?? "response_url";
}

async function errorCodeOf(response: Response): Promise<string | undefined> {
  if (response.status === 429) return "ratelimited";
  if (response.status < 200 || response.status > 299) return `http_${response.status}`;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body !== "object" || body === null || Reflect.get(body, "ok") !== false) return undefined;
    const error = Reflect.get(body, "error");
    return typeof error === "string" ? error : "unknown_error";
  } catch {
    return undefined;
  }
}

/**
 * The fetch Bolt's clients and respond() call Slack through: each outcome reported (for metrics and readiness)
 * without changing what the caller sees.
 */
export function createSlackFetch(options: SlackFetchOptions): typeof fetch {
  return async (input, init) => {
    const method = methodOf(urlOf(input));
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
