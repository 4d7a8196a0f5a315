import { type FSWatcher, watch } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { statCorpusFolder } from "../corpus/load.js";
import { looksWhole } from "../corpus/whole-file.js";
import type { FolderStamps, UncheckedFolder } from "../index/loader.js";
import type { Logger } from "../logger.js";

export interface CorpusWatchOptions {
  dir: string;
  /** The served index's reload (build aside, swap whole); resolves to its one-line outcome. */
  reload: () => Promise<string>;
  logger: Logger;
  /**
   * The folder as the index's load stat-ed it, what a change is looked for against; or, for an index opened by its
   * stamps alone, their check, made by the first look a quiet period after the start. Stat-ed afresh unless given.
   */
  initial?: FolderStamps | UncheckedFolder;
  /** How long the folder must be still before a change is loaded. */
  quietMs?: number;
  /** The periodic look, for mounts that send no events (network and container volumes). */
  recheckMs?: number;
  /** Wall-clock ms since the epoch, as file times count them. */
  clock?: () => number;
}

const CORPUS_QUIET_MS = 2000;
const CORPUS_RECHECK_MS = 60_000;
/** How long a file that still looks half-written is waited for before it is loaded anyway (and its problems listed). */
const HALF_WRITTEN_WAIT_MS = 60_000;

type Snapshot = Map<string, string>;

function snapshotOf(stamped: FolderStamps): { files: Snapshot; newestMs: number } {
  const files: Snapshot = new Map(stamped.files.map((file) => [file.name, file.signature]));
  for (const problem of stamped.problems) files.set(problem.file, "unreadable");
  const newestMs = Math.max(0, ...stamped.files.map((file) => file.changedMs));
  return { files, newestMs };
}

function changedNames(before: Snapshot, after: Snapshot): string[] {
  const names = new Set<string>();
  for (const [name, signature] of after) if (before.get(name) !== signature) names.add(name);
  for (const name of before.keys()) if (!after.has(name)) names.add(name);
  return [...names].sort();
}

/**
 * Watches the corpus folder (the folder, not single files, so an editor's or Zotero's write-to-temp-then-rename is
 * seen) and looks again every `recheckMs`. A change is loaded through `reload` once the folder has been quiet for
 * `quietMs` and every changed export looks whole; a half-written file is waited for (up to a minute).
 */
export async function watchCorpusFolder(options: CorpusWatchOptions): Promise<{ close(): void }> {
  const { dir, logger } = options;
  const quietMs = options.quietMs ?? CORPUS_QUIET_MS;
  const clock = options.clock ?? Date.now;
  const initial = options.initial ?? (await statCorpusFolder(dir).catch(() => undefined));
  let unchecked = initial !== undefined && "changedIn" in initial ? initial : undefined;
  let known =
    initial === undefined || "changedIn" in initial ? new Map<string, string>() : snapshotOf(initial).files;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let again = false;
  let halfWrittenSince: number | undefined;
  let closed = false;

  const schedule = (ms: number) => {
    if (closed) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void check();
    }, ms);
    timer.unref();
  };

  const halfWritten = async (names: string[]): Promise<string[]> => {
    const half: string[] = [];
    for (const name of names) {
      const text = await readFile(join(dir, name), "utf8").catch(() => undefined);
      if (text !== undefined && !looksWhole(name, text)) half.push(name);
    }
    return half;
  };

  const checkOnce = async () => {
    const stamped = await statCorpusFolder(dir).catch((error: unknown) => {
      logger.warn(
        { dir, reason: error instanceof Error ? error.message : String(error) },
        "cannot read the corpus folder",
      );
      return undefined;
    });
    if (stamped === undefined) return;
    const now = snapshotOf(stamped);
    let changed = changedNames(known, now.files);
    if (unchecked !== undefined) {
      // Files changed while the bot was stopped (an empty list: only a removal or a rename tells) are loaded now.
      const sinceStop = unchecked.changedIn(stamped);
      if (sinceStop === undefined) {
        unchecked = undefined;
        known = now.files;
        return;
      }
      changed = sinceStop.length > 0 ? sinceStop : ["(a file removed or renamed)"];
    }
    if (changed.length === 0) return;
    // Still being written: wait until the folder has been quiet for a whole period.
    const quietFor = clock() - now.newestMs;
    if (quietFor < quietMs) {
      schedule(quietMs - quietFor + 50);
      return;
    }
    const half = await halfWritten(changed.filter((name) => now.files.has(name)));
    // Said once a wait, not at each check of it.
    if (half.length > 0 && halfWrittenSince === undefined)
      logger.info({ files: half }, `a corpus file looks half-written; waiting for it (${half.join(", ")})`);
    halfWrittenSince = half.length === 0 ? undefined : (halfWrittenSince ?? clock());
    if (halfWrittenSince !== undefined && clock() - halfWrittenSince < HALF_WRITTEN_WAIT_MS) {
      schedule(quietMs);
      return;
    }
    halfWrittenSince = undefined;
    unchecked = undefined;
    known = now.files;
    logger.info({ files: changed }, `corpus folder changed (${changed.join(", ")}); reloading`);
    const outcome = await options.reload();
    logger.info({ files: changed, outcome }, "corpus reload after a change in the folder");
  };

  const check = async (): Promise<void> => {
    if (checking !== undefined) {
      again = true;
      return checking;
    }
    checking = (async () => {
      try {
        do {
          again = false;
          await checkOnce();
        } while (again && !closed);
      } catch (error) {
        logger.error({ err: error }, "watching the corpus folder failed; the next look tries again");
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  };

  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { persistent: false }, () => schedule(quietMs));
    watcher.on("error", (error) => {
      logger.warn(
        { dir, reason: error.message },
        "stopped watching the corpus folder; looking again every minute",
      );
      watcher?.close();
      watcher = undefined;
    });
  } catch (error) {
    logger.warn(
      { dir, reason: error instanceof Error ? error.message : String(error) },
      "cannot watch the corpus folder; looking again every minute",
    );
  }
  if (unchecked !== undefined) schedule(quietMs);
  const recheck = setInterval(() => void check(), options.recheckMs ?? CORPUS_RECHECK_MS);
  recheck.unref();
  return {
    close() {
      closed = true;
      watcher?.close();
      clearInterval(recheck);
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
