import { type FromAbstracts, fromAbstracts } from "../search/from-abstracts.js";
import { abstractsMessageSchema } from "./build-messages.js";
import { startWorker } from "./start-worker.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The headlines, acronyms, vocabulary and mean length of the abstracts, worked out on a thread of its own (about
 * 9 s at 100,000 papers, alone on a core, against the 10 s the build thread takes to write the rest). Never fails for the helper's sake: a helper that stops or
 * answers nonsense is replaced by working them out here.
 */
export function fromAbstractsInHelper(abstracts: string[], helpedFrom = HELPED_FROM): Promise<FromAbstracts> {
  if (abstracts.length < helpedFrom) return Promise.resolve(fromAbstracts(abstracts));
  return new Promise((resolve) => {
    const worker = startWorker("abstracts-worker", { workerData: { abstracts } });
    let settled = false;
    const settle = (worked?: FromAbstracts) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(worked ?? fromAbstracts(abstracts));
    };
    worker.once("message", (message: unknown) => {
      const parsed = abstractsMessageSchema.safeParse(message);
      if (!parsed.success || parsed.data.headlines.length !== abstracts.length) return settle();
      const { words, papers, headlines, acronyms, lengths } = parsed.data;
      const vocabulary = words.map((word, at): [string, number] => [word, papers[at] ?? 0]);
      settle({ vocabulary, headlines, acronyms, lengths });
    });
    worker.once("error", () => settle());
    worker.once("exit", () => settle());
  });
}
