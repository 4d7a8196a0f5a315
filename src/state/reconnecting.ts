import type { Logger } from "../logger.js";
import { messageOf, type StateProblem, StateUnavailableError } from "./errors.js";
import type { StateHealth } from "./health.js";
import type { StateStore } from "./store.js";

export interface ReconnectOptions {
  kind: StateStore["kind"];
  open: () => Promise<StateStore>;
  /** Why the first attempt failed. */
  failed: StateUnavailableError;
  where: string;
  logger: Logger;
  now: () => number;
  /** Doubled after each failure up to `maxWaitMs`; 1 s and 30 s unless given. */
  firstWaitMs?: number;
  maxWaitMs?: number;
}

// While nothing is open, a read or write of the store starts an attempt at once, at most this often.
const nudgeEveryMs = 1000;

export interface ReconnectingStore extends StateStore {
  connected(): boolean;
  whenConnected(listener: (store: StateStore) => void): void;
}

/**
 * A store that could not be opened at start, retried in the background (and when something needs it) until it
 * opens, then used as if it had opened at start; until then every call throws StateUnavailableError.
 */
export function reconnectingStore(options: ReconnectOptions): ReconnectingStore {
  const { logger, now, where } = options;
  const firstWaitMs = options.firstWaitMs ?? 1000;
  const maxWaitMs = options.maxWaitMs ?? 30_000;
  const since = now();
  let problem: StateProblem = options.failed.problem;
  let detail = messageOf(options.failed);
  let store: StateStore | undefined;
  let closed = false;
  let opening = false;
  let lastAttempt = now();
  let waitMs = firstWaitMs;
  let timer: NodeJS.Timeout | undefined;
  const listeners: ((store: StateStore) => void)[] = [];

  const attempt = async (): Promise<void> => {
    if (store !== undefined || closed || opening) return;
    opening = true;
    lastAttempt = now();
    clearTimeout(timer);
    try {
      const opened = await options.open();
      if (closed) {
        await opened.close();
        return;
      }
      store = opened;
      logger.info(
        { where, unavailableMs: now() - since },
        `state at ${where} answers again: answers are shared once-only, daily posts and follows work again`,
      );
      for (const listener of listeners.splice(0)) listener(opened);
    } catch (error) {
      if (!(error instanceof StateUnavailableError)) {
        logger.error({ err: error, where }, "reconnecting to the state failed unexpectedly");
      } else if (error.problem !== problem) {
        logger.warn({ problem: error.problem, where }, `state still unavailable: ${error.message}`);
        problem = error.problem;
      }
      detail = messageOf(error);
      if (!closed) {
        timer = setTimeout(() => void attempt(), waitMs).unref();
        waitMs = Math.min(waitMs * 2, maxWaitMs);
      }
    } finally {
      opening = false;
    }
  };

  const unavailable = () => {
    if (now() - lastAttempt >= nudgeEveryMs) void attempt();
    return new StateUnavailableError(
      problem,
      `reconnecting since ${new Date(since).toISOString()}: ${detail}`,
    );
  };

  const table = <T extends object>(of: (store: StateStore) => T): T =>
    new Proxy<T>(Object.create(null), {
      get(_target, name) {
        if (store !== undefined) {
          const opened = of(store);
          const value: unknown = Reflect.get(opened, name);
          return typeof value === "function" ? value.bind(opened) : value;
        }
        // Not a promise itself, nor anything but methods.
        if (name === "then" || typeof name === "symbol") return undefined;
        return () => Promise.reject(unavailable());
      },
    });

  timer = setTimeout(() => void attempt(), waitMs).unref();
  waitMs = Math.min(waitMs * 2, maxWaitMs);
  return {
    kind: options.kind,
    subscriptions: table((s) => s.subscriptions),
    dailyPosts: table((s) => s.dailyPosts),
    deliveries: table((s) => s.deliveries),
    outbox: table((s) => s.outbox),
    follows: table((s) => s.follows),
    savedPapers: table((s) => s.savedPapers),
    announcements: table((s) => s.announcements),
    recentAnswers: table((s) => s.recentAnswers),
    health(): StateHealth {
      if (store !== undefined) return store.health();
      return { writable: false, problem, detail: `reconnecting: ${detail}`, since };
    },
    probe: () => (store === undefined ? Promise.reject(unavailable()) : store.probe()),
    connected: () => store !== undefined,
    whenConnected(listener) {
      if (store !== undefined) listener(store);
      else listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await store?.close();
    },
  };
}
