import type { SocketModeReceiver } from "@slack/bolt";
import { z } from "zod";
import type { Logger } from "../logger.js";

type SocketModeClient = SocketModeReceiver["client"];

const frameSchema = z.object({
  type: z.string(),
  envelope_id: z.string().optional(),
  payload: z.unknown().optional(),
});
const eventsApiPayloadSchema = z
  .object({ event: z.object({ type: z.string() }).passthrough() })
  .passthrough();
const objectSchema = z.record(z.string(), z.unknown());
const CONTROL_TYPES = new Set(["hello", "disconnect"]);

function malformedFrameProblem(frame: unknown): string | undefined {
  const parsed = frameSchema.safeParse(frame);
  if (!parsed.success) return "not a Socket Mode envelope";
  const { type, envelope_id, payload } = parsed.data;
  if (CONTROL_TYPES.has(type)) return undefined;
  if (envelope_id === undefined) return `${type} envelope without an envelope_id`;
  if (type === "events_api") {
    return eventsApiPayloadSchema.safeParse(payload).success
      ? undefined
      : "events_api envelope without an event";
  }
  return objectSchema.safeParse(payload).success ? undefined : `${type} envelope without a payload`;
}

/**
 * A malformed envelope (an `events_api` frame with no payload throws in a promise nobody awaits) is dropped
 * unacknowledged, so Slack redelivers it; an error inside the handler is logged rather than kill the process.
 */
export function guardSocketFrames(client: SocketModeClient, logger: Logger, onMalformed: () => void): void {
  const handlers = client.listeners("ws_message");
  client.removeAllListeners("ws_message");
  client.on("ws_message", (data: unknown, isBinary: unknown) => {
    if (isBinary !== true && (typeof data === "string" || data instanceof Uint8Array)) {
      let frame: unknown;
      try {
        frame = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
      } catch {
        frame = undefined; // the client itself logs and ignores text that is not JSON
      }
      const problem = frame === undefined ? undefined : malformedFrameProblem(frame);
      if (problem !== undefined) {
        onMalformed();
        const envelopeId = frameSchema.safeParse(frame).data?.envelope_id;
        logger.warn({ envelopeId, problem }, "dropped a malformed Socket Mode frame");
        return;
      }
    }
    for (const handler of handlers) {
      // Run as an async function, a throw becomes a rejection: either is logged, neither kills the process.
      (async () => Reflect.apply(handler, client, [data, isBinary]))().catch((error: unknown) =>
        logger.error({ err: error }, "the Socket Mode client failed on a frame"),
      );
    }
  });
}
