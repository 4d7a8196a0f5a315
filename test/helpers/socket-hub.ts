import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";

/**
 * A loopback stand-in for Slack's Socket Mode endpoint that several app processes connect to at once, as
 * Slack spreads envelopes across an app's connections: hello on connect, envelopes sent to the connection
 * a test picks, and what each connection sent back (acks) kept per connection.
 */
export interface SocketHub {
  url: string;
  /** Connections so far, in the order they opened (closed ones keep their place). */
  connections(): number;
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  open(connection: number): boolean;
  send(connection: number, envelope: Record<string, unknown>): void;
  /** What the app sent back on one connection (acks carry the envelope_id). */
  received(connection: number): Record<string, unknown>[];
  close(): Promise<void>;
}

export async function startSocketHub(): Promise<SocketHub> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const sockets: WebSocket[] = [];
  const received: Record<string, unknown>[][] = [];
  const waiters: (() => void)[] = [];
  server.on("connection", (ws) => {
    const index = sockets.length;
    sockets.push(ws);
    received.push([]);
    ws.on("message", (data) => received[index]?.push(JSON.parse(String(data))));
    ws.send(
      JSON.stringify({
        type: "hello",
        num_connections: sockets.filter((s) => s.readyState === WebSocket.OPEN).length,
        connection_info: { app_id: "A0PAPERBOT" },
      }),
    );
    for (const wake of waiters.splice(0)) wake();
  });
  const { port } = server.address() as AddressInfo;
  const hub: SocketHub = {
    url: `ws://127.0.0.1:${port}/link/?ticket=replicas`,
    connections: () => sockets.length,
    async waitForConnections(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (sockets.filter((s) => s.readyState === WebSocket.OPEN).length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${sockets.length} of ${count} Socket Mode connections opened`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    open: (connection) => sockets[connection]?.readyState === WebSocket.OPEN,
    send(connection, envelope) {
      const socket = sockets[connection];
      if (socket?.readyState !== WebSocket.OPEN) throw new Error(`connection ${connection} is not open`);
      socket.send(JSON.stringify(envelope));
    },
    received: (connection) => received[connection] ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
  return hub;
}
