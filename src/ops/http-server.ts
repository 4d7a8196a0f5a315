import { createServer, type Server, type ServerOptions } from "node:http";
import type { ListenOptions } from "node:net";
import type { HttpLimits } from "../config.js";
import type { OpsRoute } from "./health.js";

/** No connection is held past its timeouts, so many slow clients cost sockets, not service. */
export function serverOptionsOf(limits: HttpLimits): ServerOptions {
  return {
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: 5000,
    // Node checks those timeouts on this interval (30 s by default, longer than the timeouts).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2))),
  };
}

/** Socket Mode's health port: Bolt's server for customRoutes there takes neither server options nor a host. */
export async function serveOpsRoutes(
  routes: readonly OpsRoute[],
  limits: HttpLimits,
  listen: ListenOptions,
): Promise<Server> {
  const server = createServer(serverOptionsOf(limits), (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const route = routes.find((r) => r.path === path && r.method.includes(req.method ?? ""));
    if (route !== undefined) return route.handler(req, res);
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found");
  });
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listen, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === "object" && address !== null ? address.port : 0;
}

/** Idle connections end at once, busy ones when their response is done. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}
