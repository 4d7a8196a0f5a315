import { connect, type Socket } from "node:net";

/** A raw connection that sends `text` and reports what came back and when the server closed it. */
export function rawRequest(port: number, text: string): Promise<{ reply: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let reply = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    socket.on("data", (chunk) => {
      reply += String(chunk);
    });
    socket.on("error", reject);
    socket.on("close", () => resolve({ reply, closedAfterMs: Date.now() - started }));
  });
}

/** One held connection: what it sent is on its way, and `closed` says whether the server has ended it. */
export interface HeldSocket {
  socket: Socket;
  closed(): boolean;
}

function hold(port: number, opening: string | Buffer): Promise<HeldSocket> {
  return new Promise((resolve, reject) => {
    let closed = false;
    const socket = connect(port, "127.0.0.1", () => {
      if (opening.length > 0) socket.write(opening);
      resolve({ socket, closed: () => closed });
    });
    socket.on("data", () => undefined);
    socket.on("error", (error) => (closed ? undefined : reject(error)));
    socket.on("close", () => {
      closed = true;
    });
  });
}

/** Opens `count` connections that each send `opening` (nothing when empty) and then say no more. */
export async function holdSockets(
  port: number,
  count: number,
  opening: string | Buffer,
): Promise<HeldSocket[]> {
  const held: HeldSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    held.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => hold(port, opening)))),
    );
  }
  return held;
}

export function release(held: readonly HeldSocket[]): void {
  for (const { socket } of held) socket.destroy();
}
