import { describe, expect, it } from "vitest";
import {
  progressText,
  type TimedProgress,
  terminalProgress,
  timedProgress,
} from "../../src/index/progress.js";

describe("progress of a long build", () => {
  it("reads as a line a person understands, with the time left while indexing", () => {
    expect(progressText({ phase: "reading", files: 2400, elapsedMs: 800 })).toBe(
      "Reading the corpus: 2,400 files",
    );
    expect(progressText({ phase: "parsing", files: 12500, elapsedMs: 1200 })).toBe("Parsing 12,500 files");
    expect(
      progressText({ phase: "indexing", papers: 40000, total: 100000, elapsedMs: 9000, leftMs: 6200 }),
    ).toBe("Indexing 40,000 of 100,000 papers (40%), about 6 s left");
    expect(progressText({ phase: "indexing", papers: 100000, total: 100000, elapsedMs: 15000 })).toBe(
      "Indexed 100,000 papers; finishing the index",
    );
  });

  it("passes on each new phase, then at most one event every few seconds, and estimates the time left", () => {
    let now = 0;
    const seen: TimedProgress[] = [];
    const report = timedProgress((p) => seen.push(p), { everyMs: 5000, now: () => now });
    report({ phase: "parsing", files: 10 });
    now = 1000;
    report({ phase: "indexing", papers: 0, total: 100 });
    now = 2000;
    report({ phase: "indexing", papers: 10, total: 100 });
    now = 7000;
    report({ phase: "indexing", papers: 60, total: 100 });
    now = 7500;
    report({ phase: "indexing", papers: 100, total: 100 });
    expect(seen.map((p) => p.phase)).toEqual(["parsing", "indexing", "indexing", "indexing"]);
    // 60 papers in 6 s: the other 40 take about 4 s more.
    expect(seen[2]?.leftMs).toBeCloseTo(4000);
    expect(seen.at(-1)).toMatchObject({ papers: 100, elapsedMs: 7500 });
  });

  it("stays silent for a load that is over in a moment", () => {
    let now = 0;
    const seen: TimedProgress[] = [];
    const report = timedProgress((p) => seen.push(p), { everyMs: 100, now: () => now, quietForMs: 1000 });
    report({ phase: "parsing", files: 3 });
    now = 300;
    report({ phase: "indexing", papers: 27, total: 27 });
    expect(seen).toEqual([]);
  });

  it("redraws one line on a terminal and writes nothing when stderr is piped", () => {
    const written: string[] = [];
    const tty = terminalProgress({ write: (text) => written.push(text), isTTY: true });
    tty.report({ phase: "reading", files: 200, elapsedMs: 10 });
    tty.end();
    expect(written).toEqual(["\r\u001b[KReading the corpus: 200 files", "\r\u001b[K"]);
    written.length = 0;
    const pipe = terminalProgress({ write: (text) => written.push(text) });
    pipe.report({ phase: "reading", files: 200, elapsedMs: 10 });
    pipe.end();
    expect(written).toEqual([]);
  });
});
