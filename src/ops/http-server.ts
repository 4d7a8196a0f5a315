import { createServer, type RequestListener, type Server } from "node:http";
import type { ListenOptions } from "node:net";
import type { HttpLimits } from "../config.js";

/** Node checks request and header timeouts on this interval (30 s by default, longer than the timeouts). */
function checkingIntervalMs(limits: HttpLimits): number {
  return Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 2)));
}

/** An http.Server that drops slow requests (408) and caps open connections, listening where asked. */
export async function listenWithLimits(
  listener: RequestListener,
  limits: HttpLimits,
  listen: ListenOptions,
): Promise<Server> {
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: checkingIntervalMs(limits),
    },
    listener,
  );
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

/** Stops listening and ends open connections (idle ones at once, busy ones when their response is done). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
  });
}
