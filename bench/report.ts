import type { EngineName } from "./engines.js";
import type { EngineMeasurement } from "./measurement.js";
import type { SlackPathMeasurement } from "./slack-path.js";
import { formatNumber, formatTable, type PairedComparison, pairedComparison } from "./stats.js";
import { createRandom } from "./synthetic/random.js";

/** What a bench run prints: its tables and each target of issue 8 with its figure, from the measurements. */

/** Known-item queries the table's first MRR figure is over (the count earlier runs used): kept for comparison. */
export const FIRST_KNOWN = 50;

export type Row = EngineMeasurement | { engine: EngineName; papers: number; error: string };

function latencyCell(summary: { p50: number; p99: number; max: number } | null): string {
  return summary === null
    ? "n/a"
    : `${formatNumber(summary.p50)}/${formatNumber(summary.p99)}/${formatNumber(summary.max)}`;
}

/** MRR over the first known-item queries (NaN entries, whose target is not one paper, left out). */
function firstMrr(ranks: readonly number[], first = FIRST_KNOWN): number {
  const known = ranks.slice(0, first).filter((rank) => !Number.isNaN(rank));
  return known.length === 0 ? Number.NaN : known.reduce((a, b) => a + b, 0) / known.length;
}

/** Ours against plain MiniSearch query by query, at each size: whether the MRR difference is more than chance. */
export function pairedOf(
  rows: readonly Row[],
  seed: string,
): { size: number; first: PairedComparison; all: PairedComparison }[] {
  const measured = rows.filter((row): row is EngineMeasurement => !("error" in row));
  return [...new Set(measured.map((row) => row.papers))].flatMap((size) => {
    const mine = measured.find((row) => row.engine === "ours" && row.papers === size);
    const theirs = measured.find((row) => row.engine === "plain" && row.papers === size);
    if (mine === undefined || theirs === undefined) return [];
    const random = createRandom(`${seed}-${size}`).next;
    const [a, b] = [mine.reciprocalRanks.exact, theirs.reciprocalRanks.exact];
    return [
      {
        size,
        first: pairedComparison(a.slice(0, FIRST_KNOWN), b.slice(0, FIRST_KNOWN), random),
        all: pairedComparison(a, b, random),
      },
    ];
  });
}

export function pairedTableOf(paired: ReturnType<typeof pairedOf>): string {
  const signed = (n: number) => `${n >= 0 ? "+" : ""}${formatNumber(n, 3)}`;
  return formatTable(
    [
      "known items, ours vs plain",
      "queries",
      "ours",
      "plain",
      "difference",
      "95% interval",
      "ours better",
      "plain better",
    ],
    paired.flatMap(({ size, first, all }) =>
      [first, all].map((c) => [
        `${size} papers`,
        String(c.queries),
        formatNumber(c.mean, 3),
        formatNumber(c.baseline, 3),
        signed(c.difference),
        `${signed(c.interval[0])} to ${signed(c.interval[1])}`,
        String(c.better),
        String(c.worse),
      ]),
    ),
  );
}

export function tableOf(rows: readonly Row[]): string {
  const header = [
    "engine",
    "papers",
    "parse s",
    "build s",
    "heap MB",
    "index heap MB",
    "rss MB",
    "file MB",
    "load s",
    "restart s",
    "restart RSS MB",
  ];
  const scored = rows.find((row): row is EngineMeasurement => !("error" in row))?.knownItems.queries ?? 0;
  const mrrs = `${FIRST_KNOWN}/${scored}`;
  header.push("search ms p50/p99/max", "who ms", "author ms", `MRR@10 ${mrrs}`, `typo MRR ${mrrs}`);
  header.push("phrase MRR", "loop p99 ms");
  return formatTable(
    header,
    rows.map((row) =>
      "error" in row
        ? [row.engine, String(row.papers), row.error]
        : [
            row.engine,
            String(row.papers),
            formatNumber(row.parseMs / 1000, 2),
            formatNumber(row.buildMs / 1000, 2),
            formatNumber(row.heapMB, 0),
            formatNumber(row.indexHeapMB ?? undefined, 0),
            formatNumber(row.rssMB, 0),
            formatNumber(row.snapshot?.mb, 1),
            formatNumber(row.snapshot === null ? undefined : row.snapshot.loadMs / 1000, 2),
            row.restart === undefined || "error" in row.restart
              ? "n/a"
              : formatNumber(row.restart.ms / 1000, 2),
            row.restart === undefined || "error" in row.restart ? "n/a" : formatNumber(row.restart.rssMB, 0),
            latencyCell(row.search),
            latencyCell(row.who),
            latencyCell(row.author),
            `${formatNumber(firstMrr(row.reciprocalRanks.exact), 3)}/${formatNumber(row.mrr10, 3)}`,
            `${formatNumber(firstMrr(row.reciprocalRanks.typo), 3)}/${formatNumber(row.mrr10Typo, 3)}`,
            formatNumber(row.mrr10Phrase, 3),
            formatNumber(row.eventLoopDelay.p99, 1),
          ],
    ),
  );
}

/** Each kind of query on its own, for our engine: where the time goes, and whether any kind is slow. */
export function kindsTableOf(rows: readonly Row[]): string {
  const kinds = [
    ["known item", (r: EngineMeasurement) => r.searchKnownItem],
    ["known item, typo", (r: EngineMeasurement) => r.searchTypo],
    ["topic (1-3 common words)", (r: EngineMeasurement) => r.searchTopic],
    ["topic by a name", (r: EngineMeasurement) => r.searchByName],
    ["hostile text", (r: EngineMeasurement) => r.searchHostile],
    ["who", (r: EngineMeasurement) => r.who],
    ["author", (r: EngineMeasurement) => r.author],
    ["more like this", (r: EngineMeasurement) => r.similar],
  ] as const;
  const ours = rows.filter((row): row is EngineMeasurement => !("error" in row) && row.engine === "ours");
  return formatTable(
    ["ours: ms p50/p99/max", ...ours.map((row) => `${row.papers} papers`)],
    kinds.map(([name, pick]) => [name, ...ours.map((row) => latencyCell(pick(row)))]),
  );
}

/** The Slack path in a few lines (every figure is also in latest.json). */
export function slackLinesOf(papers: number, slack: SlackPathMeasurement | { error: string }): string[] {
  if ("error" in slack) return [`slack path (${papers} papers): ${slack.error}`];
  const ms = (l: { p50: number; p99: number; max: number }) =>
    `p50 ${formatNumber(l.p50)} ms, p99 ${formatNumber(l.p99)} ms, max ${formatNumber(l.max)} ms`;
  return [
    `slack path (${papers} papers, ${slack.rate} signed /paper requests/s for ${slack.durationSeconds} s, ` +
      `${slack.searchWorkers} search worker${slack.searchWorkers === 1 ? "" : "s"}): ${slack.sent} sent, ` +
      `${slack.acked} acked within 3 s, ${slack.lostAcks} lost, ${slack.lostAnswers} answers lost`,
    `  ack as Slack waits for it (send to ack received): ${ms(slack.ack)}`,
    `  ack in the bot (headers read to response.end):    ${ms(slack.ackServer)}`,
    `  answer at the response_url (send to answer):      ${ms(slack.answer)}`,
    `  event-loop delay p99 ${formatNumber(slack.eventLoopDelay.p99)} ms, max ${formatNumber(slack.eventLoopDelay.max)} ms; ` +
      `GC ${formatNumber(slack.gc.totalMs, 0)} ms in all, longest ${formatNumber(slack.gc.maxMs)} ms; ` +
      `load generator late by p99 ${formatNumber(slack.sendLagMs.p99)} ms, max ${formatNumber(slack.sendLagMs.max)} ms`,
    `  RSS after the load ${formatNumber(slack.rssMB, 0)} MB (main thread's heap ${formatNumber(slack.heapMB, 0)} MB)`,
    `  Find related papers (100 chat messages quoting abstracts, one at a time): ${ms(slack.related)}`,
  ];
}

/** The issue's targets at the largest size measured, each with its figure and whether it is met. */
export function targetsOf(
  rows: readonly Row[],
  paired: ReturnType<typeof pairedOf>,
  slack: SlackPathMeasurement | { error: string } | undefined,
): string[] {
  const measured = rows.filter((row): row is EngineMeasurement => !("error" in row));
  const largest = Math.max(...measured.map((row) => row.papers));
  const ours = measured.find((row) => row.engine === "ours" && row.papers === largest);
  if (ours === undefined) return [];
  const line = (name: string, figure: string, met: boolean) => `${met ? "met " : "MISS"}  ${name}: ${figure}`;
  const restart = ours.restart !== undefined && !("error" in ours.restart) ? ours.restart : undefined;
  const cold = (ours.parseMs + ours.buildMs) / 1000;
  const lines = [
    `targets at ${largest} papers:`,
    line(
      "restart to ready ≤ 1.5 s",
      restart ? `${formatNumber(restart.ms / 1000, 2)} s` : "n/a",
      (restart?.ms ?? 1e9) <= 1500,
    ),
    line(
      "RSS after restart ≤ 200 MB",
      restart ? `${formatNumber(restart.rssMB, 0)} MB` : "n/a",
      (restart?.rssMB ?? 1e9) <= 200,
    ),
    line("cold start (parse + build) ≤ 20 s", `${formatNumber(cold, 1)} s`, cold <= 20),
    `      the bot's own cold start, empty CACHE_DIR, reading included: ${restart ? `${formatNumber(restart.coldMs / 1000, 1)} s` : "n/a"}`,
    line("search p99 ≤ 50 ms", `${formatNumber(ours.search.p99)} ms`, ours.search.p99 <= 50),
    line(
      "search max ≤ 150 ms (typos included)",
      `${formatNumber(ours.search.max)} ms`,
      ours.search.max <= 150,
    ),
    line("who p99 ≤ 50 ms", `${formatNumber(ours.who?.p99)} ms`, (ours.who?.p99 ?? 1e9) <= 50),
    line("author p99 ≤ 50 ms", `${formatNumber(ours.author?.p99)} ms`, (ours.author?.p99 ?? 1e9) <= 50),
  ];
  const typoFirst = firstMrr(ours.reciprocalRanks.typo);
  const queries = ours.knownItems.queries;
  lines.push(
    line(`typo MRR@10 ≥ 0.9 (${FIRST_KNOWN} queries)`, formatNumber(typoFirst, 3), typoFirst >= 0.9),
    // The target was set on the first 50, all a run had then; all 200 are shown beside the ceiling they share
    // with every engine: the same queries without the typo (one word that many papers hold has no one answer).
    `      typo MRR@10 over all ${queries} queries: ${formatNumber(ours.mrr10Typo, 3)} (the same queries without the typo: ${formatNumber(ours.mrr10, 3)})`,
  );
  for (const { size, first, all } of paired) {
    for (const c of [first, all]) {
      const figure = `${formatNumber(c.mean, 3)} vs ${formatNumber(c.baseline, 3)}`;
      const spread = `difference 95% interval ${formatNumber(c.interval[0], 3)} to ${formatNumber(c.interval[1], 3)}`;
      const name = `known-item MRR@10 ≥ plain MiniSearch at ${size} (${c.queries} queries)`;
      lines.push(line(name, `${figure}; ${spread}`, c.mean >= c.baseline));
    }
  }
  if (slack !== undefined && !("error" in slack)) {
    const figure = `p99 ${formatNumber(slack.ack.p99, 0)} ms, ${slack.lostAcks} lost`;
    lines.push(
      line(
        `signed /paper acks at ${slack.rate}/s p99 ≤ 100 ms, none lost`,
        figure,
        slack.ack.p99 <= 100 && slack.lostAcks === 0,
      ),
    );
  }
  return lines;
}
