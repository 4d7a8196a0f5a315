import type { App, ReceiverEvent } from "@slack/bolt";
import { z } from "zod";
import type { Metrics } from "../ops/metrics.js";

/** The kind of request a body is, for metrics: slash, action, an event type (app_mention, message, …). */
export function requestKindOf(body: unknown): string {
  const parsed = z
    .object({
      command: z.string().optional(),
      type: z.string().optional(),
      event: z.object({ type: z.string() }).optional(),
    })
    .safeParse(body);
  if (!parsed.success) return "unknown";
  if (parsed.data.command !== undefined) return "slash";
  if (parsed.data.type === "block_actions") return "action";
  return parsed.data.event?.type ?? parsed.data.type ?? "unknown";
}

/** The `context.receivedAt` a listener sees: when the receiver handed the request to the app. */
export function receivedAtOf(context: Record<string, unknown>, fallback: number): number {
  const at = context.receivedAt;
  return typeof at === "number" ? at : fallback;
}

/**
 * The app as its receiver sees it: every request stamped with the time it arrived (`context.receivedAt`)
 * and its acknowledgement timed, in HTTP and Socket Mode alike.
 */
export function instrumentedApp(app: App, metrics: Metrics, now: () => number): App {
  const processEvent = (event: ReceiverEvent): Promise<void> => {
    const receivedAt = now();
    const kind = requestKindOf(event.body);
    let acked = false;
    return app.processEvent({
      ...event,
      customProperties: { ...event.customProperties, receivedAt },
      ack: (response) => {
        if (!acked) {
          acked = true;
          metrics.ackSeconds.observe({ kind }, (now() - receivedAt) / 1000);
        }
        return event.ack(response);
      },
    });
  };
  return new Proxy(app, {
    get(target, property) {
      if (property === "processEvent") return processEvent;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
