import type { IncomingMessage, ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import type { Logger } from "../logger.js";
import type { SlackReadinessState } from "./readiness.js";

export interface Readiness {
  /** An index is open and answers. */
  corpusLoaded(): boolean;
  slack(): SlackReadinessState;
}

/** Handles one request when it is for /healthz, /readyz or /metrics; false leaves it to the caller. */
export type OpsHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

function corpusLoaded(readiness: Readiness): boolean {
  try {
    return readiness.corpusLoaded();
  } catch {
    return false;
  }
}

/** GET /healthz (alive), /readyz (index open, Slack accepting our tokens: cached, no Slack call) and /metrics. */
export function opsHandler(readiness: Readiness, registry: Registry, logger: Logger): OpsHandler {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === "/healthz") {
      sendJson(res, 200, { ok: true });
      return true;
    }
    if (path === "/readyz") {
      const corpus = corpusLoaded(readiness);
      const state = readiness.slack();
      const slack = state.token && state.socket !== false;
      const ok = corpus && slack;
      sendJson(res, ok ? 200 : 503, {
        ok,
        corpus,
        slack,
        ...(state.socket === undefined ? {} : { socket: state.socket }),
      });
      return true;
    }
    if (path === "/metrics") {
      registry.metrics().then(
        (text) => {
          res.writeHead(200, { "content-type": registry.contentType });
          res.end(text);
        },
        (error: unknown) => {
          logger.error({ err: error }, "could not collect metrics");
          sendJson(res, 500, { ok: false });
        },
      );
      return true;
    }
    return false;
  };
}
