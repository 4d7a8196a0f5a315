import { MessageChannel } from "node:worker_threads";
import { z } from "zod";
import { abstractFactsOf } from "../corpus/abstract-facts.js";
import type { FromAbstractsInTurn } from "../search/store-file.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

const factsSchema = z.object({
  headlines: z.array(z.string()),
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
});

/**
 * The headlines and acronyms of the abstracts, worked out on a thread of its own (about 4 s at 100,000 papers alone
 * on a core): the build thread's text rows wait for them. Resolves once the helper has the abstracts in hand: the
 * caller may then block its own thread (the index's synchronous writes), which a helper still waiting to be handed
 * its task would wait for. Never fails for the helper's sake: a helper that stops is replaced by working them out
 * here.
 */
export async function startedHelperOf(
  abstracts: string[],
  helpedFrom = HELPED_FROM,
): Promise<FromAbstractsInTurn> {
  if (abstracts.length < helpedFrom)
    return { facts: Promise.resolve().then(() => abstractFactsOf(abstracts)) };
  const { port1, port2 } = new MessageChannel();
  const started = new Promise<void>((resolve) => port1.once("message", () => resolve()));
  const done = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { abstracts, started: port2 },
    {},
    [port2],
  );
  const facts = done.then(
    (sent) => factsSchema.parse(sent),
    () => abstractFactsOf(abstracts),
  );
  await Promise.race([started, done.catch(() => undefined)]);
  port1.close();
  return { facts };
}
