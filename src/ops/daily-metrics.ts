import type { Metrics } from "./metrics.js";

const SENT = new Set(["posted"]);
const FAILED = new Set(["failed", "retry-later"]);

export function dailyOutcomeOf(outcome: string): "sent" | "failed" | "skipped" {
  if (SENT.has(outcome)) return "sent";
  if (FAILED.has(outcome)) return "failed";
  return "skipped";
}

export function countDailyResults(metrics: Metrics, results: readonly { outcome: string }[]): void {
  for (const { outcome } of results) {
    metrics.dailyPosts.inc({ outcome: dailyOutcomeOf(outcome), reason: outcome });
  }
}
