import { MessageChannel } from "node:worker_threads";
import { z } from "zod";
import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { indexedTextOf } from "../corpus/indexed-text.js";
import { type TextPaper, type TextRow, textRowsOf } from "../search/index-text.js";
import type { FromAbstractsInTurn } from "../search/store-file.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The share of the text rows the helper works out once it has the headlines and acronyms: the build thread writes
 * every row, its own as it works them out, then the helper's as they come, so the helper takes more (measured at
 * 100,000 papers: the two then finish together).
 */
const HELPER_ROWS = 0.7;

const factsSchema = z.object({
  headlines: z.array(z.string()),
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
  z.object({ rows: z.array(rowSchema) }),
  z.object({ end: z.literal(true) }),
]);

/**
 * The headlines and acronyms of the papers' abstracts (about 4 s at 100,000 papers alone on a core), then the text
 * rows of the last rows in `rowOrder`, worked out on a thread of its own and sent a batch at a time: the build
 * thread's text rows wait for the first, and it writes the helper's rows after its own as they come. Resolves once
 * the helper has the papers in hand: the caller may then block its own thread (the index's synchronous writes),
 * which a helper still waiting to be handed its task would wait for. Never fails for the helper's sake: what a
 * helper that stops has not sent is worked out here.
 */
export async function startedHelperOf(
  papers: readonly TextPaper[],
  rowOrder: readonly number[],
  helpedFrom = HELPED_FROM,
): Promise<FromAbstractsInTurn> {
  const factsHere = () => abstractFactsOf(papers.map(indexedTextOf));
  if (papers.length < helpedFrom) return { facts: Promise.resolve().then(factsHere) };
  const from = Math.round(papers.length * (1 - HELPER_ROWS));
  const places = rowOrder.slice(from);
  const { port1, port2 } = new MessageChannel();
  // The helper's own thread keeps the process going while it works; a build that fails early leaves no port open.
  port1.unref();
  // Every message is taken as it comes (those that come while the build thread writes wait in `batches`).
  const batches: TextRow[][] = [];
  let ended = false;
  let heard: () => void = () => undefined;
  let startedNow: () => void = () => undefined;
  let factsNow: (facts: AbstractFacts) => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    startedNow = resolve;
  });
  const sent = new Promise<AbstractFacts>((resolve) => {
    factsNow = resolve;
  });
  port1.on("message", (message) => {
    const read = fromHelper.safeParse(message);
    if (!read.success) return;
    const said = read.data;
    if ("started" in said) startedNow();
    else if ("facts" in said) factsNow(said.facts);
    else if ("rows" in said) batches.push(said.rows);
    else ended = true;
    heard();
  });
  const texts = papers.map(({ abstract, title, venue }) => ({ abstract, title, venue }));
  const done = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { papers: texts, places, started: port2 },
    {},
    [port2],
  );
  // Settles only if the helper stops before it is done.
  const failed = done.then(
    () => new Promise<true>(() => undefined),
    () => true as const,
  );
  // A helper that answered had sent its facts before; one that stopped may not have.
  const facts = Promise.race([sent, failed.then(factsHere)]);
  async function* rows(): AsyncGenerator<TextRow[]> {
    let received = 0;
    while (true) {
      const batch = batches.shift();
      if (batch !== undefined) {
        received += batch.length;
        yield batch;
      } else if (ended) break;
      else if (await Promise.race([new Promise<false>((resolve) => (heard = () => resolve(false))), failed]))
        break;
    }
    port1.close();
    // The rows a helper that stopped did not send.
    if (received < places.length) yield textRowsOf(papers, await facts, places.slice(received));
  }
  await Promise.race([started, done.catch(() => undefined)]);
  return { facts, rows: { from, rows: rows() } };
}
