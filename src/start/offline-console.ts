import type { Readable, Writable } from "node:stream";
import type { BotDeps } from "../bot/ports.js";
import { startConsole } from "../console/repl.js";
import type { RecordDeps } from "../follow/announce.js";
import { startFollowNotifier } from "../follow/notifier.js";
import type { Logger } from "../logger.js";
import type { ServedIndex } from "./index-lifecycle.js";
import type { OpenedState } from "./state.js";

export interface OfflineConsoleWiring {
  bot: BotDeps;
  index: ServedIndex;
  state: OpenedState;
  /** Absent without a store. */
  record?: RecordDeps;
  input: Readable;
  output: Writable;
  logger: Logger;
}

/** Runs the offline console until its input ends, then closes the store and the index. */
export async function runOfflineConsole(wiring: OfflineConsoleWiring): Promise<void> {
  const { bot, index, record, state, logger } = wiring;
  // Offline, changes are recorded and digests planned; a bot on the same state sends them.
  const notifier = record === undefined ? undefined : startFollowNotifier({ record, logger });
  if (notifier !== undefined) index.onSwapped(() => void notifier.corpusChanged());
  // At start, or once a store unavailable at start answers.
  if (notifier !== undefined) state.whenConnected(() => void notifier.corpusChanged());
  await startConsole({ bot, input: wiring.input, output: wiring.output, logger });
  notifier?.stop();
  await state.store.close();
  // The search workers would keep the process alive.
  await index.live.close();
}
