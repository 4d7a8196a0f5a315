import type { ServerResponse } from "node:http";
import type { CustomRoute } from "@slack/bolt";

export interface Readiness {
  /** The corpus is loaded and an index is serving. */
  corpusLoaded(): boolean;
  /** Slack answers auth.test with our token. */
  slackReachable(): Promise<boolean>;
}

function sendJson(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** GET /healthz (the process is alive) and GET /readyz (corpus loaded and Slack reachable). */
export function healthRoutes(readiness: Readiness): CustomRoute[] {
  return [
    { path: "/healthz", method: "GET", handler: (_req, res) => sendJson(res, 200, { ok: true }) },
    {
      path: "/readyz",
      method: "GET",
      handler: (_req, res) => {
        const corpus = readiness.corpusLoaded();
        readiness.slackReachable().then(
          (slack) => sendJson(res, corpus && slack ? 200 : 503, { ok: corpus && slack, corpus, slack }),
          () => sendJson(res, 503, { ok: false, corpus, slack: false }),
        );
      },
    },
  ];
}
