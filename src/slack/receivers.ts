import type { IncomingMessage, ServerResponse } from "node:http";
import { HTTPReceiver, SocketModeReceiver, type webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import type { OpsRoute } from "../ops/health.js";
import type { Metrics } from "../ops/metrics.js";
import type { SlackReadiness } from "../ops/readiness.js";
import { createBoltLogger } from "./bolt-logger.js";
import { guardSocketFrames } from "./socket-frames.js";

/** Bolt's default bodyLimit: larger bodies are refused. */
const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Slack's replay window; Bolt enforces it only for timestamps in the past. */
const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
export const EVENTS_PATH = "/slack/events";

/** A signed request dated further ahead than Slack's replay window allows (Bolt checks only the past). */
export function isFromTheFuture(req: IncomingMessage, nowMs: number): boolean {
  const header = req.headers["x-slack-request-timestamp"];
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds > nowMs / 1000 + MAX_CLOCK_SKEW_SECONDS;
}

function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain" });
  res.end(text);
}

/** Stamps each request with the time it reached the app (`context.receivedAt`). */
function stampArrival(now: () => number): () => { receivedAt: number } {
  return () => ({ receivedAt: now() });
}

export interface HttpReceiverOptions {
  signingSecret: string;
  /** /healthz, /readyz and /metrics, served beside Slack's requests. */
  routes: OpsRoute[];
  logger: Logger;
  now: () => number;
}

/**
 * Bolt's HTTP receiver with the ops routes; what can be refused from the headers alone is refused before the
 * body is read: a signed request dated more than five minutes ahead (401), a body over the limit (413).
 */
export function createHttpReceiver(options: HttpReceiverOptions): HTTPReceiver {
  const { logger, now } = options;
  const receiver = new HTTPReceiver({
    signingSecret: options.signingSecret,
    endpoints: EVENTS_PATH,
    logger: createBoltLogger(logger),
    customRoutes: options.routes,
    bodyLimit: BODY_LIMIT_BYTES,
    customPropertiesExtractor: stampArrival(now),
  });
  const bolt = receiver.requestListener;
  // Bolt's server hands every request to requestListener.
  receiver.requestListener = (req, res) => {
    if (req.method === "POST" && isFromTheFuture(req, now())) {
      logger.warn({ path: req.url }, "refused a signed request dated more than five minutes ahead");
      return refuse(res, 401, "request timestamp is too far in the future");
    }
    // Refused before it is read, and the connection closed, so the unread rest is not taken for a request.
    if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) {
      res.setHeader("connection", "close");
      return refuse(res, 413, "request body too large");
    }
    bolt(req, res);
  };
  return receiver;
}

export interface SocketReceiverOptions {
  appToken: string;
  /** Options of the client that opens connections (apps.connections.open): fetch, API URL, retries. */
  clientOptions: webApi.WebClientOptions;
  autoReconnect: boolean;
  readiness: SlackReadiness;
  metrics: Metrics;
  logger: Logger;
  now: () => number;
}

/** Bolt's Socket Mode receiver with malformed frames dropped and the connection's state tracked. */
export function createSocketReceiver(options: SocketReceiverOptions): SocketModeReceiver {
  const receiver = new SocketModeReceiver({
    appToken: options.appToken,
    logger: createBoltLogger(options.logger),
    autoReconnectEnabled: options.autoReconnect,
    installerOptions: { clientOptions: options.clientOptions },
    customPropertiesExtractor: stampArrival(options.now),
  });
  const { client } = receiver;
  guardSocketFrames(client, options.logger, () =>
    options.metrics.processErrors.inc({ kind: "malformed_frame" }),
  );
  client.on("connected", () => options.readiness.socketConnected(true));
  for (const state of ["disconnected", "reconnecting", "disconnecting"]) {
    client.on(state, () => options.readiness.socketConnected(false));
  }
  return receiver;
}
