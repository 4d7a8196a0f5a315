import type { IncomingMessage } from "node:http";
import { HTTPReceiver, SocketModeReceiver, type webApi } from "@slack/bolt";
import type { Logger } from "../logger.js";
import type { OpsRoute } from "../ops/health.js";
import type { Metrics } from "../ops/metrics.js";
import type { SlackReadiness } from "../ops/readiness.js";
import { createBoltLogger } from "./bolt-logger.js";
import { guardSocketFrames } from "./socket-frames.js";

// Slack's largest real payloads: 39 KB in the SDKs' fixtures, ~100 KB for a click in a full App Home.
export const BODY_LIMIT_BYTES = 512 * 1024;

/** Body bytes being received at once, all requests together. */
export const BODY_BYTES_IN_FLIGHT = 16 * 1024 * 1024;

/** Slack's replay window, checked both ways (Bolt checks only the past, and only after reading the body). */
const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
const SIGNATURE_SHAPE = /^v0=[0-9a-f]{64}$/;
const EVENTS_PATH = "/slack/events";

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Why a POST to the events path is refused from its headers alone, before a byte of its body is read. */
function refusalOf(req: IncomingMessage, nowMs: number): { status: number; reason: string } | undefined {
  const seconds = Number(headerOf(req, "x-slack-request-timestamp") ?? Number.NaN);
  if (!Number.isInteger(seconds)) return { status: 401, reason: "no request timestamp" };
  if (seconds > nowMs / 1000 + MAX_CLOCK_SKEW_SECONDS) {
    return { status: 401, reason: "request timestamp is too far in the future" };
  }
  if (seconds < nowMs / 1000 - MAX_CLOCK_SKEW_SECONDS)
    return { status: 401, reason: "stale request timestamp" };
  if (!SIGNATURE_SHAPE.test(headerOf(req, "x-slack-signature") ?? "")) {
    return { status: 401, reason: "no request signature" };
  }
  if (Number(headerOf(req, "content-length") ?? 0) > BODY_LIMIT_BYTES) {
    return { status: 413, reason: "request body too large" };
  }
  return undefined;
}

function bodyBudget(limit: number): (req: IncomingMessage) => void {
  let inFlight = 0;
  return (req) => {
    let counted = 0;
    let open = true;
    const release = () => {
      if (!open) return;
      open = false;
      inFlight -= counted;
    };
    // Bolt's body reader attaches in the same tick, before any chunk can arrive.
    req.on("data", (chunk: Buffer) => {
      if (!open) return;
      counted += chunk.length;
      inFlight += chunk.length;
      if (inFlight > limit) {
        release();
        req.destroy();
      }
    });
    req.once("end", release);
    req.once("close", release);
  };
}

export interface HttpReceiverOptions {
  signingSecret: string;
  routes: OpsRoute[];
  logger: Logger;
  now: () => number;
}

/** Bolt's HTTP receiver with the ops routes, header-only refusals and a bound on body bytes in flight. */
export function createHttpReceiver(options: HttpReceiverOptions): HTTPReceiver {
  const { logger, now } = options;
  const receiver = new HTTPReceiver({
    signingSecret: options.signingSecret,
    endpoints: EVENTS_PATH,
    logger: createBoltLogger(logger),
    customRoutes: options.routes,
    bodyLimit: BODY_LIMIT_BYTES,
    customPropertiesExtractor: () => ({ receivedAt: now() }),
  });
  const bolt = receiver.requestListener;
  const track = bodyBudget(BODY_BYTES_IN_FLIGHT);
  receiver.requestListener = (req, res) => {
    if (req.method === "POST" && new URL(req.url ?? "/", "http://localhost").pathname === EVENTS_PATH) {
      const refusal = refusalOf(req, now());
      if (refusal !== undefined) {
        logger.debug({ path: req.url, reason: refusal.reason }, "refused a request from its headers");
        // The connection is closed, so the unread body is neither read nor taken for a request.
        res.writeHead(refusal.status, { "content-type": "text/plain", connection: "close" });
        return res.end(refusal.reason);
      }
      track(req);
    }
    bolt(req, res);
  };
  return receiver;
}

export interface SocketReceiverOptions {
  appToken: string;
  /** The client that opens connections (apps.connections.open). */
  clientOptions: webApi.WebClientOptions;
  /** Never reconnects when undefined. */
  reconnectBackoffMs?: (attempt: number) => number;
  readiness: SlackReadiness;
  metrics: Metrics;
  logger: Logger;
  now: () => number;
}

type SocketModeClient = SocketModeReceiver["client"];

/** Whatever the error: the SDK's own gives up for good on invalid_auth, leaving the process up and deaf. */
function keepConnected(client: SocketModeClient, backoffMs: (attempt: number) => number, logger: Logger) {
  let connectedOnce = false;
  let stopped = false;
  let reconnecting = false;
  const reconnect = async () => {
    reconnecting = true;
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await client.start();
        break;
      } catch (error) {
        const waitMs = backoffMs(attempt);
        logger.warn(
          { err: error, attempt, waitMs },
          "could not reconnect to Slack in Socket Mode; trying again",
        );
        await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
      }
    }
    reconnecting = false;
  };
  // A first connection that fails fails the start; only disconnect(), the receiver's stop, emits "disconnecting".
  client.on("connected", () => {
    connectedOnce = true;
  });
  client.on("disconnecting", () => {
    stopped = true;
  });
  client.on("disconnected", () => {
    if (connectedOnce && !stopped && !reconnecting) void reconnect();
  });
}

/** Bolt's Socket Mode receiver with malformed frames dropped, the connection tracked and always reconnected. */
export function createSocketReceiver(options: SocketReceiverOptions): SocketModeReceiver {
  const receiver = new SocketModeReceiver({
    appToken: options.appToken,
    logger: createBoltLogger(options.logger),
    // Our own reconnection replaces the SDK's: with it off, a lost connection ends in "disconnected".
    autoReconnectEnabled: false,
    installerOptions: { clientOptions: options.clientOptions },
    customPropertiesExtractor: () => ({ receivedAt: options.now() }),
  });
  const { client } = receiver;
  guardSocketFrames(client, options.logger, () =>
    options.metrics.processErrors.inc({ kind: "malformed_frame" }),
  );
  client.on("connected", () => options.readiness.socketConnected(true));
  for (const state of ["close", "disconnected", "reconnecting", "disconnecting"]) {
    client.on(state, () => options.readiness.socketConnected(false));
  }
  if (options.reconnectBackoffMs !== undefined) {
    keepConnected(client, options.reconnectBackoffMs, options.logger);
  }
  return receiver;
}
