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

/**
 * The requests still being answered, so a stop can wait for them: Slack was told "got it" at the ack, and sends the
 * request no more. `drain` waits for them, at most `withinMs`.
 */
export function trackAnswers(app: App): { drain(withinMs: number): Promise<void> } {
  const answering = new Set<Promise<void>>();
  app.use(async ({ next }) => {
    const work = next();
    answering.add(work);
    try {
      await work;
    } finally {
      answering.delete(work);
    }
  });
  return {
    async drain(withinMs) {
      if (answering.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((done) => {
        timer = setTimeout(done, withinMs);
      });
      await Promise.race([Promise.allSettled([...answering]), late]);
      clearTimeout(timer);
    },
  };
}
