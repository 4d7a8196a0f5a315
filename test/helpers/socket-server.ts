import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import { type SlashCommand, slashCommandBody } from "./signed-request.js";

/** A loopback stand-in for Slack's Socket Mode endpoint: hello on connect, envelopes on demand, acks recorded. */
export interface SocketModeServer {
  url: string;
  /** Every message the app sent back (acks carry the envelope_id). */
  received: Record<string, unknown>[];
  connected(): Promise<void>;
  send(envelope: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** A `/paper` command as Socket Mode delivers it: the fields Slack would post over HTTP, in an envelope. */
export function slashCommandEnvelope(envelopeId: string, command: SlashCommand): Record<string, unknown> {
  return {
    envelope_id: envelopeId,
    type: "slash_commands",
    accepts_response_payload: true,
    payload: Object.fromEntries(new URLSearchParams(slashCommandBody(command))),
  };
}

export async function startSocketModeServer(): Promise<SocketModeServer> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const received: Record<string, unknown>[] = [];
  let socket: WebSocket | undefined;
  const connection = new Promise<void>((resolve) => {
    server.on("connection", (ws) => {
      socket = ws;
      ws.on("message", (data) => received.push(JSON.parse(String(data))));
      ws.send(
        JSON.stringify({ type: "hello", num_connections: 1, connection_info: { app_id: "A0PAPERBOT" } }),
      );
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/link/?ticket=test`,
    received,
    connected: () => connection,
    send(envelope) {
      if (socket?.readyState !== WebSocket.OPEN) throw new Error("no app is connected");
      socket.send(JSON.stringify(envelope));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
