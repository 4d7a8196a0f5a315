import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { ListenOptions } from "node:net";
import { type App, HTTPReceiver, type Receiver, SocketModeReceiver, type webApi } from "@slack/bolt";
import type { HttpLimits } from "../config.js";
import type { Logger } from "../logger.js";
import type { OpsHandler } from "../ops/health.js";
import { closeServer, listenWithLimits, portOf } from "../ops/http-server.js";
import type { Metrics } from "../ops/metrics.js";
import type { SlackReadiness } from "../ops/readiness.js";
import { createBoltLogger } from "./bolt-logger.js";
import { instrumentedApp } from "./instrumented-app.js";
import { guardSocketFrames } from "./socket-frames.js";

/** Bolt's HTTP receiver refuses bodies over 4 MB (its default bodyLimit). */
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

export interface HttpReceiverOptions {
  signingSecret: string;
  limits: HttpLimits;
  ops: OpsHandler;
  metrics: Metrics;
  logger: Logger;
  now: () => number;
}

/**
 * Bolt's HTTP receiver behind our own http.Server: request, header and connection limits, /healthz,
 * /readyz and /metrics, and signed requests from more than five minutes in the future refused (401).
 */
export class GuardedHttpReceiver implements Receiver {
  readonly #bolt: HTTPReceiver;
  readonly #options: HttpReceiverOptions;
  #server: Server | undefined;

  constructor(options: HttpReceiverOptions) {
    this.#options = options;
    this.#bolt = new HTTPReceiver({
      signingSecret: options.signingSecret,
      endpoints: EVENTS_PATH,
      logger: createBoltLogger(options.logger),
    });
  }

  init(app: App): void {
    this.#bolt.init(instrumentedApp(app, this.#options.metrics, this.#options.now));
  }

  get port(): number | undefined {
    return this.#server === undefined ? undefined : portOf(this.#server);
  }

  async start(listen: ListenOptions): Promise<Server> {
    const { ops, logger, now } = this.#options;
    const listener: RequestListener = (req, res) => {
      if (ops(req, res)) return;
      if (req.method === "POST" && isFromTheFuture(req, now())) {
        logger.warn({ path: req.url }, "refused a signed request dated more than five minutes ahead");
        return refuse(res, 401, "request timestamp is too far in the future");
      }
      // Refused before it is read, and the connection closed, so the unread rest is not taken for a request.
      if (Number(req.headers["content-length"] ?? 0) > BODY_LIMIT_BYTES) {
        res.setHeader("connection", "close");
        return refuse(res, 413, "request body too large");
      }
      try {
        this.#bolt.requestListener(req, res);
      } catch (error) {
        logger.debug({ err: error, path: req.url }, "no route for the request");
        if (!res.headersSent) refuse(res, 404, "not found");
      }
    };
    this.#server = await listenWithLimits(listener, this.#options.limits, listen);
    return this.#server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server !== undefined) await closeServer(server);
  }
}

export interface SocketReceiverOptions {
  appToken: string;
  /** Options of the client that opens connections (apps.connections.open): fetch, API URL, retries. */
  clientOptions: webApi.WebClientOptions;
  autoReconnect: boolean;
  /** Where /healthz, /readyz and /metrics are served; none when undefined. */
  health?: { listen: ListenOptions; limits: HttpLimits; ops: OpsHandler };
  readiness: SlackReadiness;
  metrics: Metrics;
  logger: Logger;
  now: () => number;
}

/** Bolt's Socket Mode receiver with malformed frames dropped, connection state tracked, and a health server. */
export class GuardedSocketReceiver implements Receiver {
  readonly #bolt: SocketModeReceiver;
  readonly #options: SocketReceiverOptions;
  #health: Server | undefined;

  constructor(options: SocketReceiverOptions) {
    this.#options = options;
    this.#bolt = new SocketModeReceiver({
      appToken: options.appToken,
      logger: createBoltLogger(options.logger),
      autoReconnectEnabled: options.autoReconnect,
      installerOptions: { clientOptions: options.clientOptions },
    });
    const client = this.#bolt.client;
    guardSocketFrames(client, options.logger, () =>
      options.metrics.processErrors.inc({ kind: "malformed_frame" }),
    );
    client.on("connected", () => options.readiness.socketConnected(true));
    for (const state of ["disconnected", "reconnecting", "disconnecting"]) {
      client.on(state, () => options.readiness.socketConnected(false));
    }
  }

  init(app: App): void {
    this.#bolt.init(instrumentedApp(app, this.#options.metrics, this.#options.now));
  }

  /** The health server's port, once started. */
  get healthPort(): number | undefined {
    return this.#health === undefined ? undefined : portOf(this.#health);
  }

  async start(): Promise<void> {
    const health = this.#options.health;
    if (health !== undefined) {
      this.#health = await listenWithLimits(
        (req, res) => {
          if (!health.ops(req, res)) refuse(res, 404, "not found");
        },
        health.limits,
        health.listen,
      );
    }
    try {
      await this.#bolt.start();
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  async stop(): Promise<void> {
    const health = this.#health;
    this.#health = undefined;
    await this.#bolt.stop();
    if (health !== undefined) await closeServer(health);
  }
}
