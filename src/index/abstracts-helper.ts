import { type FromAbstracts, fromAbstracts } from "../search/from-abstracts.js";
import type abstractsFacts from "./abstracts-worker.js";
import { runOnce } from "./workers.js";

/** Below this many papers a helper thread costs more to start (half a second through tsx) than it saves. */
export const HELPED_FROM = 5000;

/**
 * The headlines, acronyms, vocabulary and mean length of the abstracts, worked out on a thread of its own (about
 * 9 s at 100,000 papers, alone on a core, against the 10 s the build thread takes to write the rest). Never fails
 * for the helper's sake: a helper that stops is replaced by working them out here.
 */
export async function fromAbstractsInHelper(
  abstracts: string[],
  helpedFrom = HELPED_FROM,
): Promise<FromAbstracts> {
  if (abstracts.length < helpedFrom) return fromAbstracts(abstracts);
  try {
    const { words, papers, ...facts } = await runOnce<ReturnType<typeof abstractsFacts>>(
      "abstracts-worker",
      abstracts,
    );
    const vocabulary = words.map((word, at): [string, number] => [word, papers[at] ?? 0]);
    return { ...facts, vocabulary };
  } catch {
    return fromAbstracts(abstracts);
  }
}
