import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";

/** What `npm test` holds search to: a regression budget, not a score to reach. */
export const GATE = {
  /** The test half's nDCG@10 may fall at most this far under the committed baseline. */
  testBudget: 0.01,
} as const;

export const BASELINE_PATH = "eval/baseline.json";

const baselineSchema = z.object({
  _doc: z.string(),
  /** Ours on eval/qrels.json's test half: nDCG@10. */
  test: z.number().min(0).max(1),
  /** Ours on the dev half, for the record (not gated). */
  dev: z.number().min(0).max(1),
});

export type Baseline = z.infer<typeof baselineSchema>;

export function readBaseline(path = BASELINE_PATH): Baseline {
  return baselineSchema.parse(JSON.parse(readFileSync(path, "utf8")));
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function writeBaseline(figures: { test: number; dev: number }, path = BASELINE_PATH): Baseline {
  const baseline: Baseline = {
    _doc: "Ours on eval/qrels.json (nDCG@10 per half), written by `npm run eval -- --write-baseline`. npm test fails when the test half falls more than 0.01 under `test`. Rewrite it only in a commit that says why the figure moved.",
    test: round(figures.test),
    dev: round(figures.dev),
  };
  writeFileSync(path, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}

/** The test half is within the budget of the baseline. */
export function withinBudget(test: number, baseline: Baseline): boolean {
  return test >= baseline.test - GATE.testBudget - 1e-9;
}

/**
 * Where the BEIR sets are: `eval/data`, copied byte for byte from `../shared/eval` (SHA-256 checked on read) so a
 * clone anywhere, CI's included, runs the SciFact gate.
 */
export function defaultDataDir(from = process.cwd()): string {
  return resolve(from, "eval", "data");
}
