import { MessageChannel } from "node:worker_threads";
import { z } from "zod";
import { type AbstractFacts, abstractFactsOf } from "../corpus/abstract-facts.js";
import { type FromAbstractsInTurn, fromAbstractsInLine, wordStatsOf } from "../search/from-abstracts.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

const factsMessage = z.object({
  facts: z.object({
    headlines: z.array(z.string()),
    acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
  }),
});

/**
 * The headlines and acronyms of the abstracts, then their vocabulary, worked out on a thread of its
 * own (about 9 s at 100,000 papers alone on a core, half of it before the headlines are known), each part given as
 * soon as it is: the build thread's text rows wait for the first only. Resolves once
 * the helper has the abstracts in hand: the caller may then block its own thread (the index's synchronous writes),
 * which a helper still waiting to be handed its task would wait for. Never fails for the helper's sake: a helper
 * that stops is replaced by working them out here.
 */
export async function startedHelperOf(
  abstracts: string[],
  helpedFrom = HELPED_FROM,
): Promise<FromAbstractsInTurn> {
  if (abstracts.length < helpedFrom) return fromAbstractsInLine(abstracts);
  const { port1, port2 } = new MessageChannel();
  const started = new Promise<void>((resolve) => port1.once("message", () => resolve()));
  const sent = new Promise<AbstractFacts>((resolve) =>
    port1.on("message", (message) => {
      const read = factsMessage.safeParse(message);
      if (!read.success) return;
      port1.close();
      resolve(read.data.facts);
    }),
  );
  const done = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { abstracts, started: port2 },
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
        return abstractFactsOf(abstracts);
      },
    ),
  ]);
  const wordStats = done.then(
    ({ words, papers }) => ({
      vocabulary: words.map((word, at): [string, number] => [word, papers[at] ?? 0]),
    }),
    () => wordStatsOf(abstracts),
  );
  await Promise.race([started, done.catch(() => undefined)]);
  return { facts, wordStats };
}
