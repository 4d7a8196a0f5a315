import type { App } from "@slack/bolt";
import { z } from "zod";
import type { Metrics } from "../ops/metrics.js";

/** The kind of request a body is, for metrics: slash, action, an event type (app_mention, message, …). */
function requestKindOf(body: unknown): string {
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

/** When the receiver handed the request to the app. */
export function receivedAtOf(context: Record<string, unknown>, fallback: number): number {
  const at = context.receivedAt;
  return typeof at === "number" ? at : fallback;
}

/** Bolt acks events before the middleware runs, and every other listener acks first. */
export function timeAcks(app: App, metrics: Metrics, now: () => number): void {
  app.use(async ({ body, context, next }) => {
    const at = now();
    metrics.ackSeconds.observe({ kind: requestKindOf(body) }, (at - receivedAtOf(context, at)) / 1000);
    await next();
  });
}
