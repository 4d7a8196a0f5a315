import type { IncomingMessage, ServerResponse } from "node:http";
import type { Registry } from "prom-client";
import type { StateStatus } from "../bot/ports.js";
import type { Logger } from "../logger.js";
import type { SlackReadinessState } from "./readiness.js";

export interface Readiness {
  corpusLoaded(): boolean;
  state?: () => StateStatus;
  slack(): SlackReadinessState;
  /** False when the process should be restarted (Socket Mode disconnected past its limit). */
  alive(): boolean;
}

/** In the shape of Bolt's customRoutes. */
export interface OpsRoute {
  path: string;
  method: string[];
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

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

function stateFields(state: StateStatus | undefined): object {
  if (state === undefined) return {};
  if (state.writable) return { state: "shared" };
  return {
    state: "memory",
    ...(state.since === undefined ? {} : { stateSince: new Date(state.since).toISOString() }),
    ...(state.reconnecting === true ? { stateReconnecting: true } : {}),
  };
}

/** /readyz reads what earlier calls told of Slack: it makes no Slack call. */
export function opsRoutes(readiness: Readiness, registry: Registry, logger: Logger): OpsRoute[] {
  const route = (path: string, handler: OpsRoute["handler"]): OpsRoute => ({
    path,
    method: ["GET", "HEAD"],
    handler,
  });
  return [
    route("/healthz", (_req, res) => {
      const alive = readiness.alive();
      sendJson(res, alive ? 200 : 503, alive ? { ok: true } : { ok: false, socket: false });
    }),
    route("/readyz", (_req, res) => {
      const corpus = corpusLoaded(readiness);
      const state = readiness.slack();
      const slack = state.token && state.socket !== false;
      // Answers go on while state is in memory only (docs/failure-modes.md): still ready, the body says so.
      const ok = corpus && slack;
      sendJson(res, ok ? 200 : 503, {
        ok,
        corpus,
        slack,
        ...(state.socket === undefined ? {} : { socket: state.socket }),
        ...stateFields(readiness.state?.()),
      });
    }),
    route("/metrics", (_req, res) => {
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
    }),
  ];
}
