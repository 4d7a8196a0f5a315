import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { StateStatus } from "../bot/ports.js";
import type { PaperLookups } from "../search/types.js";

/**
 * error: the user got the friendly error; unknown: Slack may have it, not sent again; queued: the outbox sends
 * it; deferred: a share not done while shared state cannot be written (the user was told).
 */
export type RequestOutcome =
  | "answered"
  | "error"
  | "duplicate"
  | "busy"
  | "failed"
  | "unknown"
  | "queued"
  | "deferred";

/** In a registry of its own (never prom-client's global one). */
export interface Metrics {
  registry: Registry;
  requests: Counter<"kind" | "outcome">;
  ackSeconds: Histogram<"kind">;
  answerSeconds: Histogram<"kind">;
  searchSeconds: Histogram<"operation">;
  slackApiSeconds: Histogram<"method">;
  slackApiErrors: Counter<"method" | "code">;
  dailyPosts: Counter<"outcome" | "reason">;
  processErrors: Counter<"kind">;
  outbox: Counter<"via" | "outcome">;
}

export interface MetricsOptions {
  /** prom-client's default collectors; on unless false. */
  processMetrics?: boolean;
}

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: "paperbot_requests_total",
      help: "Requests from Slack by kind (slash, action, share, mention, dm) and outcome.",
      labelNames: ["kind", "outcome"],
      registers,
    }),
    ackSeconds: new Histogram({
      name: "paperbot_ack_seconds",
      help: "From a request reaching the app to its acknowledgement (Slack allows 3 s).",
      labelNames: ["kind"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
      registers,
    }),
    answerSeconds: new Histogram({
      name: "paperbot_answer_seconds",
      help: "From a request reaching the app to Slack accepting the answer.",
      labelNames: ["kind"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 120],
      registers,
    }),
    searchSeconds: new Histogram({
      name: "paperbot_search_seconds",
      help: "Time spent in the search index by operation (search, who, author, similar, paper, random).",
      labelNames: ["operation"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    slackApiSeconds: new Histogram({
      name: "paperbot_slack_api_seconds",
      help: "Duration of Slack calls (Web API methods, response_url) by method, failures included.",
      labelNames: ["method"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    slackApiErrors: new Counter({
      name: "paperbot_slack_api_errors_total",
      help: "Failed Slack calls by method and code (Slack's error, http_<status>, ratelimited, timeout, a network code).",
      labelNames: ["method", "code"],
      registers,
    }),
    dailyPosts: new Counter({
      name: "paperbot_daily_posts_total",
      help: "Daily paper passes per channel by outcome (sent, skipped, failed) and the protocol's reason.",
      labelNames: ["outcome", "reason"],
      registers,
    }),
    processErrors: new Counter({
      name: "paperbot_process_errors_total",
      help: "Errors caught by the process guard (unhandledRejection, uncaughtException, malformed_frame).",
      labelNames: ["kind"],
      registers,
    }),
    outbox: new Counter({
      name: "paperbot_outbox_total",
      help:
        "Answers whose first attempt Slack did not take, by via (post, response_url) and outcome: queued, " +
        "delivered, already_there (found in the conversation), refused, given_up (older than its limit), " +
        "second_removed (posted by two processes while shared state was down; the later one removed), " +
        "unconfirmed (a shared card Slack may have shown: not sent again).",
      labelNames: ["via", "outcome"],
      registers,
    }),
  };
}

export interface IndexSource {
  index(): PaperLookups;
  loadedAt(): number;
  now(): number;
}

export function watchIndex(metrics: Metrics, source: IndexSource): void {
  const registers = [metrics.registry];
  new Gauge({
    name: "paperbot_index_papers",
    help: "Papers in the index being served.",
    registers,
    collect() {
      this.set(source.index().stats().papers);
    },
  });
  new Gauge({
    name: "paperbot_index_age_seconds",
    help: "Seconds since the index being served was loaded or rebuilt.",
    registers,
    collect() {
      this.set(Math.max(0, (source.now() - source.loadedAt()) / 1000));
    },
  });
}

export function watchOutbox(metrics: Metrics, outbox: { pending(): Promise<number> }): void {
  new Gauge({
    name: "paperbot_outbox_pending",
    help:
      "Answers waiting in the outbox for Slack (in the state store, shared by replicas, plus this process's " +
      "memory; while the store cannot be read, memory only).",
    registers: [metrics.registry],
    async collect() {
      this.set(await outbox.pending());
    },
  });
}

export interface StateSource {
  state(): StateStatus;
  now(): number;
}

export function watchState(metrics: Metrics, source: StateSource): void {
  const registers = [metrics.registry];
  new Gauge({
    name: "paperbot_state_shared",
    help: "1 while answered events are deduplicated through the state store (shared by replicas), 0 while in this process's memory only.",
    registers,
    collect() {
      this.set(source.state().writable ? 1 : 0);
    },
  });
  new Gauge({
    name: "paperbot_state_unavailable_seconds",
    help: "Seconds since the state store stopped answering (0 while it answers); reconnected in the background.",
    registers,
    collect() {
      const state = source.state();
      const since = state.writable ? undefined : state.since;
      this.set(since === undefined ? 0 : Math.max(0, (source.now() - since) / 1000));
    },
  });
}

/** The dashboard's word for a daily-post outcome. */
export function dailyOutcomeOf(outcome: string): "sent" | "failed" | "skipped" {
  if (outcome === "posted") return "sent";
  return outcome === "failed" || outcome === "retry-later" ? "failed" : "skipped";
}

export function countDailyResults(metrics: Metrics, results: readonly { outcome: string }[]): void {
  for (const { outcome } of results) {
    metrics.dailyPosts.inc({ outcome: dailyOutcomeOf(outcome), reason: outcome });
  }
}
