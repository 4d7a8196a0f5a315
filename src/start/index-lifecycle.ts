import type { Config, SlackMode } from "../config.js";
import { createLiveIndex, type LiveIndex } from "../index/live.js";
import { type LoadedIndex, loadIndex } from "../index/loader.js";
import { type LoadProgress, progressText, terminalProgress, timedProgress } from "../index/progress.js";
import type { Logger } from "../logger.js";

/** Where a long index build reports, and what ends the report once it is done. */
export interface IndexProgress {
  onProgress: (progress: LoadProgress) => void;
  end: () => void;
}

/** Progress of a long index build: a line redrawn on the console's terminal, a log line every few seconds in the bot modes. */
export function indexProgressFor(
  mode: SlackMode,
  logger: Logger,
  stderr: { write(text: string): unknown; isTTY?: boolean },
): IndexProgress {
  const now = () => performance.now();
  if (mode.kind === "console") {
    const terminal = terminalProgress(stderr);
    const onProgress = timedProgress(terminal.report, { everyMs: 250, now, quietForMs: 1000 });
    return { onProgress, end: terminal.end };
  }
  const log = timedProgress((progress) => logger.info({ progress }, progressText(progress)), {
    everyMs: 5000,
    now,
    quietForMs: 2000,
  });
  return { onProgress: log, end: () => undefined };
}

/** The index the bot serves, with the reload a person or a signal asks for. */
export interface ServedIndex {
  live: LiveIndex;
  /** The corpus folder's stats as the start's load found them, or the check of them left to the folder watch. */
  folder: LoadedIndex["folder"];
  /** When the index served now was loaded (ms since the epoch), for the index-age metric. */
  loadedAt(): number;
  /** Reloads the corpus; the listener given to onSwapped runs when a new index was swapped in. */
  reload(): Promise<string>;
  /** Sets what hears of a reload that swapped a new corpus in (the follow notifier). */
  onSwapped(listener: () => void): void;
}

/** Loads (or builds) the corpus's index and serves it; a corrupt or unusable index file reloads itself. */
export async function startServedIndex(
  config: Pick<Config, "corpusDir" | "cacheDir" | "mode">,
  logger: Logger,
  progressOf: () => IndexProgress,
): Promise<ServedIndex> {
  let loadedAt = Date.now();
  let live: LiveIndex | undefined;
  const load = async (folderCheck: "before" | "after", background = false) => {
    const progress = progressOf();
    const loaded = await loadIndex({
      corpusDir: config.corpusDir,
      cacheDir: config.cacheDir,
      logger,
      build: "process",
      background,
      folderCheck,
      now: () => performance.now(),
      onProgress: progress.onProgress,
      onCorrupt: () => void live?.reload(),
      onUnusable: () => void live?.reload(),
    }).finally(progress.end);
    const { papers, problems } = loaded.index.stats();
    const dir = config.corpusDir.endsWith("/") ? config.corpusDir : `${config.corpusDir}/`;
    logger.info(
      { source: loaded.source, ms: loaded.ms, papers, dir: config.corpusDir },
      `${papers} ${papers === 1 ? "paper" : "papers"} from ${dir} in ${(loaded.ms / 1000).toFixed(loaded.ms < 100 ? 2 : 1)} s`,
    );
    if (problems.length > 0) {
      // Each skipped entry by file and line, as /paper stats lists them; a long list is cut.
      const listed = problems
        .slice(0, 20)
        .map((p) => `${p.file}${p.line > 0 ? `:${p.line}` : ""}: ${p.message}`);
      logger.warn({ problems: problems.length, listed }, "some corpus entries were skipped");
    }
    loadedAt = Date.now();
    return loaded;
  };
  // At a start in Slack the folder watch compares the files with the index's stamps once the bot is ready; the
  // console may be asked its first line (piped) at once, and a reload is asked because the files changed.
  const first = await load(config.mode.kind === "console" ? "before" : "after");
  const served = createLiveIndex(first.index, async () => (await load("before", true)).index, logger);
  live = served;
  let swapped: (() => void) | undefined;
  return {
    live: served,
    folder: first.folder,
    loadedAt: () => loadedAt,
    reload: async () => {
      const before = served.current();
      const outcome = await served.reload();
      if (served.current() !== before) swapped?.();
      return outcome;
    },
    onSwapped: (listener) => {
      swapped = listener;
    },
  };
}
