import { MessageChannel } from "node:worker_threads";
import { type FromAbstracts, fromAbstracts } from "../search/from-abstracts.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The headlines, acronyms, vocabulary and mean length of the abstracts, worked out on a thread of its own (about
 * 9 s at 100,000 papers, alone on a core, against the 8 s the build thread takes to write the rest). Resolves once
 * the helper has the abstracts in hand: the caller may then block its own thread (the index's synchronous writes),
 * which a helper still waiting to be handed its task would wait for. Never fails for the helper's sake: a helper
 * that stops is replaced by working them out here.
 */
export async function startedHelperOf(
  abstracts: string[],
  helpedFrom = HELPED_FROM,
): Promise<{ facts: Promise<FromAbstracts> }> {
  if (abstracts.length < helpedFrom) return { facts: Promise.resolve(fromAbstracts(abstracts)) };
  const { port1, port2 } = new MessageChannel();
  const started = new Promise<void>((resolve) => port1.once("message", () => resolve()));
  const facts = runOnce<ReturnType<typeof abstractsFacts>>(
    "abstracts-worker",
    { abstracts, started: port2 },
    {},
    [port2],
  ).then(
    ({ words, papers, ...facts }) => {
      const vocabulary = words.map((word, at): [string, number] => [word, papers[at] ?? 0]);
      return { ...facts, vocabulary };
    },
    () => fromAbstracts(abstracts),
  );
  await Promise.race([started, facts]);
  port1.close();
  return { facts };
}

/** startedHelperOf's facts, for callers that do not block their thread meanwhile. */
export async function fromAbstractsInHelper(
  abstracts: string[],
  helpedFrom = HELPED_FROM,
): Promise<FromAbstracts> {
  return (await startedHelperOf(abstracts, helpedFrom)).facts;
}
