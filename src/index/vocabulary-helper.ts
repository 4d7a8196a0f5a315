import { type Vocabulary, vocabularyOf } from "../search/store-vocabulary.js";
import { vocabularyMessageSchema } from "./build-messages.js";
import { startWorker } from "./start-worker.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The vocabulary of the abstracts, counted on a thread of its own (3 s at 100,000 papers, beside the 10 s of the
 * rest of the build). Never fails for the helper's sake: a helper that stops or answers nonsense is replaced by
 * counting here.
 */
export function countedInHelper(abstracts: string[], helpedFrom = HELPED_FROM): Promise<Vocabulary> {
  if (abstracts.length < helpedFrom) return Promise.resolve(vocabularyOf(abstracts));
  return new Promise((resolve) => {
    const worker = startWorker("vocabulary-worker", { workerData: { abstracts } });
    let settled = false;
    const settle = (vocabulary?: Vocabulary) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(vocabulary ?? vocabularyOf(abstracts));
    };
    worker.once("message", (message: unknown) => {
      const parsed = vocabularyMessageSchema.safeParse(message);
      if (!parsed.success) return settle();
      const { words, papers } = parsed.data;
      settle(words.map((word, at): [string, number] => [word, papers[at] ?? 0]));
    });
    worker.once("error", () => settle());
    worker.once("exit", () => settle());
  });
}
