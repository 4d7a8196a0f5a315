/** Where a long load stands: reading the files, parsing them, then indexing the papers. */
export type LoadProgress =
  | { phase: "reading"; files: number }
  | { phase: "parsing"; files: number }
  | { phase: "indexing"; papers: number; total: number };

/** A progress event as shown: with the time so far and, while indexing, an estimate of the time left. */
export type TimedProgress = LoadProgress & { elapsedMs: number; leftMs?: number };

const number = new Intl.NumberFormat("en-US");
const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

/** One line for people: "Indexing 40,000 of 100,000 papers (40%), about 6 s left". */
export function progressText(progress: TimedProgress): string {
  switch (progress.phase) {
    case "reading":
      return `Reading the corpus: ${number.format(progress.files)} files`;
    case "parsing":
      return `Parsing ${number.format(progress.files)} files`;
    case "indexing": {
      if (progress.papers >= progress.total)
        return `Indexed ${number.format(progress.total)} papers; finishing the index`;
      const share = Math.floor((100 * progress.papers) / Math.max(1, progress.total));
      const left = progress.leftMs === undefined ? "" : `, about ${seconds(progress.leftMs)} left`;
      return `Indexing ${number.format(progress.papers)} of ${number.format(progress.total)} papers (${share}%)${left}`;
    }
  }
}

/**
 * Adds times to raw progress events and passes on the first of each phase, the last papers indexed, and
 * otherwise at most one event every `everyMs`: a log line every few seconds, or a terminal line redrawn often.
 * Nothing is passed on in the first `quietForMs`.
 */
export function timedProgress(
  report: (progress: TimedProgress) => void,
  options: { everyMs: number; now: () => number; quietForMs?: number },
): (progress: LoadProgress) => void {
  const started = options.now();
  let indexingFrom: { at: number; papers: number } | undefined;
  let lastPhase: LoadProgress["phase"] | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const at = options.now();
    let leftMs: number | undefined;
    if (progress.phase === "indexing") {
      indexingFrom ??= { at, papers: progress.papers };
      const done = progress.papers - indexingFrom.papers;
      if (done > 0) leftMs = ((at - indexingFrom.at) / done) * (progress.total - progress.papers);
    }
    const finished = progress.phase === "indexing" && progress.papers >= progress.total;
    // A load that is over in a moment needs no progress at all.
    if (at - started < (options.quietForMs ?? 0)) return;
    if (progress.phase === lastPhase && !finished && at - lastAt < options.everyMs) return;
    lastPhase = progress.phase;
    lastAt = at;
    report({ ...progress, elapsedMs: at - started, ...(leftMs === undefined ? {} : { leftMs }) });
  };
}

/** Progress for a person at a terminal: one line redrawn in place; nothing when the stream is not a terminal
 * (piped or redirected output stays clean). `end` clears the line. */
export function terminalProgress(stream: { write(text: string): unknown; isTTY?: boolean }): {
  report: (progress: TimedProgress) => void;
  end: () => void;
} {
  let drawn = false;
  return {
    report(progress) {
      if (!stream.isTTY) return;
      stream.write(`\r\u001b[K${progressText(progress)}`);
      drawn = true;
    },
    end() {
      if (drawn) stream.write("\r\u001b[K");
      drawn = false;
    },
  };
}
