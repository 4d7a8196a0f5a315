import { MessageChannel, receiveMessageOnPort } from "node:worker_threads";
import { z } from "zod";
import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { type TextPaper, type TextRow, textRowsOf } from "../search/index-text.js";
import type { FromAbstractsInTurn } from "../search/store-file.js";
import type { RowBatch } from "../search/store-write.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/** Text rows a claim: at the end, one thread waits for the other's last batch at most (0.1 s at 1,000 rows). */
const ROWS_A_CLAIM = 1000;

const factsSchema = z.object({
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
});
const column = z.string();
const rowSchema = z.object({
  headline: column,
  stems: column,
  surface: column,
  synonyms: column,
  venue: column,
});
const fromHelper = z.union([
  z.object({ started: z.literal(true) }),
  z.object({ facts: factsSchema }),
  z.object({ from: z.number().int().nonnegative(), rows: z.array(rowSchema) }),
  z.object({ end: z.literal(true) }),
]);

/**
 * The acronyms the papers' abstracts define, worked out on a thread of its own, then the text rows shared
 * with the build thread: each side claims a batch at a time from one shared count, the helper from the front (sent
 * as it goes; the build thread writes them between its own batches), the build thread from the back. So whichever
 * is free sooner (the helper while the build thread writes the papers; the build thread while the helper works out
 * the acronyms) takes more. Resolves once the helper has the papers in hand: the caller
 * may then block its own thread (the index's synchronous writes), which a helper still waiting to be handed its task
 * would wait for. Never fails for the helper's sake: what a helper that stops has not sent is worked out here.
 */
export async function startedHelperOf(
  papers: readonly TextPaper[],
  rowOrder: readonly number[],
  helpedFrom = HELPED_FROM,
  batchSize = ROWS_A_CLAIM,
): Promise<FromAbstractsInTurn> {
  const factsHere = () => abstractFactsOf(papers);
  if (papers.length < helpedFrom) return { facts: Promise.resolve().then(factsHere) };
  const batches = Math.ceil(rowOrder.length / batchSize);
  const claims = new SharedArrayBuffer(4);
  const count = new Int32Array(claims);
  // The build thread's batches, from the back: the helper's are the rows before `ownFrom`.
  let ownFrom = batches * batchSize;
  const claim = () => {
    if (Atomics.add(count, 0, 1) >= batches) return undefined;
    const to = Math.min(ownFrom, rowOrder.length);
    ownFrom -= batchSize;
    return { from: ownFrom, to };
  };
  const { port1, port2 } = new MessageChannel();
  // The helper's own thread keeps the process going while it works; a build that fails early leaves no port open.
  port1.unref();
  // The helper's rows by their first row, as they come: while the build thread works, `ready` reads them at once.
  const sent = new Map<number, TextRow[]>();
  let ended = false;
  let heard: () => void = () => undefined;
  let startedNow: () => void = () => undefined;
  let factsNow: (facts: AbstractFacts) => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    startedNow = resolve;
  });
  const factsSent = new Promise<AbstractFacts>((resolve) => {
    factsNow = resolve;
  });
  const take = (message: unknown) => {
    const read = fromHelper.safeParse(message);
    if (!read.success) return;
    const said = read.data;
    if ("started" in said) startedNow();
    else if ("facts" in said) factsNow(said.facts);
    else if ("rows" in said) sent.set(said.from, said.rows);
    else ended = true;
    heard();
  };
  port1.on("message", take);
  const texts = papers.map(({ abstract, title, venue }) => ({ abstract, title, venue }));
  const done = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { papers: texts, rowOrder: [...rowOrder], claims, batchSize, started: port2 },
    {},
    [port2],
  );
  // Settles only if the helper stops before it is done.
  const failed = done.then(
    () => new Promise<true>(() => undefined),
    () => true as const,
  );
  // A helper that answered had sent its facts before; one that stopped may not have.
  const facts = Promise.race([factsSent, failed.then(factsHere)]);
  let next = 0;
  const given = (rows: TextRow[]) => {
    const batch = { from: next, rows };
    sent.delete(next);
    next += batchSize;
    return batch;
  };
  const ready = () => {
    // The build thread's loop holds the event loop: what the helper sent since is read here.
    for (
      let message = receiveMessageOnPort(port1);
      message !== undefined;
      message = receiveMessageOnPort(port1)
    )
      take(message.message);
    const rows = sent.get(next);
    return rows === undefined ? undefined : given(rows);
  };
  /** The helper's rows not given yet, in row order, once every row is claimed; what it did not send made here. */
  async function* rest(): AsyncGenerator<RowBatch> {
    while (next < ownFrom) {
      while (!sent.has(next) && !ended) {
        if (await Promise.race([new Promise<false>((resolve) => (heard = () => resolve(false))), failed]))
          break;
      }
      yield given(sent.get(next) ?? textRowsOf(papers, await facts, rowOrder.slice(next, next + batchSize)));
    }
    port1.close();
  }
  await Promise.race([started, done.catch(() => undefined)]);
  return { facts, rows: { claim, ready, rest } };
}
