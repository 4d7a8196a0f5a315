import { messageOf, type StateProblem, StateUnavailableError } from "./errors.js";

/** Whether the state store can be written now. */
export type StateHealth =
  | { writable: true }
  | { writable: false; problem: StateProblem; detail: string; since: number };

export interface HealthTracker {
  current(): StateHealth;
  wrote(): void;
  failed(problem: StateProblem, detail: string): void;
}

export function createHealthTracker(now: () => number): HealthTracker {
  let health: StateHealth = { writable: true };
  return {
    current: () => health,
    wrote() {
      if (!health.writable) health = { writable: true };
    },
    failed(problem, detail) {
      if (health.writable || health.problem !== problem) {
        health = { writable: false, problem, detail, since: now() };
      }
    },
  };
}

/** A storage failure as StateUnavailableError, recorded in `health`; a statement's own error as it is. */
export function storageErrorOf(
  error: unknown,
  problem: StateProblem | undefined,
  health: HealthTracker,
): unknown {
  if (problem === undefined) return error;
  health.failed(problem, messageOf(error));
  return new StateUnavailableError(problem, messageOf(error), { cause: error });
}
