import { MessageChannel } from "node:worker_threads";
import { z } from "zod";
import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { indexedTextOf } from "../corpus/indexed-text.js";
import { type TextPaper, textRowsOf } from "../search/index-text.js";
import type { FromAbstractsInTurn } from "../search/store-file.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The share of the text rows the helper works out once it has the headlines and acronyms: the build thread writes
 * every row, its own as it works them out, so the helper takes more (at 100,000 papers the two finish together).
 */
const HELPER_ROWS = 0.55;

const factsSchema = z.object({
  headlines: z.array(z.string()),
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
});
const column = z.string();
const rowsSchema = z.array(
  z.object({ headline: column, stems: column, surface: column, synonyms: column, venue: column }),
);

/**
 * The headlines and acronyms of the papers' abstracts (about 4 s at 100,000 papers alone on a core), then the text
 * rows of the last rows in `rowOrder`, worked out on a thread of its own: the build thread's text rows wait for the
 * first, and it writes the helper's rows after its own. Resolves once the helper has the papers in hand: the caller
 * may then block its own thread (the index's synchronous writes), which a helper still waiting to be handed its
 * task would wait for. Never fails for the helper's sake: a helper that stops is replaced by working it all out here.
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
  const started = new Promise<void>((resolve) => port1.once("message", () => resolve()));
  const sent = new Promise<AbstractFacts>((resolve) =>
    port1.on("message", (message) => {
      const read = z.object({ facts: factsSchema }).safeParse(message);
      if (!read.success) return;
      port1.close();
      resolve(read.data.facts);
    }),
  );
  const texts = papers.map(({ abstract, title, venue }) => ({ abstract, title, venue }));
  const done = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { papers: texts, places, started: port2 },
    {},
    [port2],
  );
  // A helper that answered had sent its facts before; one that stopped may not have.
  const facts = Promise.race([
    sent,
    done.then(
      () => sent,
      () => {
        port1.close();
        return factsHere();
      },
    ),
  ]);
  const rows = done.then(
    (answer) => rowsSchema.parse(answer.rows),
    async () => textRowsOf(papers, await facts, places),
  );
  await Promise.race([started, done.catch(() => undefined)]);
  return { facts, rows: { from, rows } };
}
